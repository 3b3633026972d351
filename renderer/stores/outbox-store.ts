import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge, BridgeErrorView, OutboxItemView } from '../../shared/bridge';
import { toErrorView } from './errors';

export interface OutboxStoreState {
  accountId: string | null;
  items: OutboxItemView[];
  loading: boolean;
  error: BridgeErrorView | null;
  load(accountId: string | null): Promise<void>;
  /** Retry now an item that is waiting (held as a duplicate or backing off). */
  force(id: number): Promise<void>;
  /** "Try again" on a file that waits for the user. */
  retry(id: number): Promise<void>;
  attach(): () => void;
}

export function createOutboxStore(bridge: Bridge): StoreApi<OutboxStoreState> {
  return createStore<OutboxStoreState>((set, get) => ({
    accountId: null,
    items: [],
    loading: false,
    error: null,

    async load(accountId) {
      set({ accountId, loading: true });
      try {
        const items = accountId ? await bridge.invoke('outbox.list', { accountId }) : [];
        if (get().accountId === accountId) set({ items, error: null });
      } catch (e) {
        set({ error: toErrorView(e) });
      } finally {
        set({ loading: false });
      }
    },

    async force(id) {
      try {
        const item = await bridge.invoke('outbox.force', { id });
        set({ items: get().items.map((i) => (i.id === id ? item : i)), error: null });
      } catch (e) {
        set({ error: toErrorView(e) });
      }
    },

    async retry(id) {
      try {
        const item = await bridge.invoke('outbox.retry', { id });
        set({ items: get().items.map((i) => (i.id === id ? item : i)), error: null });
      } catch (e) {
        set({ error: toErrorView(e) });
      }
    },

    attach() {
      // A thousand files dropped at once are a thousand events: one load at a time, and one more after it.
      let again = false;
      const reload = (e: { accountId: string }) => {
        if (e.accountId !== get().accountId) return;
        if (get().loading) {
          again = true;
          return;
        }
        void get()
          .load(e.accountId)
          .then(() => {
            if (!again) return;
            again = false;
            reload(e);
          });
      };
      const offs = [
        bridge.subscribe('item.queued', reload),
        bridge.subscribe('item.sent', reload),
        bridge.subscribe('item.rejected', reload),
        bridge.subscribe('item.delivery', reload),
      ];
      return () => {
        for (const off of offs) off();
      };
    },
  }));
}
