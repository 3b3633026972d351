import { useCallback, useState } from 'react';
import type { BridgeErrorView } from '../../../shared/bridge';
import { toErrorView } from '../../stores/errors';

/** A write the user started: busy while it runs, its failure kept for the notice, the last run kept for "try again". */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [last, setLast] = useState<(() => Promise<void>) | null>(null);
  const run = useCallback(async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setLast(() => fn);
    try {
      await fn();
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  }, []);
  const retry = last ? () => void run(last) : undefined;
  return { busy, error, run, retry, clear: () => setError(null) };
}
