/**
 * One lane of an account's runner: its passes run one at a time (`exclusive`), and while the runner
 * runs, a loop starts the next pass when kicked or at the time the last pass asked for. The outbox
 * and the service each have one, so a file dropped while a poll waits on a slow list is sent at once.
 */
export class RunnerLane {
  private turn: Promise<unknown> = Promise.resolve();
  private wake: (() => void) | null = null;
  /** A kick that came while a pass ran: the loop goes round again at once instead of sleeping. */
  private kicked = false;
  private loop: Promise<void> | null = null;

  constructor(private readonly now: () => number) {}

  /** Runs `fn` when no other turn of this lane runs, and keeps the others out until it ends. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.turn.then(fn);
    this.turn = result.catch(() => undefined);
    return result;
  }

  kick(): void {
    if (this.wake) this.wake();
    else this.kicked = true;
  }

  /** Loops `pass` (in its turn) while `running()`; a pass answers when it wants to run again at the latest. */
  start(pass: () => Promise<number>, running: () => boolean): void {
    this.loop = (async () => {
      while (running()) {
        this.kicked = false;
        const until = await this.exclusive(pass);
        if (!running()) break;
        if (this.kicked) continue;
        const now = this.now();
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.max(0, until - now));
          this.wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        this.wake = null;
      }
    })();
  }

  /** Wakes the loop so it sees it should stop, and waits for its pass in flight to end. */
  async stopped(): Promise<void> {
    this.kick();
    await this.loop;
  }
}
