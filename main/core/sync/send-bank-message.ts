import { createHash } from 'node:crypto';
import type { OutboxJob } from '../store/outbox';
import { bankMessageType } from './bank-message-checks';
import type { SyncContext } from './context';

/**
 * How far around our own times a lost message is looked for. The list is asked by the service's
 * timestamp, and the service's clock need not agree with ours.
 */
const LOOKUP_MARGIN_MS = 24 * 3600_000;

/**
 * Sends a bank message exactly once although POST /v1/fi_bank_messages takes no idempotency key.
 * The first try sends. A later try (an earlier one failed, lost its answer, or was cut short by a
 * crash) first looks among the company's sent messages for one with these very bytes that no other
 * outbox row owns, and only sends when there is none. Answers the service's id (null when the
 * service gave none and the list does not show it yet).
 */
export async function sendBankMessage(ctx: SyncContext, job: OutboxJob, data: Buffer, signal?: AbortSignal): Promise<string | null> {
  if (job.attempts > 0) {
    const found = await findSentBankMessage(ctx, job, data, signal);
    if (found) {
      ctx.log.info('a bank message sent by an earlier try was found; not sent again', { file: job.relPath, id: found });
      return found;
    }
  }
  const { id } = await ctx.api.bankMessages.send(job.filename, data, signal);
  return id ?? (await findSentBankMessage(ctx, job, data, signal));
}

/** The id of a sent message holding `data` that no other outbox row owns, from the window around this row's life. */
export async function findSentBankMessage(ctx: SyncContext, job: OutboxJob, data: Buffer, signal?: AbortSignal): Promise<string | null> {
  const check = bankMessageType(data);
  const window = {
    start: new Date(job.createdAt - LOOKUP_MARGIN_MS).toISOString(),
    end: new Date(ctx.now() + LOOKUP_MARGIN_MS).toISOString(),
  };
  const ids = await ctx.api.bankMessages.list('sent', window, check.ok ? check.type : undefined, signal);
  // Newest first: a message of ours was sent during this row's life, after any older same-content one.
  for (const id of [...ids].reverse()) {
    const owner = ctx.store.outbox.ownerOfRemote(ctx.account.id, 'bank_message', id);
    if (owner !== null && owner !== job.id) continue;
    const content = await ctx.api.bankMessages.content('sent', id, signal);
    if (createHash('sha256').update(content.data).digest('hex') === job.sha256) return id;
  }
  return null;
}
