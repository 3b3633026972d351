import type { AccountView, SyncState } from '../../shared/bridge/views';

export type EngineState = 'starting' | 'running' | 'restarting' | 'failed';

export interface TrayView {
  engine: EngineState;
  accounts: Pick<AccountView, 'id' | 'name' | 'root' | 'paused'>[];
  /** The last state each account announced. */
  states: ReadonlyMap<string, { state: SyncState; message: string | null }>;
}

export interface TraySummary {
  /** What the tray says, such as "Up to date" or "Syncing…". */
  label: string;
  /** Worst first: what the icon and tooltip show. */
  state: SyncState | 'starting' | 'failed' | 'empty';
  allPaused: boolean;
}

// The state the user must hear about first wins: something to fix, then no connection, then work.
const ORDER: SyncState[] = ['needs_user', 'offline', 'syncing', 'idle', 'paused'];
const LABELS: Record<SyncState, string> = {
  needs_user: 'Needs your attention',
  offline: 'Offline: will retry',
  syncing: 'Syncing…',
  idle: 'Up to date',
  paused: 'Paused',
};

/** One line for every account together, as the tray shows it. */
export function summarize(v: TrayView): TraySummary {
  const allPaused = v.accounts.length > 0 && v.accounts.every((a) => a.paused);
  if (v.engine === 'failed') return { label: 'The sync engine stopped', state: 'failed', allPaused };
  if (v.engine !== 'running')
    return { label: v.engine === 'starting' ? 'Starting…' : 'Restarting the sync engine…', state: 'starting', allPaused };
  if (v.accounts.length === 0) return { label: 'No accounts yet', state: 'empty', allPaused };
  const states = v.accounts.map((a) => (a.paused ? 'paused' : (v.states.get(a.id)?.state ?? 'syncing')));
  const worst = ORDER.find((s) => states.includes(s)) ?? 'idle';
  const needing = v.accounts.filter((a) => v.states.get(a.id)?.state === 'needs_user');
  const first = needing.length === 1 ? needing[0] : undefined;
  if (worst === 'needs_user' && first) return { label: `${first.name}: needs your attention`, state: worst, allPaused };
  return { label: LABELS[worst], state: worst, allPaused };
}
