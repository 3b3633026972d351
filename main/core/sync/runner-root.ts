import type { SyncContext } from './context';
import { checkRoot, ROOT_RECHECK_MS, type RootCheck } from './root-guard';
import type { LaneReport } from './runner-state';

/**
 * The account root as both lanes of a runner see it (root-guard.ts says what the marker proves): one
 * look at a time, so the look that finds it back is the one that recovers; the problem told once while
 * it lasts, not at every look a few seconds apart.
 */
export class RunnerRoot {
  private look: Promise<RootCheck> | null = null;
  private told: string | null = null;
  private back = false;

  constructor(
    private readonly ctx: SyncContext,
    private readonly now: () => number,
    /** The root came back: the outbox lane is to recover what waited for it (see takeBack). */
    private readonly onBack: () => void,
  ) {}

  /** Null when the root is the account's folder; else the lane's report: it writes nothing and looks again soon. */
  async gone(): Promise<LaneReport | null> {
    this.look ??= checkRoot(this.ctx, { layout: false }).finally(() => {
      this.look = null;
    });
    const r = await this.look;
    if (r.back && !this.back) {
      this.back = true;
      this.onBack();
    }
    if (!r.gone) {
      this.told = null;
      return null;
    }
    if (this.told !== r.gone) {
      this.told = r.gone;
      this.ctx.events.emit('problem', { accountId: this.ctx.account.id, kind: 'user', message: r.gone });
    }
    return { problems: [r.gone], kinds: new Set(['user']), wakeAt: this.now() + ROOT_RECHECK_MS };
  }

  /** Whether the root came back since the last call: uploads cut short go back to the queue, and a poll fetches what it lacks. */
  takeBack(): boolean {
    const back = this.back;
    this.back = false;
    return back;
  }
}
