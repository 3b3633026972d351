import type { FailureKind } from '../api/errors';
import type { EngineEventMap, EngineEvents } from './events';

export type SyncStateName = EngineEventMap['state']['state'];

/** What a lane's last pass left: its problems (plain words, each with its kind) and when it looks again. */
export interface LaneReport {
  problems: string[];
  kinds: Set<FailureKind>;
  wakeAt: number | null;
}

export const noProblems = (): LaneReport => ({ problems: [], kinds: new Set(), wakeAt: null });

export type LaneName = 'outbox' | 'service';

/**
 * An account's sync state told from its two lanes: syncing while either runs a pass, and once neither
 * does, what their last passes left (a problem of either shows; one only the user can fix first).
 * The one owner of the state every view reads.
 */
export class RunnerState {
  private active = 0;
  private readonly last: Record<LaneName, LaneReport> = { outbox: noProblems(), service: noProblems() };
  private told: { state: SyncStateName; message: string | null } = { state: 'idle', message: null };

  constructor(
    private readonly d: {
      accountId: string;
      events: EngineEvents;
      now: () => number;
      /** Whether the account is paused now (the store's word, which the user changes). */
      paused: () => boolean;
    },
  ) {}

  get current(): { state: SyncStateName; message: string | null } {
    return this.told;
  }

  /** A lane's pass, counted while it runs, its report kept (null: it did nothing, paused); the state told after. */
  async tracked(lane: LaneName, pass: () => Promise<LaneReport | null>): Promise<LaneReport> {
    this.active++;
    let r: LaneReport | null = null;
    try {
      r = await pass();
    } finally {
      this.active--;
    }
    if (r) this.last[lane] = r;
    if (this.active === 0) this.settle();
    return r ?? noProblems();
  }

  /** The syncing state, told once when the first lane starts a pass. */
  syncing(): void {
    if (this.told.state !== 'syncing') this.announce('syncing');
  }

  /** Tells the hosts a service pass ended, and whether both lanes are without problems. */
  synced(): boolean {
    const ok = this.last.service.problems.length === 0 && this.last.outbox.problems.length === 0;
    this.d.events.emit('synced', { accountId: this.d.accountId, at: this.d.now(), ok });
    return ok;
  }

  private settle(): void {
    if (this.d.paused()) {
      this.announce('paused');
      return;
    }
    const { service, outbox } = this.last;
    const problems = [...service.problems, ...outbox.problems];
    const needsUser = service.kinds.has('user') || outbox.kinds.has('user');
    this.announce(needsUser ? 'needs_user' : problems.length === 0 ? 'idle' : 'offline', problems[0]);
  }

  private announce(state: SyncStateName, message?: string): void {
    this.told = { state, message: message ?? null };
    this.d.events.emit('state', { accountId: this.d.accountId, state, ...(message ? { message } : {}) });
  }
}
