import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { ServiceError } from '../../api/errors';
import type { SyncContext } from '../context';
import { sha256File } from '../files';
import { absolute } from '../layout';
import type { JobQueue } from './job-runner';
import { jobsTableMoves } from './jobs-table';

export const RI_DELETE_KIND = 'ri-delete';
/** Tries before a delete is given up (the message then simply stays on the service). */
const RI_DELETE_MAX_ATTEMPTS = 10;

const riDeleteData = z.object({ messageId: z.string().min(1) });

export interface RiDeleteJob {
  id: number;
  attempts: number;
  messageId: string;
}

/**
 * With the account's option on, queues a delete for every received RI message that is downloaded and
 * verified here and was never queued for one: once per message (the `jobs` row stays when done, and
 * the message's row says its delete was queued, so the next poll reads only the new ones).
 */
export function enqueueRiDeletes(ctx: SyncContext): number {
  if (!ctx.account.deleteRiAfterDownload) return 0;
  const { store, account } = ctx;
  const ready = store.bankMessages.listUndeletedRi(account.id, 500);
  store.transaction(() => {
    for (const m of ready) {
      // A message whose job exists already (queued before its row could say so) is only marked.
      store.jobs.enqueue(account.id, RI_DELETE_KIND, m.id, { messageId: m.id });
      store.bankMessages.markDeleteQueued(account.id, m.id);
    }
  });
  return ready.length;
}

/**
 * The file no longer holds what was downloaded (moved by a reorganize in progress, edited, deleted):
 * not deleted on the service; tried again with the one back-off and given up at the cap.
 */
class NotDurableHere extends Error {}

/**
 * Deleting received RI messages on the service (DELETE /v1/fi_bank_messages/ri_messages/{id}), as jobs
 * of the one runner. Never before the message's file is on disk here with the very bytes downloaded:
 * each run reads the file back and compares its sha256 first. A failing service is retried with the
 * one back-off and given up after a few tries (the message then stays on the service, nothing is lost); a message the service no longer has (404) counts as deleted; the local file is never
 * touched.
 */
export function riDeleteQueue(ctx: SyncContext): JobQueue<RiDeleteJob> {
  const { store, account, api } = ctx;
  const moves = jobsTableMoves(ctx, RI_DELETE_KIND, riDeleteData, (row, data): RiDeleteJob => ({ ...row, messageId: data.messageId }));
  return {
    kind: RI_DELETE_KIND,
    maxAttempts: RI_DELETE_MAX_ATTEMPTS,
    atCap: 'failed',
    ...moves,
    async run(job, signal) {
      const m = store.bankMessages.find(account.id, 'ri', job.messageId);
      if (m?.state !== 'done' || !m.path || !m.sha256) throw new NotDurableHere('the message is not downloaded here');
      const path = isAbsolute(m.path) ? m.path : absolute(account.root, m.path);
      const onDisk = await sha256File(path).catch(() => null);
      if (onDisk !== m.sha256) throw new NotDurableHere(`${m.path} does not hold the message as downloaded`);
      try {
        await api.bankMessages.deleteRi(job.messageId, signal);
      } catch (e) {
        if (!(e instanceof ServiceError && e.status === 404)) throw e;
      }
      store.jobs.succeed(job.id);
      store.activity.append({
        accountId: account.id,
        level: 'info',
        kind: 'bank.ri_deleted',
        message: `Received bank message ${job.messageId} was deleted on the service; its file stays in ${m.path}`,
        ref: job.messageId,
      });
    },
  };
}
