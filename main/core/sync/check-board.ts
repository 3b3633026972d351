import { randomUUID } from 'node:crypto';
import type { ValidationProgress } from '../../../shared/validation/report';
import type { EngineEvents } from './events';

/** A check being made now, as the Outbox and the Validate page show it. */
export interface CheckInFlight {
  id: string;
  /** The account whose hot folder the file is in; null for a file handed to the Validate page. */
  accountId: string | null;
  /** The file's place under the account root, or the name it was handed over with. */
  file: string;
  phase: ValidationProgress['phase'];
  percent: number;
  startedAt: number;
}

/** What a check being made is given: a signal to pass on to the validator, its listener, and its end. */
export interface CheckHandle {
  id: string;
  signal: AbortSignal;
  onProgress(p: ValidationProgress): void;
  /** The check ended (answered, failed or cancelled): it leaves the board. */
  end(): void;
}

/**
 * The engine's checks in flight, one entry per file being validated (hot folder or Validate page), so a
 * large file's progress shows where the user looks and a Cancel button can stop it. Each change is the
 * engine event `check` (relayed as `validate.progress`, at most a few a second per check: the validator
 * tells only whole percents), so no view asks again and again. In memory only: after a restart a file is
 * checked again from the start.
 */
export class CheckBoard {
  private readonly checks = new Map<string, { view: CheckInFlight; abort: AbortController }>();
  /** Files whose check the user cancelled, by account and content: intake treats them as cancelled too. */
  private readonly cancelled = new Set<string>();

  constructor(
    private readonly events: EngineEvents,
    private readonly now: () => number = Date.now,
  ) {}

  begin(accountId: string | null, file: string, o: { id?: string; sha256?: string } = {}): CheckHandle {
    const id = o.id ?? randomUUID();
    const abort = new AbortController();
    const view: CheckInFlight = { id, accountId, file, phase: 'read', percent: 0, startedAt: this.now() };
    this.checks.set(id, { view, abort });
    if (o.sha256) {
      const key = `${accountId}:${o.sha256}`;
      abort.signal.addEventListener('abort', () => this.cancelled.add(key), { once: true });
    }
    this.tell(view, false);
    return {
      id,
      signal: abort.signal,
      onProgress: (p) => {
        if (!this.checks.has(id)) return;
        view.phase = p.phase;
        view.percent = p.percent;
        this.tell(view, false);
      },
      end: () => {
        if (!this.checks.delete(id)) return;
        this.tell(view, true);
      },
    };
  }

  /** The user's Cancel: the check stops (its validator work is dropped). False when no such check runs. */
  cancel(id: string): boolean {
    const c = this.checks.get(id);
    if (!c) return false;
    c.abort.abort();
    return true;
  }

  /** Whether the user cancelled a check of these bytes in this account (asked once: the answer is used up). */
  takeCancelled(accountId: string, sha256: string): boolean {
    return this.cancelled.delete(`${accountId}:${sha256}`);
  }

  /** The checks of an account (or of the Validate page, null) running now, oldest first. */
  list(accountId: string | null): CheckInFlight[] {
    return [...this.checks.values()].map((c) => ({ ...c.view })).filter((v) => v.accountId === accountId);
  }

  private tell(view: CheckInFlight, done: boolean): void {
    this.events.emit('check', { ...view, done });
  }
}
