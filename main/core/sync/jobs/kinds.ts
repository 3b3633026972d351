import { ServiceError } from '../../api/errors';
import type { SyncContext } from '../context';
import { ANALYSIS_KIND, analysisQueue } from './analysis-queue';
import { COLLECTION_KIND, collectionQueue, enqueueCollectionTracking } from './collection-queue';
import { DELIVERY_KIND, deliveryQueue, enqueueDeliveryTracking } from './delivery-queue';
import { DETECT_KIND, detectQueue, enqueueDetect } from './detect-queue';
import type { JobQueue, QueuedJob, RunReport } from './job-runner';
import { enqueueRiDeletes, RI_DELETE_KIND, riDeleteQueue } from './ri-delete-queue';

/**
 * Every background kind the account runner runs, in one list (the shape of needs-person's NEED_COUNTERS):
 * its lane, what queues it, when its due jobs run, whether the account has it on, how many run at once,
 * its queue, and how a run's report becomes a problem line. The runner loops over it (run-kinds.ts); a new
 * kind is its queue file and one entry here (ARCHITECTURE.md, "Adding a background job kind").
 */

/** What the kinds read of the runner's options (the app's language may change between passes). */
export interface KindOptions {
  uploadConcurrency: number;
  downloadConcurrency: number;
  detectLang: () => string;
}

/** A run's report as a problem: an Error fails its step (said as a problem, its kind counted), a string is a line only. */
export type KindProblem = Error | string | null;

interface KindBase {
  /** The step of the pass its problem lines are said under ("Delivery status: ..."). */
  step: string;
  /** The outbox lane (woken by the watcher) or the service lane (reorganize, Detect, the poll). */
  lane: 'outbox' | 'service';
  /** What queues its jobs: the poll (`enqueue`), the user, a file dropped in the Outbox, a feed's new rows. */
  trigger: 'poll' | 'user' | 'outbox' | 'feed';
  /** Off for this account: neither queued nor run. */
  enabled(ctx: SyncContext): boolean;
  concurrency(o: KindOptions): number;
}

/** A kind the runner runs itself, at `runs`. */
export interface QueuedKind extends KindBase {
  /**
   * When its due jobs run: every pass of its lane (and in the poll, right after the received invoices),
   * in the poll after the feeds, or after the poll's downloads (only what is durable here).
   */
  runs: 'pass' | 'poll' | 'downloaded';
  /** Its rows' kind in the `jobs` table (what a pass wakes for, what a stuck job is found by). */
  table: string;
  /** Queues what is due at a poll (trigger 'poll' and 'feed'). */
  enqueue?(ctx: SyncContext): void;
  queue(ctx: SyncContext, o: KindOptions): JobQueue<QueuedJob>;
  /** Kinds of one step share its report (their sum); the first problem said is the step's. */
  problem(r: RunReport, ctx: SyncContext): KindProblem;
}

/**
 * A kind whose jobs a pipeline of its own runs (`by`): where it runs is behaviour (uploads after intake,
 * downloads from the first page on, a reorganize apart from downloads); its width and its line live here.
 */
export interface PipelineKind extends KindBase {
  runs: 'own';
  by: string;
  /** The line for `n` items the pipeline could not finish (null: it says nothing of its own). */
  problem(n: number): string | null;
}

export type JobKind = QueuedKind | PipelineKind;

const always = () => true;
const one = (_: KindOptions) => 1;

/** A recurring tracking job (one per account) that could not finish: its kept error, or `what`, fails the step. */
const stuck =
  (kind: string, key: string, what: string) =>
  (r: RunReport, ctx: SyncContext): KindProblem => {
    if (r.retried + r.needsUser === 0) return null;
    const job = ctx.store.jobs.find(ctx.account.id, kind, key);
    return new ServiceError(r.needsUser ? 'user' : 'retry', job?.lastError ?? what, null);
  };

export const JOB_KINDS = {
  upload: {
    step: 'Outbox',
    lane: 'outbox',
    trigger: 'outbox',
    runs: 'own',
    by: 'outbound-cycle.ts',
    enabled: always,
    concurrency: (o) => o.uploadConcurrency,
    problem: (n) => (n > 0 ? `Outbox: ${n} file(s) wait for you [user]` : null),
  },
  reorganize: {
    step: 'Reorganize',
    lane: 'service',
    trigger: 'user',
    runs: 'own',
    by: 'account-runner.ts reorganizeDue',
    enabled: always,
    concurrency: one,
    problem: () => null,
  },
  // Detect and analysis share the poll's 'Detect results' step; analysis needing a person is said in Detect's line.
  detect: {
    step: 'Detect results',
    lane: 'service',
    trigger: 'feed',
    runs: 'pass',
    table: DETECT_KIND,
    // New invoices, and older ones whose result could not be fetched before: one job each.
    enqueue: (ctx) => enqueueDetect(ctx, ctx.store.invoices.listMissingDetect(ctx.account.id, 200)),
    enabled: always,
    concurrency: (o) => o.downloadConcurrency,
    queue: (ctx, o) => detectQueue(ctx, o.detectLang),
    problem: (r) => (r.needsUser ? new ServiceError('user', `${r.needsUser} Detect result(s) wait for you`, null) : null),
  },
  analysis: {
    step: 'Detect results',
    lane: 'service',
    trigger: 'user',
    runs: 'pass',
    table: ANALYSIS_KIND,
    enabled: always,
    concurrency: (o) => o.downloadConcurrency,
    queue: (ctx) => analysisQueue(ctx),
    problem: () => null,
  },
  delivery: {
    step: 'Delivery status',
    lane: 'service',
    trigger: 'poll',
    runs: 'poll',
    table: DELIVERY_KIND,
    enqueue: enqueueDeliveryTracking,
    enabled: always,
    concurrency: one,
    queue: (ctx) => deliveryQueue(ctx),
    problem: stuck(DELIVERY_KIND, 'sent', 'Delivery status could not be checked'),
  },
  collection: {
    step: 'Collection',
    lane: 'service',
    trigger: 'poll',
    runs: 'poll',
    table: COLLECTION_KIND,
    enqueue: (ctx) => enqueueCollectionTracking(ctx),
    enabled: always,
    concurrency: one,
    queue: (ctx) => collectionQueue(ctx),
    problem: stuck(COLLECTION_KIND, 'assignments', 'Collection status could not be checked'),
  },
  download: {
    step: 'Downloads',
    lane: 'service',
    trigger: 'feed',
    runs: 'own',
    by: 'downloads.ts runDownloads',
    enabled: always,
    concurrency: (o) => o.downloadConcurrency,
    problem: (n) => (n > 0 ? `Downloads: ${n} file(s) could not be fetched [retry]` : null),
  },
  // After the downloads: only a message whose file is durable here is ever deleted (the option is off by default).
  riDelete: {
    step: 'Delete downloaded RI messages',
    lane: 'service',
    trigger: 'poll',
    runs: 'downloaded',
    table: RI_DELETE_KIND,
    enqueue: (ctx) => void enqueueRiDeletes(ctx),
    enabled: (ctx) => ctx.account.deleteRiAfterDownload,
    concurrency: () => 2,
    queue: (ctx) => riDeleteQueue(ctx),
    problem: (r) => (r.retried ? `Delete downloaded RI messages: ${r.retried} will be tried again [retry]` : null),
  },
} satisfies Record<string, JobKind>;

export type KindName = keyof typeof JOB_KINDS;
