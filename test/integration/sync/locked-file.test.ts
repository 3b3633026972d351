import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { lockFile } from '../../support/locked-file';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('a file locked by another program', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(sb, await sb.company());
    // What is looked at is the open, not the rules: loading them would be most of the test's time.
    t.engine.setFolderOptions(t.account.id, 'Outbox/Invoices', { validation: 'off' });
  });
  afterAll(async () => t.close());

  it('is shown locked and tried again by itself, while the other file of its folder is sent', async () => {
    const outbox = join(t.root, 'Outbox', 'Invoices');
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(outbox, 'free.xml'));
    await copyFile(join(FIXTURES, 'invoices/en16931-cii/CII_example1.xml'), join(outbox, 'busy.xml'));
    const held = await lockFile(join(outbox, 'busy.xml'));
    try {
      await t.engine.syncOnce();
      expect(await readdir(join(t.root, 'Sent'))).toEqual(['free.xml']);
      const pending = t.engine.doctor.pending(t.account.id);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ file: 'Outbox/Invoices/busy.xml', state: 'locked', reason: held.reason });
      expect(pending[0]?.tries).toBeGreaterThanOrEqual(1);
      expect(pending[0]?.nextTryAt).not.toBeNull();
      // No row for it: nothing was queued, so nothing can be sent twice when it frees.
      expect(t.engine.store.outbox.listByStates(t.account.id, ['queued', 'done']).map((j) => j.filename)).toEqual(['free.xml']);
      // The doctor says so too.
      const report = await t.engine.doctor.run(t.account.id);
      expect(report.findings.find((f) => f.code === 'locked')).toMatchObject({ count: 1, examples: ['Outbox/Invoices/busy.xml'] });
    } finally {
      await held.release();
    }
    // Freed: the runner's own next try for it (its wake-up, no event, no rescan) sends it.
    const sent = t.engine.events.waitFor('sent', (e) => e.file === 'Outbox/Invoices/busy.xml');
    await t.engine.start();
    await sent;
    expect(t.engine.doctor.pending(t.account.id)).toEqual([]);
    expect((await readdir(join(t.root, 'Sent'))).sort()).toEqual(['busy.xml', 'free.xml']);
  });

  it('`cli doctor` says what the folder holds, in words with its codes', async () => {
    await writeFile(join(t.root, 'Failed', 'Note.txt'), 'one');
    await writeFile(join(t.root, 'Failed', 'NOTE.txt'), 'two');
    const text = await runCli(['--data', t.dataDir, 'doctor']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('[case-collision] In Failed, NOTE.txt and Note.txt differ only in case');
  });

  it('a folder chosen inside Dropbox is told at once: a problem on screen and a warning in the activity', async () => {
    const root = join(tempDir('doctor-'), 'Dropbox', 'Acme');
    const heard = t.engine.events.waitFor('problem', (p) => p.accountId === t.account.id && /inside Dropbox/.test(p.message));
    await t.engine.updateAccount(t.account.id, { root });
    await heard;
    const entry = t.engine.store.activity.listLatest(20, t.account.id).find((e) => e.kind === 'doctor.cloud-folder');
    expect(entry).toMatchObject({ level: 'warn', ref: root });
  });
});
