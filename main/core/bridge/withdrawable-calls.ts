/**
 * A transport's reads, started in the order they came, each at the event loop's next turn rather than
 * as its message is read. A page typing a search sends each keystroke's page at once and withdraws the
 * one before it; while the engine works on one query the next few arrive together, and the turn's
 * wait lets their withdrawals land first, so only the newest of them is run. A read already started
 * runs to its end (SQLite's work cannot be interrupted). The headless page's socket and the desktop
 * app's IPC both take their calls through one of these.
 */
export function createWithdrawableCalls(run: (id: number, name: unknown, input: unknown) => void) {
  const waiting = new Set<number>();
  return {
    start(id: number, name: unknown, input: unknown): void {
      waiting.add(id);
      setImmediate(() => {
        if (waiting.delete(id)) run(id, name, input);
      });
    },
    /** Answers whether the call was still waiting (and now never runs). */
    withdraw(id: number): boolean {
      return waiting.delete(id);
    },
    /** Calls received and neither started nor withdrawn (tests). */
    get waiting(): number {
      return waiting.size;
    },
  };
}
