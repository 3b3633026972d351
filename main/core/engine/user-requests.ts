import type { DetectStateView } from '../../../shared/bridge/scrutiny';
import type { DetectCheck } from '../../../shared/enums';
import type { InvoiceAnswerInput } from '../../../shared/invoice-response-codes';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import type { OutboxJob, OutboxPatch } from '../store/outbox';
import type { AccountRunner } from '../sync/account-runner';
import type { SyncContext } from '../sync/context';
import { detectState as detectStateOf, refreshDetectOnOpen } from '../sync/detect-work';
import { type DownloadTableName, fetchAgain } from '../sync/fetch-again';
import { type AnswerOutcome, answerInvoice as answerInvoiceNow } from '../sync/invoice-answers';
import { startAnalysis } from '../sync/jobs/analysis-queue';
import { REORGANIZE_KIND, requestReorganize } from '../sync/jobs/reorganize-queue';
import type { ReorganizeReport } from '../sync/reorganize';

/** What the user asked of an outbox item: the item as it is now, and whether it moved. */
export interface Requeued {
  job: OutboxJob | undefined;
  moved: boolean;
}

/** Sends a file that was held back as a duplicate, at the next pass (false when it was not held back). */
export function forceSend(store: Store, outboxId: number, syncNow: (accountId: string) => void): Requeued {
  const what = "sent anyway at the user's word, though the same content was sent before";
  return queueAgainByUser(store, outboxId, 'held_duplicate', { forced: true }, 'outbox.forced', what, syncNow);
}

/**
 * "Try again" on a file that waits for the user (its credentials were refused, a scope was missing,
 * or it failed too many times): queued again at once, its tries counted afresh.
 */
export function retryUpload(store: Store, outboxId: number, syncNow: (accountId: string) => void): Requeued {
  const job = store.outbox.get(outboxId);
  const attempts = job?.attempts ?? 0;
  const patch = { failuresBeforeUser: attempts };
  // Held before any try by a folder that checks first: the file could not be checked (intake.ts).
  if (attempts === 0 && job?.check?.mode === 'block') {
    const what = 'sent unchecked at the user\'s word ("Send anyway"), as the app could not check it';
    return queueAgainByUser(store, outboxId, 'needs_user', patch, 'outbox.sent_unchecked', what, syncNow);
  }
  return queueAgainByUser(store, outboxId, 'needs_user', patch, 'outbox.retry', "tried again at the user's word", syncNow);
}

/** Moves an outbox row the user acted on from `from` back to the queue, due now, with its activity line. */
function queueAgainByUser(
  store: Store,
  outboxId: number,
  from: 'held_duplicate' | 'needs_user',
  patch: OutboxPatch,
  kind: string,
  what: string,
  syncNow: (accountId: string) => void,
): Requeued {
  const job = store.outbox.get(outboxId);
  const moved =
    job?.state === from &&
    store.outbox.transition(job.id, [from], 'queued', { ...patch, lastError: null, errorKind: null, nextAttemptAt: 0 });
  if (moved && job) {
    store.activity.append({ accountId: job.accountId, level: 'info', kind, message: `${job.relPath}: ${what}`, ref: String(job.id) });
    syncNow(job.accountId);
  }
  return { job: store.outbox.get(outboxId) ?? job, moved: moved === true };
}

/**
 * Everything that waited for the user (uploads, downloads, Detect results) is tried again, since
 * asking to sync is how they say they fixed it. Answers how many jobs were released.
 */
export function releaseHeld(store: Store, accounts: readonly Account[], syncNow: () => void): number {
  let released = 0;
  for (const account of accounts) {
    store.transaction(() => {
      const n =
        store.outbox.releaseHeld(account.id) +
        store.invoiceFiles.releaseHeld(account.id) +
        store.documentFiles.releaseHeld(account.id) +
        store.bankMessages.releaseHeld(account.id) +
        store.jobs.releaseHeld(account.id);
      if (n > 0) {
        const message = `${n} item(s) that waited for you are tried again ("Sync now")`;
        store.activity.append({ accountId: account.id, level: 'info', kind: 'sync.released', message, ref: null });
      }
      released += n;
    });
  }
  syncNow();
  return released;
}

/** Queues given-up received files again (one, `file`, or every one of each account); the running sync takes them at once. */
export function fetchAgainOf(
  store: Store,
  accounts: readonly Account[],
  file: { table: DownloadTableName; jobId: number } | undefined,
  syncNow: (accountId: string) => void,
): number {
  let queued = 0;
  for (const account of accounts) {
    const n = fetchAgain(store, account.id, file);
    if (n > 0) syncNow(account.id);
    queued += n;
  }
  return queued;
}

/** What a reorganize of the Inbox did; `finished` false when it stopped part-way or failed (`error`). */
export interface ReorganizeOutcome extends ReorganizeReport {
  finished: boolean;
  error: string | null;
}

/**
 * Moves the files already downloaded into the account's Inbox into its current layout (sync/reorganize.ts).
 * The request is a job first, so a crash or a shutdown part-way is finished at the next start; it runs
 * between two passes of the account's sync, never beside its downloads.
 */
export async function reorganizeInbox(
  store: Store,
  account: Account,
  runners: { of(account: Account): Promise<AccountRunner> },
  now: number,
): Promise<ReorganizeOutcome> {
  const key = requestReorganize(store, account.id, now);
  const { report } = await (await runners.of(account)).reorganize();
  const job = store.jobs.find(account.id, REORGANIZE_KIND, key);
  const finished = job?.state === 'done';
  const error = finished ? null : (job?.lastError ?? 'It stopped part-way (the app was closing); it goes on at the next start');
  const none = { moved: 0, inPlace: 0, missing: 0, elsewhere: 0, failed: 0, recovered: 0, interrupted: !finished };
  return { ...none, layout: account.inboxLayout, ...report, finished, error };
}

/** Detect of one received invoice as its detail shows it; `refresh` (opening it) asks again for a result missing or not final. */
export function detectState(ctx: SyncContext, invoiceId: string, refresh: boolean, kick: () => void): DetectStateView {
  if (refresh && refreshDetectOnOpen(ctx, invoiceId)) kick();
  return detectStateOf(ctx, invoiceId);
}

/** Runs the chosen checks on a received invoice now; the runner, woken, looks at them with back-off until they finish. */
export async function runAnalysis(
  ctx: SyncContext,
  invoiceId: string,
  checks: readonly DetectCheck[],
  kick: () => void,
): Promise<DetectStateView> {
  await startAnalysis(ctx, invoiceId, checks);
  kick();
  return detectStateOf(ctx, invoiceId);
}

/** Answers a received invoice (sync/invoice-answers.ts); its file waits in the Outbox, so the runner is woken. */
export async function answerInvoice(
  ctx: SyncContext,
  invoiceId: string,
  input: InvoiceAnswerInput,
  kick: () => void,
): Promise<AnswerOutcome> {
  const outcome = await answerInvoiceNow(ctx, invoiceId, input);
  kick();
  return outcome;
}
