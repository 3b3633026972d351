import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge, BridgeErrorView } from '../../shared/bridge';
import type { AtgMandate } from '../../shared/schemas/atg';
import { toErrorView } from './errors';

export interface MandatesState {
  accountId: string | null;
  query: string;
  status: string;
  page: number;
  perPage: number;
  items: AtgMandate[];
  total: number | null;
  totalPages: number | null;
  /** Whether the KIDs came split into their parts; the service does so only for fewer than 20 results. */
  parsed: 'shown' | 'too-many' | null;
  loading: boolean;
  searched: boolean;
  error: BridgeErrorView | null;
  setAccount(accountId: string | null): void;
  setQuery(query: string): void;
  setStatus(status: string): void;
  search(page?: number): Promise<void>;
}

export function createMandatesStore(bridge: Bridge): StoreApi<MandatesState> {
  let asked = 0;
  return createStore<MandatesState>((set, get) => ({
    accountId: null,
    query: '',
    status: '',
    page: 1,
    perPage: 25,
    items: [],
    total: null,
    totalPages: null,
    parsed: null,
    loading: false,
    searched: false,
    error: null,

    setAccount(accountId) {
      if (accountId !== get().accountId)
        set({ accountId, items: [], total: null, totalPages: null, page: 1, searched: false, error: null });
    },
    setQuery(query) {
      set({ query });
    },
    setStatus(status) {
      set({ status });
    },

    async search(page = 1) {
      const { accountId, query, status, perPage } = get();
      if (!accountId) return;
      const ticket = ++asked;
      set({ loading: true });
      try {
        const answer = await bridge.invoke('norway.mandates.search', {
          accountId,
          page,
          perPage,
          ...(query.trim() ? { query: query.trim() } : {}),
          ...(status ? { status } : {}),
        });
        if (ticket !== asked) return;
        set({
          items: answer.items,
          total: answer.total,
          totalPages: answer.totalPages,
          page: answer.page,
          parsed: answer.parsed,
          searched: true,
          error: null,
        });
      } catch (e) {
        if (ticket === asked) set({ error: toErrorView(e), searched: true });
      } finally {
        if (ticket === asked) set({ loading: false });
      }
    },
  }));
}
