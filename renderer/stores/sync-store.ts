import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HealthProblem } from '../../shared/account-health';
import type { AccountStatusView, ActivityView, Bridge, BridgeErrorView, BridgeEvents, GivenUpFileView } from '../../shared/bridge';
import { toErrorView } from './errors';

export type Progress = BridgeEvents['sync.progress'];
export type Problem = BridgeEvents['problem'] & { id: number; at: number };

const MAX_ACTIVITY = 200;
const MAX_PROBLEMS = 20;

export interface SyncStoreState {
  statuses: AccountStatusView[];
  /** Long work per account (first mirror, big drops); gone when it is done. */
  progress: Record<string, Progress>;
  activity: ActivityView[];
  problems: Problem[];
  error: BridgeErrorView | null;
  /** Account ids with a "Sync now" or pause on its way. */
  busy: Record<string, boolean>;
  /** Per account, its received files given up after their tries, once asked for. */
  givenUp: Record<string, GivenUpFileView[]>;
  /** Per account, what kept its last "Sync now" from starting (its key cannot be read, its folder is gone). */
  blocked: Record<string, HealthProblem>;

  /**
   * Asks for every account's status. With `ifOlderThanMs`, only when no answer that recent has come
   * (or is on its way): a page opening asks that way, and the window has just asked.
   */
  refresh(opts?: Fresh): Promise<void>;
  loadActivity(accountId?: string, opts?: Fresh): Promise<void>;
  syncNow(accountId: string): Promise<void>;
  setPaused(accountId: string, paused: boolean): Promise<void>;
  loadGivenUp(accountId: string): Promise<void>;
  /** Fetches again one given-up file of the account, or every one. */
  fetchAgain(accountId: string, file?: Pick<GivenUpFileView, 'table' | 'jobId'>): Promise<void>;
  dismissProblem(id: number): void;
  /** Follows the pushed events; answers the unsubscribe. */
  attach(): () => void;
}

export interface Fresh {
  ifOlderThanMs?: number;
}

export function createSyncStore(bridge: Bridge, now: () => number): StoreApi<SyncStoreState> {
  let refreshing = false;
  let again = false;
  let problemSeq = 0;
  // The health of an account changes with time alone (a feed going stale): asked again when the first would.
  let recheck: ReturnType<typeof setTimeout> | null = null;
  // When the newest status and activity that answered, or are on their way, were asked; a failed ask
  // leaves nothing fresh behind.
  let statusAskedAt = Number.NEGATIVE_INFINITY;
  let activityAsked = { key: '', at: Number.NEGATIVE_INFINITY };
  const recent = (at: number, opts?: Fresh) => {
    if (opts?.ifOlderThanMs === undefined) return false;
    // Wall time: a clock set back makes the age negative, which asks again rather than never.
    const age = now() - at;
    return age >= 0 && age < opts.ifOlderThanMs;
  };

  return createStore<SyncStoreState>((set, get) => {
    const recheckAt = (statuses: AccountStatusView[]) => {
      if (recheck) clearTimeout(recheck);
      recheck = null;
      const times = statuses.flatMap((s) => (s.health?.recheckAt ? [Date.parse(s.health.recheckAt)] : []));
      if (times.length === 0) return;
      recheck = setTimeout(() => void get().refresh(), Math.max(0, Math.min(...times) - now()) + 250);
    };

    const withBusy = async (accountId: string, work: () => Promise<unknown>) => {
      set({ busy: { ...get().busy, [accountId]: true } });
      try {
        await work();
        set({ error: null });
      } catch (e) {
        set({ error: toErrorView(e) });
      } finally {
        set({ busy: { ...get().busy, [accountId]: false } });
      }
      await get().refresh();
    };

    return {
      statuses: [],
      progress: {},
      activity: [],
      problems: [],
      error: null,
      busy: {},
      givenUp: {},
      blocked: {},

      // Events come in bursts (a big drop sends hundreds): one refresh runs at a time, and
      // whatever arrived meanwhile is covered by one more.
      async refresh(opts) {
        if (recent(statusAskedAt, opts)) return;
        if (refreshing) {
          again = true;
          return;
        }
        refreshing = true;
        try {
          do {
            again = false;
            statusAskedAt = now();
            try {
              const statuses = await bridge.invoke('sync.status', {});
              set({ statuses, error: null });
              recheckAt(statuses);
            } catch (e) {
              statusAskedAt = Number.NEGATIVE_INFINITY;
              set({ error: toErrorView(e) });
            }
          } while (again);
        } finally {
          refreshing = false;
        }
      },

      async loadActivity(accountId, opts) {
        const key = accountId ?? '';
        if (activityAsked.key === key && recent(activityAsked.at, opts)) return;
        const asked = { key, at: now() };
        activityAsked = asked;
        try {
          set({ activity: await bridge.invoke('activity.list', { ...(accountId ? { accountId } : {}), limit: 100 }) });
        } catch (e) {
          if (activityAsked === asked) activityAsked = { key: '', at: Number.NEGATIVE_INFINITY };
          set({ error: toErrorView(e) });
        }
      },

      syncNow(accountId) {
        return withBusy(accountId, async () => {
          const r = await bridge.invoke('sync.now', { accountId });
          const { [accountId]: _was, ...blocked } = get().blocked;
          set({ blocked: r.started ? blocked : { ...blocked, [accountId]: r.problem } });
        });
      },
      setPaused(accountId, paused) {
        return withBusy(accountId, () => bridge.invoke('accounts.update', { accountId, paused }));
      },
      async loadGivenUp(accountId) {
        try {
          set({ givenUp: { ...get().givenUp, [accountId]: await bridge.invoke('downloads.givenUp', { accountId }) } });
        } catch (e) {
          set({ error: toErrorView(e) });
        }
      },
      fetchAgain(accountId, file) {
        return withBusy(accountId, async () => {
          await bridge.invoke('downloads.fetchAgain', { accountId, ...(file ? { file: { table: file.table, jobId: file.jobId } } : {}) });
          if (get().givenUp[accountId]) await get().loadGivenUp(accountId);
        });
      },
      dismissProblem(id) {
        set({ problems: get().problems.filter((p) => p.id !== id) });
      },

      attach() {
        const offs = [
          bridge.subscribe('sync.state', (e) => {
            // The runner's word is not the account's state: its health is (asked below). A pass starting shows
            // at once, unless a person must act, which stays until the health says otherwise.
            const statuses = get().statuses.map((s) =>
              s.account.id === e.accountId && e.state === 'syncing' && s.state !== 'needs_user'
                ? { ...s, state: e.state, message: e.message }
                : s,
            );
            if (e.state === 'syncing') {
              set({ statuses });
              return;
            }
            // Work that stopped short of its total (an error, a pause) leaves no bar behind.
            const { [e.accountId]: _done, ...progress } = get().progress;
            set({ statuses, progress });
            void get().refresh();
          }),
          bridge.subscribe('sync.progress', (e) => {
            const progress = { ...get().progress };
            if (e.total !== null && e.done >= e.total) delete progress[e.accountId];
            else progress[e.accountId] = e;
            set({ progress });
          }),
          bridge.subscribe('activity', (a) => set({ activity: [a, ...get().activity].slice(0, MAX_ACTIVITY) })),
          bridge.subscribe('problem', (p) =>
            set({ problems: [{ ...p, id: ++problemSeq, at: now() }, ...get().problems].slice(0, MAX_PROBLEMS) }),
          ),
          bridge.subscribe('item.sent', () => void get().refresh()),
          bridge.subscribe('item.rejected', () => void get().refresh()),
          bridge.subscribe('item.received', () => void get().refresh()),
          bridge.subscribe('item.delivery', () => void get().refresh()),
          bridge.subscribe('accounts.changed', () => void get().refresh()),
        ];
        return () => {
          for (const off of offs) off();
          if (recheck) clearTimeout(recheck);
        };
      },
    };
  });
}
