/** What the store needs from the outside world, passed in so tests can pin time and ids. */
export interface StoreDeps {
  /** Epoch milliseconds. */
  now(): number;
  /** A fresh UUID (idempotency keys, account ids). */
  newId(): string;
}
