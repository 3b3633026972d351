import type { Store } from './index';

/**
 * The methods of each repository that change the database: the writer's alone (Signal Desktop's
 * DataReader/DataWriter split). The engine and its sync keep the whole store; the bridge and the
 * hosts get the reader, which has none of these, and ask the engine for every change.
 */
const WRITES = {
  accounts: ['create', 'update', 'remove'],
  // listWatched first clears the watches that have run out: a write, though it answers a list.
  outbox: ['insert', 'transition', 'recordAttempt', 'releaseHeld', 'setWatch', 'listWatched'],
  folderOptions: ['set', 'remove'],
  invoiceAnswers: ['record', 'markWritten', 'putResponse', 'relink'],
  invoices: ['upsert', 'setHandled', 'setDetect', 'touch'],
  invoiceFiles: downloadWrites(),
  documents: ['upsert', 'touch', 'addEvent'],
  documentFiles: downloadWrites(),
  bankMessages: [...downloadWrites(), 'markDeleteQueued', 'setMessageType'],
  cursors: ['set', 'clear'],
  jobs: [
    'enqueue',
    'requeue',
    'setData',
    'claim',
    'succeed',
    'rearm',
    'retry',
    'holdForUser',
    'fail',
    'failUnread',
    'release',
    'recover',
    'releaseHeld',
  ],
  validationReports: ['put'],
  collection: ['save', 'saveEvents', 'markSeen'],
  duplicates: ['setNotDuplicate'],
  takeovers: ['save'],
  activity: ['append', 'prune'],
} as const satisfies { [K in keyof Store]?: readonly (keyof Store[K])[] };

function downloadWrites() {
  return [
    'enqueue',
    'markDone',
    'markRetry',
    'markFailed',
    'holdForUser',
    'releaseHeld',
    'markMissing',
    'requeue',
    'planMove',
    'finishMove',
    'cancelMove',
    'markVerified',
    'refetch',
    'fetchAgain',
  ] as const;
}

type Writes = typeof WRITES;
/** The store's parts that are neither a repository nor a way to write (the raw connection, transactions, close). */
type WriterOnly = 'db' | 'transaction' | 'durableTransaction' | 'close';

/** What the bridge and the hosts may read: every repository without its writing methods. */
export type StoreReader = {
  readonly [K in Exclude<keyof Store, WriterOnly>]: K extends keyof Writes ? Omit<Store[K], Writes[K][number]> : Store[K];
};

/** The reader of `store`: a separate object, so that a cast cannot reach a writing method through it. */
export function readerOf(store: Store): StoreReader {
  const out: Record<string, unknown> = {};
  for (const [name, repo] of Object.entries(store)) {
    if (name === 'file') out.file = repo;
    if (name === 'db' || typeof repo !== 'object' || repo === null) continue;
    const writes: readonly string[] = (WRITES as Record<string, readonly string[]>)[name] ?? [];
    out[name] = Object.freeze(Object.fromEntries(Object.entries(repo).filter(([k]) => !writes.includes(k))));
  }
  return Object.freeze(out) as StoreReader;
}
