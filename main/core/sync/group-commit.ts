import type { Store } from '../store';

/** How long the first row of a batch waits for others, and how many rows end the wait at once. */
const WINDOW_MS = 4;
const MAX_ROWS = 64;

/**
 * Rows that many concurrent jobs record at about the same moment, written in one transaction: each
 * caller still waits until its own row is committed, so nothing is reported done before it is, but
 * a mirror pays one commit per few dozen files instead of one each (a commit in WAL mode costs about
 * what a row does, and the checkpoints that follow commits run on the main thread too).
 */
export function groupCommit<T, R>(store: Pick<Store, 'transaction'>, apply: (item: T) => R): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
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
      waiting.push({ item, resolve, reject });
      if (waiting.length === MAX_ROWS) setImmediate(flush);
      else timer ??= setTimeout(flush, WINDOW_MS);
    });
}
