import { useCallback, useEffect, useRef, useState } from 'react';
import type { BridgeErrorView, CommandInput, CommandName, CommandOutput } from '../../shared/bridge';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';

export interface CommandState<T> {
  data: T | null;
  error: BridgeErrorView | null;
  loading: boolean;
  reload(): void;
  /**
   * Replaces the data without asking (after a save answered the new value). An answer still on its way
   * was asked before the save, so it is dropped instead of putting the old value back.
   */
  setData(data: T): void;
}

/**
 * Runs a read command when its input changes (null input: nothing to ask yet) and keeps its answer.
 * An answer to an input that is no longer current is dropped.
 */
export function useCommand<K extends CommandName>(name: K, input: CommandInput<K> | null): CommandState<CommandOutput<K>> {
  const bridge = useBridge();
  const [data, setData] = useState<CommandOutput<K> | null>(null);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const key = input === null ? null : JSON.stringify(input);
  const ticket = useRef(0);

  // `round` is how reload() asks again for the same input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (key === null) return;
    const mine = ++ticket.current;
    setLoading(true);
    bridge
      .invoke(name, JSON.parse(key) as CommandInput<K>)
      .then((value) => {
        if (mine !== ticket.current) return;
        setData(value);
        setError(null);
      })
      .catch((e: unknown) => {
        if (mine === ticket.current) setError(toErrorView(e));
      })
      .finally(() => {
        if (mine === ticket.current) setLoading(false);
      });
  }, [bridge, name, key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const replace = useCallback((value: CommandOutput<K>) => {
    ticket.current++;
    setLoading(false);
    setError(null);
    setData(value);
  }, []);
  return { data, error, loading, reload, setData: replace };
}
