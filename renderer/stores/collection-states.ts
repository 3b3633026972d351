import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../../shared/bridge';
import type { CollectionStateView } from '../../shared/bridge/collection-views';
import { useBridge } from './context';

interface StatesState {
  /** accountId/invoiceId -> its state; null: asked, none. */
  byKey: Record<string, CollectionStateView | null>;
}

interface Loader {
  store: StoreApi<StatesState>;
  wanted: Map<string, Set<string>>;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The Sent list's collection badges: rows ask for their invoice's state, and the asks of one render
 * go as one 'collection.states' per account. One loader per bridge (the app has one), so tests that
 * make their own bridge get their own.
 */
const loaders = new WeakMap<Bridge, Loader>();

function loaderOf(bridge: Bridge): Loader {
  let l = loaders.get(bridge);
  if (!l) {
    l = { store: createStore<StatesState>(() => ({ byKey: {} })), wanted: new Map(), timer: null };
    loaders.set(bridge, l);
  }
  return l;
}

function flush(bridge: Bridge, l: Loader): void {
  l.timer = null;
  const batch = [...l.wanted];
  l.wanted.clear();
  for (const [accountId, ids] of batch) {
    const invoiceIds = [...ids].slice(0, 500);
    bridge
      .invoke('collection.states', { accountId, invoiceIds })
      .then((found) => {
        const next: Record<string, CollectionStateView | null> = {};
        for (const id of invoiceIds) next[`${accountId}/${id}`] = found[id] ?? null;
        l.store.setState((s) => ({ byKey: { ...s.byKey, ...next } }));
      })
      .catch(() => {
        // A badge is a hint: without an answer the row shows none, and the next render asks again.
      });
  }
}

const key = (accountId: string, invoiceId: string) => `${accountId}/${invoiceId}`;

/** A sent invoice's collection state for its list row (undefined while asking, null when none). */
export function useCollectionState(accountId: string | null, invoiceId: string): CollectionStateView | null | undefined {
  const bridge = useBridge();
  const l = loaderOf(bridge);
  const value = useStore(l.store, (s) => (accountId ? s.byKey[key(accountId, invoiceId)] : null));
  useEffect(() => {
    if (!accountId || value !== undefined) return;
    const ids = l.wanted.get(accountId) ?? new Set<string>();
    ids.add(invoiceId);
    l.wanted.set(accountId, ids);
    l.timer ??= setTimeout(() => flush(bridge, l), 30);
  }, [accountId, invoiceId, value, bridge, l]);
  return value;
}

/** After a send or a refresh: the row shows the new state without waiting for a reload. */
export function rememberCollectionState(bridge: Bridge, accountId: string, state: CollectionStateView): void {
  const l = loaderOf(bridge);
  l.store.setState((s) => ({ byKey: { ...s.byKey, [key(accountId, state.invoiceId)]: state } }));
}
