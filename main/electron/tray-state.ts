import { type AccountHealth, problemWords } from '../../shared/account-health';
import type { AccountView, SyncState } from '../../shared/bridge/views';

export type EngineState = 'starting' | 'running' | 'restarting' | 'failed';

/** What the tray knows of one account: its health (shared/account-health.ts) once read, and the runner's last word. */
export interface TrayAccountState {
  state: SyncState;
  message: string | null;
  health?: AccountHealth;
}

export interface TrayView {
  engine: EngineState;
  accounts: Pick<AccountView, 'id' | 'name' | 'root' | 'paused'>[];
  states: ReadonlyMap<string, TrayAccountState>;
}

export interface TraySummary {
  /** What the tray says, such as "Up to date" or "Syncing…". */
  label: string;
  /** Worst first: what the icon and tooltip show. */
  state: SyncState | 'starting' | 'failed' | 'empty';
  allPaused: boolean;
}

// The state the user must hear about first wins: something to fix, then not up to date, then work.
const ORDER: SyncState[] = ['needs_user', 'offline', 'syncing', 'idle', 'paused'];
const LABELS: Record<SyncState, string> = {
  needs_user: 'Needs your attention',
  offline: 'Not up to date: will retry',
  syncing: 'Syncing…',
  idle: 'Up to date',
  paused: 'Paused',
};

/** An account's state as the card shows it: its health's, which says "Up to date" only when it is. */
const stateOf = (s: TrayAccountState | undefined): SyncState => s?.health?.state ?? s?.state ?? 'syncing';

/** One line for every account together, as the tray shows it; one company in trouble is named, with what holds. */
export function summarize(v: TrayView): TraySummary {
  const allPaused = v.accounts.length > 0 && v.accounts.every((a) => a.paused);
  if (v.engine === 'failed') return { label: 'The sync engine stopped', state: 'failed', allPaused };
  if (v.engine !== 'running')
    return { label: v.engine === 'starting' ? 'Starting…' : 'Restarting the sync engine…', state: 'starting', allPaused };
  if (v.accounts.length === 0) return { label: 'No accounts yet', state: 'empty', allPaused };
  const states = v.accounts.map((a) => (a.paused ? 'paused' : stateOf(v.states.get(a.id))));
  const worst = ORDER.find((s) => states.includes(s)) ?? 'idle';
  if (worst !== 'needs_user' && worst !== 'offline') return { label: LABELS[worst], state: worst, allPaused };
  const hit = v.accounts.filter((_, i) => states[i] === worst);
  const first = hit.length === 1 ? hit[0] : undefined;
  if (!first) {
    const n = hit.length;
    return {
      label: worst === 'needs_user' ? `${n} companies need your attention` : `${n} companies are not up to date`,
      state: worst,
      allPaused,
    };
  }
  const problem = v.states.get(first.id)?.health?.problems[0];
  const what = problem ? problemWords(problem).what : worst === 'needs_user' ? 'needs your attention' : 'not up to date';
  return { label: `${first.name}: ${what}`, state: worst, allPaused };
}
