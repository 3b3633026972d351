import type { Store } from '../store';

/**
 * Rows that many concurrent jobs record at about the same moment, written in one transaction: each
 * caller still waits until its own row is committed, so nothing is reported done before it is, but
 * the files whose folder flush finished together (sync/files.ts) pay one commit between them.
 */
export function groupCommit<T, R>(store: Pick<Store, 'transaction'>, apply: (item: T) => R): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    let results: R[];
    try {
      results = store.transaction(() => batch.map((w) => apply(w.item)));
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      // Whatever else finishes in this turn of the event loop joins the same transaction.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ item, resolve, reject });
    });
}
