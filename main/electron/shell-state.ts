import type { BridgeEventName, BridgeEvents } from '../../shared/bridge/events';
import type { AccountStatusView, AccountView } from '../../shared/bridge/views';
import type { Dispatch } from '../core/bridge';
import type { EngineState, TrayAccountState, TrayView } from './tray-state';

/** Bursts of state events (a pass per account) are read once. */
const REFRESH_AFTER_MS = 300;

/**
 * What main knows of the engine for the tray and notifications: the accounts and their health. It asks
 * through the same bridge as the window (no second way into the engine) and follows the same events;
 * the health (sync.status) is read again after a state changes and when time alone would change it.
 */
export class ShellState {
  private engine: EngineState = 'starting';
  private accounts: AccountView[] = [];
  private readonly states = new Map<string, TrayAccountState>();
  private readonly listeners = new Set<(v: TrayView) => void>();
  private timer: NodeJS.Timeout | null = null;

  view(): TrayView {
    return { engine: this.engine, accounts: this.accounts, states: this.states };
  }

  onChange(fn: (v: TrayView) => void): () => void {
    this.listeners.add(fn);
    fn(this.view());
    return () => {
      this.listeners.delete(fn);
    };
  }

  private changed() {
    const v = this.view();
    for (const fn of this.listeners) fn(v);
  }

  accountName(id: string | null): string | null {
    return id === null ? null : (this.accounts.find((a) => a.id === id)?.name ?? null);
  }

  setEngine(state: EngineState): void {
    this.engine = state;
    this.changed();
  }

  /** Reads the accounts and their health again (at start, when the accounts or a state change, at a recheck). */
  async refresh(dispatch: Dispatch): Promise<void> {
    const status = await dispatch('sync.status', {});
    if (!status.ok) return;
    const rows = status.value as AccountStatusView[];
    this.accounts = rows.map((r) => r.account);
    for (const id of [...this.states.keys()]) if (!rows.some((r) => r.account.id === id)) this.states.delete(id);
    for (const r of rows) this.states.set(r.account.id, { state: r.state, message: r.message, health: r.health });
    this.changed();
    const rechecks = rows.flatMap((r) => (r.health.recheckAt ? [Date.parse(r.health.recheckAt)] : []));
    if (rechecks.length > 0) this.later(dispatch, Math.max(0, Math.min(...rechecks) - Date.now()) + 50);
  }

  /** One refresh after `ms`, however many ask meanwhile. */
  private later(dispatch: Dispatch, ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh(dispatch);
    }, ms);
    this.timer.unref?.();
  }

  onEvent<E extends BridgeEventName>(name: E, payload: BridgeEvents[E], dispatch: Dispatch): void {
    if (name === 'sync.state') {
      const p = payload as BridgeEvents['sync.state'];
      const before = this.states.get(p.accountId);
      // A pass starting shows at once, unless a person must act: that stays until the health says otherwise.
      if (p.state === 'syncing' && before?.health?.state !== 'needs_user') {
        this.states.set(p.accountId, { state: 'syncing', message: null, health: before?.health && { ...before.health, state: 'syncing' } });
        this.changed();
      }
      this.later(dispatch, REFRESH_AFTER_MS);
    } else if (name === 'accounts.changed') {
      void this.refresh(dispatch);
    }
  }

  /** Pause or resume every account (the tray's one switch). */
  async setAllPaused(paused: boolean, dispatch: Dispatch): Promise<void> {
    for (const a of this.accounts) if (a.paused !== paused) await dispatch('accounts.update', { accountId: a.id, paused });
    await this.refresh(dispatch);
  }

  /** No refresh is left waiting (the app quits). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
