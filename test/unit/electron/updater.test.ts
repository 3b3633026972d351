import { describe, expect, it } from 'vitest';
import { feedProblem, startUpdater, type UpdaterLike, updateFeed } from '../../../main/electron/updater';
import { recordingLogger } from '../../support/log';

function fakeUpdater() {
  const calls: unknown[] = [];
  const u: UpdaterLike & { calls: unknown[] } = {
    calls,
    logger: null,
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: (o) => calls.push(['feed', o]),
    checkForUpdatesAndNotify: async () => {
      calls.push(['check']);
      return null;
    },
    on: () => undefined,
  };
  return u;
}

function timers() {
  const set: number[] = [];
  let cleared = 0;
  return {
    set,
    cleared: () => cleared,
    setInterval: (_fn: () => void, ms: number) => {
      set.push(ms);
      return {};
    },
    clearInterval: () => {
      cleared++;
    },
  };
}

describe('updates', () => {
  it('takes the feed from EINVOICE_UPDATE_FEED first, then the stored setting', () => {
    expect(updateFeed({ EINVOICE_UPDATE_FEED: ' https://updates.example.com/einvoice ' }, 'https://other')).toBe(
      'https://updates.example.com/einvoice',
    );
    expect(updateFeed({}, 'https://stored.example.com/')).toBe('https://stored.example.com/');
    expect(updateFeed({ EINVOICE_UPDATE_FEED: '' }, undefined)).toBeNull();
    expect(updateFeed({}, 42)).toBeNull();
  });

  it('is off without a feed, and for feeds that are not https', () => {
    for (const feed of [null, 'http://updates.example.com/', 'ftp://x/', 'https://user:pw@updates.example.com/', 'nonsense']) {
      const u = fakeUpdater();
      const t = timers();
      const log = recordingLogger();
      let built = 0;
      const r = startUpdater({
        feed,
        updater: () => {
          built++;
          return u;
        },
        log,
        ...t,
      });
      expect(built).toBe(0);
      expect(r.enabled, String(feed)).toBe(false);
      expect(u.calls).toEqual([]);
      expect(t.set).toEqual([]);
      expect(log.lines[0]?.msg).toMatch(/^updates are off/);
    }
    expect(feedProblem('http://127.0.0.1:8080/feed')).toBeNull();
  });

  it('checks the generic feed at start and every six hours, downloading and installing on quit', async () => {
    const u = fakeUpdater();
    const t = timers();
    const r = startUpdater({ feed: 'https://updates.example.com/einvoice', updater: () => u, log: recordingLogger(), ...t });
    expect(r.enabled).toBe(true);
    expect(u.calls).toEqual([['feed', { provider: 'generic', url: 'https://updates.example.com/einvoice' }], ['check']]);
    expect(u.autoDownload).toBe(true);
    expect(u.autoInstallOnAppQuit).toBe(true);
    expect(t.set).toEqual([6 * 3_600_000]);
    await r.check();
    expect(u.calls).toHaveLength(3);
    r.stop();
    expect(t.cleared()).toBe(1);
  });

  it('logs a failed check instead of failing', async () => {
    const u = fakeUpdater();
    u.checkForUpdatesAndNotify = async () => {
      throw new Error('offline');
    };
    const log = recordingLogger();
    const r = startUpdater({ feed: 'https://updates.example.com/', updater: () => u, log, ...timers() });
    await r.check();
    expect(log.lines.filter((l) => l.msg === 'update check failed').map((l) => l.fields.error)).toEqual(['offline', 'offline']);
  });
});
