import { describe, expect, it } from 'vitest';
import { feedProblem, startUpdater, type UpdaterLike } from '../../../main/electron/updater';
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

  const SIGNED_YML = 'owner: x\npublisherName:\n  - E-Invoice Sync\nprovider: generic\nurl: https://updates.example.com/\n';

  it('is off on Windows when electron-updater would skip the signature check (no publisher, or the check turned off)', () => {
    for (const appUpdateYml of [
      null,
      'provider: generic\nurl: https://updates.example.com/\n',
      `${SIGNED_YML}verifyUpdateCodeSignature: false\n`,
    ]) {
      const u = fakeUpdater();
      const log = recordingLogger();
      const r = startUpdater({
        feed: 'https://updates.example.com/',
        windows: { publishers: ['E-Invoice Sync'], appUpdateYml },
        updater: () => u,
        log,
        ...timers(),
      });
      expect(r.enabled, String(appUpdateYml)).toBe(false);
      expect(u.calls).toEqual([]);
      expect(log.lines[0]?.msg).toMatch(/^updates are off: .*(signature|publisher)/);
    }
    const none = startUpdater({
      feed: 'https://u.example.com/',
      windows: { publishers: [], appUpdateYml: SIGNED_YML },
      updater: fakeUpdater,
      log: recordingLogger(),
      ...timers(),
    });
    expect(none.enabled).toBe(false);
  });

  it('checks a Windows update against the publishers built in, not the names in app-update.yml', async () => {
    const u = fakeUpdater();
    const asked: string[][] = [];
    u.verifyUpdateCodeSignature = async (names) => {
      asked.push(names);
      return names.includes('E-Invoice Sync') ? null : 'not signed by the application owner';
    };
    const r = startUpdater({
      feed: 'https://updates.example.com/',
      windows: { publishers: ['E-Invoice Sync'], appUpdateYml: SIGNED_YML },
      updater: () => u,
      log: recordingLogger(),
      ...timers(),
    });
    expect(r.enabled).toBe(true);
    expect(await u.verifyUpdateCodeSignature?.(['Someone Else'], 'C:/tmp/update.exe')).toBeNull();
    expect(asked).toEqual([['E-Invoice Sync']]);
  });
});
