import type { FeedName } from '../../../shared/account-health';
import type { BackoffPolicy } from '../api/backoff';
import { backoffDelay } from '../api/backoff';
import { type FailureKind, ServiceError } from '../api/errors';
import type { SyncContext } from './context';
import { runDownloads } from './downloads';
import { FEED_OF_STEP, recordFeeds } from './feed-health';
import { pollBankMessages } from './inbound-bank';
import { pollReceivedDocuments, pollSentDocuments } from './inbound-documents';
import { markHandled, pollReceivedInvoices, pollSentInvoices } from './inbound-invoices';
import { linkInvoiceResponses } from './invoice-responses-in';
import { JOB_KINDS, type KindOptions } from './jobs/kinds';
import { runStep, stepsAt } from './jobs/run-kinds';
import { dataFault } from './local-faults';
import { assertRoot } from './root-guard';

/** What one poll of an account needs of its runner. */
export interface FeedOptions extends KindOptions {
  now: () => number;
  random: () => number;
  backoff: BackoffPolicy;
  /** The app's data folder: a write that fails there is said with its name. */
  dataDir: string;
}

/**
 * Runs every feed of one poll, then the registry's kinds of the poll and the downloads; each failure
 * adds a line to `problems` and its kind to `kinds`. Answers whether none failed.
 */
export async function pollFeeds(
  ctx: SyncContext,
  o: FeedOptions,
  problems: string[],
  kinds: Set<FailureKind>,
  signal: AbortSignal,
  /** Only the downloads: what is queued, while they are paused on a folder that took no writes. */
  only: { downloadsOnly?: boolean } = {},
): Promise<boolean> {
  // What each feed answered this poll, kept for every view of the account's health (feed-health.ts).
  const answered = new Map<FeedName, string | null>();
  const step = async (name: string, fn: () => Promise<unknown>) => {
    // After a 429 the account asks nothing more until the pause ends.
    if (ctx.jobRunner.pausedUntil > 0) return;
    const feed = FEED_OF_STEP[name];
    try {
      await fn();
      if (feed) answered.set(feed, null);
    } catch (e) {
      if (signal.aborted) return;
      const kind = e instanceof ServiceError ? e.kind : 'retry';
      if (e instanceof ServiceError && e.status === 429) {
        ctx.jobRunner.pause(o.now() + backoffDelay(o.backoff, 1, o.random, e.retryAfterMs), {
          message: (e as Error).message,
          kind,
        });
      }
      kinds.add(kind);
      const said = dataFault(ctx.faults, o.dataDir, e) ?? (e as Error).message;
      const message = `${name}: ${said} [${kind}]`;
      if (feed) answered.set(feed, said);
      problems.push(message);
      ctx.events.emit('problem', { accountId: ctx.account.id, kind, message: `${name}: ${said}` });
      ctx.log.warn('sync step failed', { step: name, error: (e as Error).message, kind });
    }
  };
  // Each step of the registry's kinds that run at `runs` (jobs/kinds.ts): a problem Error fails the step, a string is a line.
  const kindSteps = async (runs: 'pass' | 'poll' | 'downloaded') => {
    for (const s of stepsAt(runs)) {
      if (!s.kinds.some((k) => k.enabled(ctx))) continue;
      await step(s.step, async () => {
        const { problem } = await runStep(ctx, s, o, signal, true);
        if (problem instanceof Error) throw problem;
        if (problem) problems.push(problem);
      });
    }
  };
  const before = problems.length;
  const fresh: string[] = [];
  const downloads = () =>
    step('Downloads', async () => {
      // The root may have gone since the pass began (a poll takes a while): no file into a bare mount point.
      await assertRoot(ctx);
      const r = await runDownloads(ctx, JOB_KINDS.download.concurrency(o), signal);
      const line = JOB_KINDS.download.problem(r.failed);
      if (line) problems.push(line);
    });
  if (only.downloadsOnly) {
    await downloads();
    return problems.length === before;
  }
  // Files are fetched from the first page with new invoices on, while the pages and the other feeds
  // are asked (sharing the request slots with Detect): on a first mirror the service and the disk
  // work at once instead of the files waiting for every page. A run that finds nothing due ends;
  // the one after the feeds takes what they (or pages after it ended) queued. A quiet poll runs one.
  let early: Promise<void> | null = null;
  await step('Received invoices', async () => {
    // Gathered page by page: the invoices of the pages kept before a failure (a list that misbehaves,
    // a page that does not come) are marked handled too.
    await pollReceivedInvoices(ctx, signal, (ids) => {
      fresh.push(...ids);
      if (ids.length > 0) early ??= downloads();
    });
  });
  // The kinds that run at every pass run here too, queuing first: new invoices want their Detect results.
  await kindSteps('pass');
  if (ctx.account.markHandled && fresh.length) await step('Mark handled', () => markHandled(ctx, fresh, signal));
  await step('Sent invoices', () => pollSentInvoices(ctx, signal));
  await step('Received documents', () => pollReceivedDocuments(ctx, signal));
  await step('Sent documents', () => pollSentDocuments(ctx, signal));
  await step('Bank messages', () => pollBankMessages(ctx, signal));
  await kindSteps('poll');
  await early;
  await downloads();
  await kindSteps('downloaded');
  await step('Invoice responses', () => linkInvoiceResponses(ctx));
  await step('Record the poll', async () => {
    ctx.store.transaction(() => {
      ctx.store.cursors.set(ctx.account.id, 'last_poll_at', new Date(o.now()).toISOString());
      recordFeeds(ctx.store, ctx.account.id, answered, o.now());
    });
    ctx.faults.clear('data');
  });
  return problems.length === before;
}
