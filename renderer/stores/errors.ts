import type { BridgeErrorView } from '../../shared/bridge';
import { BridgeError } from '../../shared/bridge/api';

/** Whatever a command threw, as the view the UI shows. */
export function toErrorView(e: unknown): BridgeErrorView {
  if (e instanceof BridgeError) return e.view;
  return { message: e instanceof Error ? e.message : String(e), kind: 'internal' };
}
