import { createWithdrawableCalls } from '../bridge/withdrawable-calls';

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

/** The socket's reads and withdrawals (`{cancel}`), each read started at the next turn (withdrawable-calls.ts). */
export function createSocketCalls(run: (id: number, name: unknown, input: unknown) => void) {
  const calls = createWithdrawableCalls(run);
  return {
    receive(frame: SocketFrame): void {
      if ('cancel' in frame) calls.withdraw(frame.cancel);
      else calls.start(frame.call, frame.name, frame.input);
    },
    /** Reads received and neither started nor withdrawn (tests). */
    get waiting(): number {
      return calls.waiting;
    },
  };
}
