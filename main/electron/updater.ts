import type { Logger } from '../core/log';

/** The part of electron-updater's autoUpdater used here. */
export interface UpdaterLike {
  logger: unknown;
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Where updates come from: EINVOICE_UPDATE_FEED, else the `updateFeed` setting; none means no updates. */
export function updateFeed(env: NodeJS.ProcessEnv, stored: unknown): string | null {
  const raw = env.EINVOICE_UPDATE_FEED?.trim() || (typeof stored === 'string' ? stored.trim() : '');
  return raw === '' ? null : raw;
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
  feed: string | null;
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
 * on quit. Off when no feed is configured or the feed is not https.
 */
export function startUpdater(o: UpdaterOptions): { enabled: boolean; check(): Promise<void>; stop(): void } {
  const off = { enabled: false, check: async () => undefined, stop: () => undefined };
  if (!o.feed) {
    o.log.info('updates are off: no update feed is configured (EINVOICE_UPDATE_FEED)');
    return off;
  }
  const problem = feedProblem(o.feed);
  if (problem) {
    o.log.warn(`updates are off: ${problem}`, { feed: o.feed });
    return off;
  }
  const updater = o.updater();
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
