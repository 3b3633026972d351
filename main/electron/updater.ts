import type { Logger } from '../core/log';

/** The part of electron-updater's autoUpdater used here. */
export interface UpdaterLike {
  logger: unknown;
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  /** NsisUpdater's (Windows only): returns null when the file is signed by one of the names, else why not. */
  verifyUpdateCodeSignature?: VerifySignature;
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

type VerifySignature = (publisherNames: string[], path: string) => Promise<string | null>;

/**
 * Why Windows updates would install unchecked, or null. electron-updater 6 checks an update's
 * Authenticode signature only when app-update.yml (written by electron-builder) names a publisher,
 * and skips the check silently when it names none or says `verifyUpdateCodeSignature: false`: such
 * a build gets no updates at all rather than unsigned ones.
 */
export function windowsSignatureProblem(appUpdateYml: string | null, publishers: readonly string[]): string | null {
  if (publishers.length === 0) return 'this build names no publisher to check updates against';
  if (appUpdateYml === null) return 'app-update.yml is missing, so electron-updater would not check signatures';
  if (!/^publisherName:/m.test(appUpdateYml)) return 'app-update.yml names no publisher, so electron-updater would not check signatures';
  if (/^verifyUpdateCodeSignature:\s*false\b/m.test(appUpdateYml)) return 'app-update.yml turns the signature check off';
  return null;
}

/** Why a feed address is refused, or null. Updates are code: only https, or a loopback test server. */
export function feedProblem(feed: string): string | null {
  let u: URL;
  try {
    u = new URL(feed);
  } catch {
    return 'the update feed is not an address';
  }
  if (u.username || u.password) return 'the update feed address may not carry a user name or password';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost')) return null;
  return 'the update feed must be an https address';
}

export interface UpdaterOptions {
  /** UPDATE_FEED of a packaged app (update-source.ts), null when run from a checkout. */
  feed: string | null;
  /** Windows: the publishers an update must be signed by, and the text of app-update.yml (null: none). */
  windows?: { publishers: readonly string[]; appUpdateYml: string | null };
  /** Asked for only when updates are on. */
  updater: () => UpdaterLike;
  log: Logger;
  /** Hours between checks (6 by default). */
  everyHours?: number;
  setInterval: (fn: () => void, ms: number) => { unref?(): void };
  clearInterval: (handle: { unref?(): void }) => void;
}

/**
 * Checks the generic feed (electron-builder's latest.yml files on any static server) at start and
 * every few hours; electron-updater downloads in the background, verifies the signature and installs
 * on quit. Off when the build has no feed, the feed is not https, or (Windows) the signature would not
 * be checked.
 */
export function startUpdater(o: UpdaterOptions): { enabled: boolean; check(): Promise<void>; stop(): void } {
  const off = { enabled: false, check: async () => undefined, stop: () => undefined };
  if (!o.feed) {
    o.log.info('updates are off: this build has no update feed');
    return off;
  }
  const problem = feedProblem(o.feed);
  if (problem) {
    o.log.warn(`updates are off: ${problem}`, { feed: o.feed });
    return off;
  }
  const unsigned = o.windows ? windowsSignatureProblem(o.windows.appUpdateYml, o.windows.publishers) : null;
  if (unsigned) {
    o.log.warn(`updates are off: ${unsigned}`);
    return off;
  }
  const updater = o.updater();
  const verify = updater.verifyUpdateCodeSignature;
  if (o.windows && verify) {
    // The names built into the app decide, not the ones in app-update.yml, a file beside the app.
    const publishers = [...o.windows.publishers];
    updater.verifyUpdateCodeSignature = (_fromDisk, path) => verify(publishers, path);
  }
  updater.logger = {
    info: (m: unknown) => o.log.info(String(m)),
    warn: (m: unknown) => o.log.warn(String(m)),
    error: (m: unknown) => o.log.error(String(m)),
  };
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.setFeedURL({ provider: 'generic', url: o.feed });
  updater.on('error', (e) => o.log.warn('update check failed', { error: e.message }));
  const check = async () => {
    try {
      await updater.checkForUpdatesAndNotify();
    } catch (e) {
      o.log.warn('update check failed', { error: (e as Error).message });
    }
  };
  const timer = o.setInterval(() => void check(), (o.everyHours ?? 6) * 3_600_000);
  timer.unref?.();
  void check();
  return { enabled: true, check, stop: () => o.clearInterval(timer) };
}
