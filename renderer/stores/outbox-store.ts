import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge, BridgeErrorView, CheckProgressView, ListSort, OutboxItemView } from '../../shared/bridge';
import type { PendingFileView } from '../../shared/doctor';
import { toErrorView } from './errors';

/** The outbox table's columns that sort. */
export type OutboxSortKey = 'file' | 'kind' | 'state' | 'delivery' | 'attempts' | 'updated';
export type OutboxSort = ListSort<OutboxSortKey>;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const VALUE: Record<OutboxSortKey, (i: OutboxItemView) => string | number> = {
  file: (i) => i.file,
  kind: (i) => (i.kind === 'invoice' ? '' : i.kind === 'bank_message' ? '~~' : (i.documentType ?? '~')),
  state: (i) => i.state,
  delivery: (i) => i.deliveryStatus ?? '',
  attempts: (i) => i.attempts,
  updated: (i) => Date.parse(i.updatedAt) || 0,
};

/**
 * The outbox in the order asked for, in memory: it holds the open rows and the newest sent ones, a few
 * hundred at most. Without an order, or between equal values, rows stay newest first as main answers.
 */
export function sortOutbox(items: readonly OutboxItemView[], sort: OutboxSort | undefined): OutboxItemView[] {
  const base = [...items].sort((a, b) => b.id - a.id);
  if (!sort) return base;
  const value = VALUE[sort.by];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return base.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
  });
}

export interface OutboxStoreState {
  accountId: string | null;
  items: OutboxItemView[];
  /** Files the hot folders saw that have no row yet, with what each waits for (settling, locked, checking, held). */
  pending: PendingFileView[];
  loading: boolean;
  error: BridgeErrorView | null;
  /** The table's order (sortOutbox); undefined: newest first. */
  sort: OutboxSort | undefined;
  /** The account's files being checked now, before they are queued (kept by `validate.progress` events). */
  checks: CheckProgressView[];
  /** Cancel on a file being checked: its folder's mode then decides (held under block). */
  cancelCheck(id: string): Promise<void>;
  load(accountId: string | null): Promise<void>;
  setSort(sort: OutboxSort | undefined): void;
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
    pending: [],
    loading: false,
    error: null,
    sort: undefined,
    checks: [],

    setSort(sort) {
      set({ sort });
    },

    async load(accountId) {
      if (accountId !== get().accountId) set({ checks: [] });
      set({ accountId, loading: true });
      try {
        // The files without a row and the checks in flight are asked beside the rows; one failing leaves the others shown.
        const [items, pending, checks] = accountId
          ? await Promise.allSettled([
              bridge.invoke('outbox.list', { accountId }),
              bridge.invoke('outbox.pending', { accountId }),
              bridge.invoke('validate.checks', { accountId }),
            ])
          : [];
        if (get().accountId !== accountId) return;
        if (!items || !pending || !checks) {
          set({ items: [], pending: [], checks: [], error: null });
          return;
        }
        // Events that came while the list was read are newer than its checks: those already known stay.
        const known = new Map(get().checks.map((c) => [c.id, c]));
        set({
          ...(items.status === 'fulfilled' ? { items: items.value } : {}),
          ...(pending.status === 'fulfilled' ? { pending: pending.value } : {}),
          ...(checks.status === 'fulfilled' ? { checks: checks.value.map((c) => known.get(c.id) ?? c) } : {}),
          error:
            items.status === 'rejected' ? toErrorView(items.reason) : pending.status === 'rejected' ? toErrorView(pending.reason) : null,
        });
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

    async cancelCheck(id) {
      try {
        await bridge.invoke('validate.cancel', { id });
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
        // A check's progress comes pushed, a few times a second at most: nothing is asked again for it.
        bridge.subscribe('validate.progress', (e) => {
          if (e.accountId === null || e.accountId !== get().accountId) return;
          const { done, ...check } = e;
          const others = get().checks.filter((c) => c.id !== e.id);
          set({ checks: done ? others : [...others, check].sort((a, b) => a.startedAt - b.startedAt) });
        }),
        bridge.subscribe('outbox.pending', reload),
      ];
      return () => {
        for (const off of offs) off();
      };
    },
  }));
}
