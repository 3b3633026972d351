/** A frame the page sends on the event socket: a read to answer, or a read it no longer wants. */
export type SocketFrame = { call: number; name: unknown; input: unknown } | { cancel: number };

/** The page's frame, or null for anything else (ignored, as any other frame always was). */
export function parseSocketFrame(text: string): SocketFrame | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof msg !== 'object' || msg === null) return null;
  const { call, name, input, cancel } = msg as { call?: unknown; name?: unknown; input?: unknown; cancel?: unknown };
  if (typeof call === 'number' && Number.isSafeInteger(call)) return { call, name, input };
  if (typeof cancel === 'number' && Number.isSafeInteger(cancel)) return { cancel };
  return null;
}

/**
 * The socket's reads, started in the order they came, each at the event loop's next turn rather than
 * as its frame is read. A page typing a search sends each keystroke's page at once and withdraws the
 * one before it (`{cancel}`); while the host works on one query the next few arrive together, and the
 * turn's wait lets their withdrawals land first, so only the newest of them is run. A read already
 * started runs to its end (SQLite's work cannot be interrupted); its answer is still sent, and the
 * page drops it.
 */
export function createSocketCalls(run: (id: number, name: unknown, input: unknown) => void) {
  const waiting = new Set<number>();
  return {
    receive(frame: SocketFrame): void {
      if ('cancel' in frame) {
        waiting.delete(frame.cancel);
        return;
      }
      const { call, name, input } = frame;
      waiting.add(call);
      setImmediate(() => {
        if (waiting.delete(call)) run(call, name, input);
      });
    },
    /** Reads received and neither started nor withdrawn (tests). */
    get waiting(): number {
      return waiting.size;
    },
  };
}
