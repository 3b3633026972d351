import pLimit from 'p-limit';
import type { OutboxJob } from '../store/outbox';
import type { SyncContext } from './context';
import { type Settle, sharedTransactions } from './group-commit';
import type { JobQueue, RunReport } from './jobs/job-runner';
import { uploadQueue } from './jobs/upload-queue';
import { finish, type Slot } from './outbound';

/**
 * Sends while intake is still taking files in, and moves each sent file to Sent/ as soon as its
 * upload is done, so a drop of many files costs about the slowest of intake, upload and move per file
 * instead of their sum. Every row still goes through the one job runner (claim before a byte is
 * sent, fixed key, back-off, cap, 429 pause) and `finish` (the file in Sent/ before its row says
 * done), so nothing about crash safety or exactly-once changes: only when each step starts. The rows
 * of files that reach Sent/ at about the same time are marked done in one commit (group-commit.ts).
 */
export interface UploadPipeline {
  /** Intake queued a row: an idle sender looks again. */
  nudge(): void;
  /** Intake is over: the senders empty the queue, then stop. Resolves with what they did. */
  close(): Promise<RunReport>;
}

export function uploadPipeline(ctx: SyncContext, concurrency: number, signal?: AbortSignal): UploadPipeline {
  const moves = pLimit(Math.max(1, concurrency));
  const moving: Promise<void>[] = [];
  // Only the move holds one of the move slots. Its row's `done` then waits a few milliseconds for the
  // files moved beside it, so a drop commits them several at a time (with windowMs 0, one commit per
  // file: the row, its activity entry and the tallies, about 9 pages of WAL each).
  const settle = sharedTransactions(ctx.store);
  const base = uploadQueue(ctx);
  const queue: JobQueue<OutboxJob> = {
    ...base,
    async run(job, s) {
      await base.run(job, s);
      // Not awaited here: the sender takes the next file while this one moves.
      moving.push(finishLogged(ctx, job.id, settle, moves));
    },
  };
  const total: RunReport = { done: 0, retried: 0, needsUser: 0, failed: 0, released: 0 };
  let open = true;
  // Bumped by every nudge: a sender that saw it change while it ran looks again before it waits.
  let generation = 0;
  const waiters = new Set<() => void>();
  const nudge = () => {
    generation++;
    for (const w of waiters) w();
    waiters.clear();
  };
  const stopped = () => signal?.aborted === true || ctx.jobRunner.pausedUntil > 0;

  /**
   * One sender: runs the due rows one at a time until none is due. Several senders share the durable
   * queue, and the claim (a compare-and-set on the row) is the lock, so a row is never sent by two;
   * one sender per slot has no batch barrier, which the runner's own concurrency has (it waits for a
   * whole load before loading the rows queued meanwhile).
   */
  const sender = async () => {
    for (;;) {
      const seen = generation;
      const r = await ctx.jobRunner.runDue(queue, 1, signal);
      for (const k of Object.keys(total) as (keyof RunReport)[]) total[k] += r[k];
      if (stopped() || (!open && seen === generation)) return;
      if (seen === generation) await new Promise<void>((res) => waiters.add(res));
    }
  };
  const senders = Array.from({ length: Math.max(1, concurrency) }, () => {
    const p = sender();
    // Awaited by close(); until then a failure must not count as unhandled (which ends the process).
    p.catch(() => undefined);
    return p;
  });
  return {
    nudge,
    async close() {
      open = false;
      nudge();
      // Every sender and move ends before the pass goes on, also when one of them failed.
      const ended = await Promise.allSettled(senders);
      await Promise.all(moving);
      const failed = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      return total;
    },
  };
}

async function finishLogged(ctx: SyncContext, id: number, settle: Settle, slot: Slot): Promise<void> {
  await finish(ctx, id, settle, slot).catch((e: unknown) =>
    ctx.log.error('could not move a sent file', { id, error: (e as Error).message }),
  );
}
