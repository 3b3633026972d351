import type { Store } from '../store';

/** How long the first row of a batch waits for others, and how many rows end the wait at once. */
const WINDOW_MS = 4;
const MAX_ROWS = 64;

export interface GroupCommitOptions {
  /**
   * How long the first row waits for others (WINDOW_MS unless given). 0: no wait, only the rows
   * recorded in the same turn of the event loop share a commit; for rows on a path that must not
   * slow down (an upload's settlement holds its sender), where a busy loop still forms batches, as
   * several answers are read in one turn.
   */
  windowMs?: number;
}

/**
 * Rows that many concurrent jobs record at about the same moment, written in one transaction: each
 * caller still waits until its own row is committed, so nothing is reported done before it is, but
 * a mirror pays one commit per few dozen files instead of one each (a commit in WAL mode costs about
 * what a row does, and the checkpoints that follow commits run on the main thread too). Each row is
 * applied in a savepoint of its own: one that fails is undone alone and its caller told, and the
 * others are written. Only a commit that fails, or an error that ends SQLite's transaction, fails them all.
 */
export function groupCommit<T, R>(
  store: Pick<Store, 'transaction' | 'db'>,
  apply: (item: T) => R,
  options: GroupCommitOptions = {},
): (item: T) => Promise<R> {
  const windowMs = options.windowMs ?? WINDOW_MS;
  let waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Immediate | undefined;
  const flush = () => {
    clearTimeout(timer);
    clearImmediate(soon);
    timer = undefined;
    soon = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    let outcomes: ({ ok: true; value: R } | { ok: false; error: unknown })[];
    try {
      outcomes = store.transaction(() =>
        batch.map((w) => {
          try {
            return { ok: true as const, value: store.transaction(() => apply(w.item)) };
          } catch (error) {
            // SQLite ended the whole transaction (a full disk, an I/O error): nothing more is written outside it.
            if (!store.db.inTransaction) throw error;
            return { ok: false as const, error };
          }
        }),
      );
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    for (const [i, w] of batch.entries()) {
      const o = outcomes[i];
      if (o?.ok) w.resolve(o.value);
      else w.reject(o?.error);
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === MAX_ROWS || windowMs === 0) soon ??= setImmediate(flush);
      else timer ??= setTimeout(flush, windowMs);
    });
}

/** Runs a closure in a transaction: at once, or shared with other callers' (sharedTransactions). */
export type Settle = (apply: () => void) => Promise<void>;

/** A Settle whose closures, recorded together, share one commit (groupCommit of the closures themselves). */
export function sharedTransactions(store: Pick<Store, 'transaction' | 'db'>, options: GroupCommitOptions = {}): Settle {
  return groupCommit(store, (apply: () => void) => apply(), options);
}
