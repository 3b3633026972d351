import { describe, expect, it } from 'vitest';
import { damagedDialog, offerWaysOut } from '../../../main/electron/damaged-dialog';
import { recordingLogger } from '../../support/log';

describe('the damaged-database dialog', () => {
  it('offers restore only when there is a backup, and quit as its cancel', () => {
    const none = damagedDialog('damaged', null);
    expect(none.ways).toEqual(['rebuild', 'quit']);
    expect(none.cancelId).toBe(1);
    const some = damagedDialog('damaged', Date.UTC(2026, 11, 1, 9, 30));
    expect(some.ways).toEqual(['restore', 'rebuild', 'quit']);
    expect(some.buttons[0]).toMatch(/^Restore the backup of .*2026/);
    expect(some.cancelId).toBe(2);
  });

  it('comes back with why a way failed and offers the other; quit ends it', async () => {
    const tried: string[] = [];
    const shown: string[] = [];
    const engine = {
      damaged: { backupAt: 1 } as { backupAt: number | null } | null,
      async repair(way: 'restore' | 'rebuild') {
        tried.push(way);
        if (way === 'restore') throw new Error('No backup passed its check');
        engine.damaged = null;
      },
    };
    const answers = [0, 1];
    const ok = await offerWaysOut('first', {
      engine,
      log: recordingLogger(),
      show: async (d) => {
        shown.push(d.detail.split('\n')[0] ?? '');
        return answers.shift() ?? d.cancelId;
      },
    });
    expect(ok).toBe(true);
    expect(tried).toEqual(['restore', 'rebuild']);
    expect(shown).toEqual(['first', 'No backup passed its check']);
    const quit = await offerWaysOut('again', {
      engine: { damaged: { backupAt: null }, repair: async () => undefined },
      log: recordingLogger(),
      show: async (d) => d.cancelId,
    });
    expect(quit).toBe(false);
  });
});
