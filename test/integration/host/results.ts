import type { BridgeResult } from '../../../shared/bridge/api';

/** A command's value; a failed command fails the test with the whole error, so its kind and fields show. */
export function value<T>(r: BridgeResult<T>): T {
  if (!r.ok) throw new Error(`command failed: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** A command's error, where the test expects a refusal; an answer fails the test with what came back. */
export function failure<T>(r: BridgeResult<T>) {
  if (r.ok) throw new Error(`command answered ${JSON.stringify(r.value)}`);
  return r.error;
}
