// Whether an account is up to date, and if not why, since when and what to do: the one derivation the
// Overview's card (or table row), the tray, `status` and "Needs a person" all show, so they cannot
// disagree. Pure: the engine gathers the facts (its store and its runners), this decides.

import type { SyncState } from './bridge/views';

/** The lists a poll asks the service for; each must have answered lately for the account to be up to date. */
export const FEEDS = ['receivedInvoices', 'sentInvoices', 'receivedDocuments', 'sentDocuments', 'bankMessages'] as const;
export type FeedName = (typeof FEEDS)[number];

/** One feed's last answers, as the engine keeps them (epoch ms). */
export interface FeedRecord {
  okAt: number | null;
  failedAt: number | null;
  /** The last failure in the engine's words, while the feed fails. */
  error: string | null;
}

/** Why the API key cannot be read: not in the key store at all, or the store refused (no passphrase, locked keychain). */
export type KeysReason = 'missing' | 'store';

/** Everything the derivation looks at, for one account. Times are epoch ms. */
export interface HealthFacts {
  now: number;
  createdAt: number;
  pollIntervalS: number;
  paused: boolean;
  /** The live state of the account's sync in this process; null where none runs here (`status` beside the engine). */
  runner: { state: SyncState; message: string | null } | null;
  /** Each feed's last answers; null when the engine has kept none yet (then `lastPollAt` stands in). */
  feeds: Partial<Record<FeedName, FeedRecord>> | null;
  lastPollAt: number | null;
  keys: { reason: KeysReason; since: number; detail: string } | null;
  root: { since: number; detail: string } | null;
  /** Folders that take no writes now (a full disk, a read-only Inbox). */
  localFaults: { since: number; detail: string }[];
  /** The rule sets a `block` folder checks with cannot be loaded: its invoices wait (absent: none known). */
  rules?: { since: number; detail: string } | null;
  /** Uploads not sent yet (queued or on their way): how many, the oldest, and the last answer one of them had. */
  unsent: { count: number; oldestAt: number | null; overdue: number; lastError: string | null };
  /** Uploads that wait for the user after their tries (or a refusal only the user can answer). */
  uploadsGivenUp: { count: number; since: number | null; lastError: string | null };
  downloadsGivenUp: { count: number; since: number | null };
}

export type HealthProblemKind =
  | 'keysUnreadable'
  | 'rootMissing'
  | 'diskWaiting'
  | 'rulesMissing'
  | 'downloadsGivenUp'
  | 'uploadsGivenUp'
  | 'syncStopped'
  | 'serviceBehind'
  | 'uploadOverdue'
  | 'retrying';

export interface HealthProblem {
  kind: HealthProblemKind;
  /** Since when it holds (ISO), where known. */
  since: string | null;
  /** How many files it concerns, for the kinds that count files. */
  count: number | null;
  /** serviceBehind: the feeds not answered lately (all of them: the service as a whole). */
  feeds: FeedName[];
  /** keysUnreadable: why. */
  reason: KeysReason | null;
  /** The engine's own words (English, may name a folder or an answer): for a "Details" fold. */
  detail: string | null;
  /** Listed under "Needs a person": everything but a passing retry the app handles itself. */
  forPerson: boolean;
}

export interface AccountHealth {
  /** What the badge says: `idle` ("Up to date") only when `upToDate`. */
  state: SyncState;
  upToDate: boolean;
  /** What keeps it from being up to date, the one to act on first first. */
  problems: HealthProblem[];
  /** When every feed last answered: the oldest of their last successes (null: one never did). */
  lastSuccessAt: string | null;
  /** When time alone changes this answer (a feed going stale, an upload becoming overdue); null: never. */
  recheckAt: string | null;
}

/** Kinds only a person can clear: the badge says "Needs you" for them, whatever else is going on. */
export const NEEDS_USER: ReadonlySet<HealthProblemKind> = new Set([
  'keysUnreadable',
  'rootMissing',
  'diskWaiting',
  'rulesMissing',
  'downloadsGivenUp',
  'uploadsGivenUp',
  'syncStopped',
]);

/** How long a feed may go without an answer, and an upload unsent, before the account is behind: two poll intervals. */
export const graceMs = (pollIntervalS: number): number => 2 * pollIntervalS * 1000;

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

function problem(kind: HealthProblemKind, since: number | null, o: Partial<HealthProblem> = {}): HealthProblem {
  return { kind, since: iso(since), count: null, feeds: [], reason: null, detail: null, forPerson: kind !== 'retrying', ...o };
}

/** The account's health from its facts. */
export function accountHealth(f: HealthFacts): AccountHealth {
  const grace = graceMs(f.pollIntervalS);
  const problems: HealthProblem[] = [];
  const rechecks: number[] = [];
  const syncing = f.runner?.state === 'syncing';

  if (f.keys) problems.push(problem('keysUnreadable', f.keys.since, { reason: f.keys.reason, detail: f.keys.detail }));
  if (f.root) problems.push(problem('rootMissing', f.root.since, { detail: f.root.detail }));
  for (const fault of f.localFaults) problems.push(problem('diskWaiting', fault.since, { detail: fault.detail }));
  if (f.rules) problems.push(problem('rulesMissing', f.rules.since, { detail: f.rules.detail }));
  if (f.downloadsGivenUp.count > 0)
    problems.push(problem('downloadsGivenUp', f.downloadsGivenUp.since, { count: f.downloadsGivenUp.count }));
  if (f.uploadsGivenUp.count > 0)
    problems.push(problem('uploadsGivenUp', f.uploadsGivenUp.since, { count: f.uploadsGivenUp.count, detail: f.uploadsGivenUp.lastError }));

  // Keys that cannot be read and a root that is gone stop everything: feeds and uploads waiting on them
  // are their consequence, not a second thing to act on. A paused account waits by the user's choice.
  const blocked = f.keys !== null || f.root !== null;
  let firstPoll = false;
  if (!blocked && !f.paused) {
    const stale: FeedName[] = [];
    let staleSince = Number.POSITIVE_INFINITY;
    let staleError: string | null = null;
    for (const feed of FEEDS) {
      const rec = f.feeds?.[feed];
      const ok = rec ? rec.okAt : f.feeds === null ? f.lastPollAt : null;
      if (ok !== null && f.now - ok <= grace) {
        rechecks.push(ok + grace);
        continue;
      }
      if (ok === null && (f.now - f.createdAt <= grace || syncing)) {
        // The first poll is still to come or under way (a first mirror can take a while): not behind yet.
        firstPoll = true;
        rechecks.push(f.createdAt + grace);
        continue;
      }
      stale.push(feed);
      staleSince = Math.min(staleSince, ok ?? f.createdAt);
      staleError ??= rec?.error ?? null;
    }
    if (stale.length > 0) problems.push(problem('serviceBehind', staleSince, { feeds: stale, detail: staleError }));

    const u = f.unsent;
    if (u.overdue > 0 && u.oldestAt !== null) {
      problems.push(problem('uploadOverdue', u.oldestAt, { count: u.overdue, detail: u.lastError }));
    } else if (u.oldestAt !== null) {
      rechecks.push(u.oldestAt + grace);
    }
  }

  // What the runner last said, when nothing above explains it already.
  if (problems.length === 0 && f.runner?.state === 'needs_user') problems.push(problem('syncStopped', null, { detail: f.runner.message }));
  if (problems.length === 0 && f.runner?.state === 'offline') problems.push(problem('retrying', null, { detail: f.runner.message }));

  const state: SyncState = f.paused
    ? 'paused'
    : problems.some((p) => NEEDS_USER.has(p.kind))
      ? 'needs_user'
      : // Trying again and again against a service that does not answer is not syncing: it is behind.
        problems.some((p) => p.kind === 'serviceBehind')
        ? 'offline'
        : syncing
          ? 'syncing'
          : problems.length > 0
            ? 'offline'
            : firstPoll
              ? 'syncing'
              : 'idle';

  let lastSuccess: number | null = Number.POSITIVE_INFINITY;
  for (const feed of FEEDS) {
    const ok = f.feeds ? (f.feeds[feed]?.okAt ?? null) : f.lastPollAt;
    lastSuccess = ok === null || lastSuccess === null ? null : Math.min(lastSuccess, ok);
  }
  const future = rechecks.filter((t) => t > f.now);
  return {
    state,
    upToDate: state === 'idle',
    problems,
    lastSuccessAt: lastSuccess === null || !Number.isFinite(lastSuccess) ? null : iso(lastSuccess),
    recheckAt: future.length > 0 ? iso(Math.min(...future)) : null,
  };
}

/** The feeds in plain English (the command line and the tray; the UI has them in its catalogs). */
export const FEED_WORDS: Record<FeedName, string> = {
  receivedInvoices: 'received invoices',
  sentInvoices: 'sent invoices',
  receivedDocuments: 'received documents',
  sentDocuments: 'sent documents',
  bankMessages: 'bank messages',
};

/**
 * One problem in plain English, for the command line and the tray (the UI words it in the user's
 * language from its catalogs): what holds, and what to do.
 */
export function problemWords(p: HealthProblem): { what: string; todo: string } {
  const n = p.count ?? 0;
  const files = (one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  switch (p.kind) {
    case 'keysUnreadable':
      return p.reason === 'missing'
        ? {
            what: 'its API key is not in the key store',
            todo: 'remove the account and add it again with its API key (the files in its folder stay)',
          }
        : {
            what: 'its API key cannot be read',
            todo: 'give the app its key store (the encrypted key file: start the app with EINVOICE_SECRETS_PASSPHRASE set to its passphrase; the system keychain: unlock it), then choose Sync now',
          };
    case 'rootMissing':
      return { what: 'its folder is not there', todo: 'connect the drive or share again; syncing goes on by itself' };
    case 'diskWaiting':
      return { what: 'files cannot be written', todo: 'free some space or connect the disk again; the app tries again by itself' };
    case 'rulesMissing':
      return {
        what: 'invoices wait in the Outbox, neither sent nor failed, until they can be checked',
        todo: 'the rule sets that check them could not be loaded (the details say where they were looked for); the invoices go out by themselves once they load',
      };
    case 'downloadsGivenUp':
      return {
        what: `${files('received file was', 'received files were')} given up after their tries`,
        todo: 'fetch them again (`fetch-again`, or "Fetch all again" on its card)',
      };
    case 'uploadsGivenUp':
      return {
        what: `${files('file to send waits', 'files to send wait')} for you`,
        todo: 'see why in the Outbox list, then choose "Try again"',
      };
    case 'syncStopped':
      return { what: 'syncing stopped', todo: 'fix what the details say, then choose Sync now' };
    case 'serviceBehind': {
      const all = p.feeds.length === FEEDS.length;
      return {
        what: all ? 'nothing could be fetched from the service' : `not fetched: ${p.feeds.map((f) => FEED_WORDS[f]).join(', ')}`,
        todo: "the app keeps trying; check this computer's connection, and if it lasts, whether the service is down",
      };
    }
    case 'uploadOverdue':
      return {
        what: `${files('file in the Outbox is', 'files in the Outbox are')} not sent yet`,
        todo: 'the app keeps trying; the details say what the service answered last',
      };
    case 'retrying':
      return { what: 'the last sync met a problem', todo: 'nothing, unless it lasts: the app tries again by itself' };
  }
}
