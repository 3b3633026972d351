import type { BridgeEventName, BridgeEvents } from '../../shared/bridge/events';
import type { AccountStatusView, AccountView, SyncState } from '../../shared/bridge/views';
import type { Dispatch } from '../core/bridge';
import type { EngineState, TrayView } from './tray-state';

/**
 * What main knows of the engine for the tray and notifications: the accounts and the state each last
 * announced. It asks through the same bridge as the window (no second way into the engine) and
 * follows the same events.
 */
export class ShellState {
  private engine: EngineState = 'starting';
  private accounts: AccountView[] = [];
  private readonly states = new Map<string, { state: SyncState; message: string | null }>();
  private readonly listeners = new Set<(v: TrayView) => void>();

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

  /** Reads the accounts and their states again (at start, and when the accounts change). */
  async refresh(dispatch: Dispatch): Promise<void> {
    const status = await dispatch('sync.status', {});
    if (!status.ok) return;
    const rows = status.value as AccountStatusView[];
    this.accounts = rows.map((r) => r.account);
    for (const id of [...this.states.keys()]) if (!rows.some((r) => r.account.id === id)) this.states.delete(id);
    for (const r of rows) this.states.set(r.account.id, { state: r.state, message: r.message });
    this.changed();
  }

  onEvent<E extends BridgeEventName>(name: E, payload: BridgeEvents[E], dispatch: Dispatch): void {
    if (name === 'sync.state') {
      const p = payload as BridgeEvents['sync.state'];
      this.states.set(p.accountId, { state: p.state, message: p.message });
      this.changed();
    } else if (name === 'accounts.changed') {
      void this.refresh(dispatch);
    }
  }

  /** Pause or resume every account (the tray's one switch). */
  async setAllPaused(paused: boolean, dispatch: Dispatch): Promise<void> {
    for (const a of this.accounts) if (a.paused !== paused) await dispatch('accounts.update', { accountId: a.id, paused });
    await this.refresh(dispatch);
  }
}
