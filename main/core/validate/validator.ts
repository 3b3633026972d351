import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ValidationProgress, ValidationReport } from '../../../shared/validation/report';
import { workerEntry } from '../worker-entry';
import { PEPPOL_BIS3, type ValidationProfile } from './detect';
import { RulesUnavailableError } from './errors';
import { MAX_VALIDATE_BYTES } from './input';
import { DEFAULT_RATES, ProgressEstimate, type Rates, timeLimitFor } from './progress';
import type { JobPart, ValidateJob, WorkerAnswer, WorkerInit, WorkerReport, WorkerStep } from './protocol';
import { joinParts, toReport, unreadable } from './reports';
import { MANIFEST_FILE } from './rulesets';
import { SpareCores } from './spare-cores';

export interface ValidatorOptions {
  /** The folder with the compiled rules (manifest.json and *.sef.json); found by findRules() if not given. */
  rulesDir?: string;
  /** Where `rulesDir` came from, for what the user is told when it holds no usable rules (default: a checkout's). */
  origin?: RulesOrigin;
  /** vendor/validation/ to compare the compile with (null: do not compare); found by findRules() if not given. */
  vendorDir?: string | null;
  /**
   * Worker threads, started as files come: by default two, or one on a single core. A second worker lets
   * a dropped folder validate two files at once (the hot folder validates ahead of intake, sync/validate-ahead.ts).
   */
  workers?: number;
  /**
   * How long any file may take (default 120 s), and how much longer for each MB it has (default 15 s: a
   * 15 MB invoice takes about a minute on a quiet machine, and four on a busy one, bench/README.md): a
   * file that takes longer is reported as not checked (notChecked `time`), and its worker is replaced.
   */
  timeoutMs?: number;
  timeoutPerMbMs?: number;
  maxBytes?: number;
  /**
   * The heap each worker may use; a file that needs more is reported as not validated. Default 512 MB:
   * all four rule sets live in about 60 MB of heap, and a 31 MB invoice (its attachment is one text
   * node) validates in 256 MB; a higher limit only lets V8 put off collecting, which the process pays
   * for in RSS (1,000 files on two workers: 604 MB peak with 2,048 MB, 489 MB with 512 MB).
   */
  workerMemoryMb?: number;
  /**
   * The heap of the one-off worker a file gets when it ran out of `workerMemoryMb` (or is given as bytes
   * larger than LARGE_FILE_BYTES): default 2,048 MB, enough for the largest file validated (100 MB). The
   * worker ends with its file, so the pool's own workers stay small and a big invoice is still checked.
   */
  largeWorkerMemoryMb?: number;
  /**
   * Whether a lone file given as bytes runs its rule sets on two free workers at once: `idle` (the
   * default) only while other processes leave this one two cores (spare-cores.ts: on a busy machine the
   * second worker would only take turns with the first), true always, false never.
   */
  sideBySide?: boolean | 'idle';
  /** How the `idle` choice reads the machine (a test plays a busy one); by default its cores' counters. */
  spareCores?: SpareCores;
  /**
   * A worker whose heap holds more than this after a file is replaced before the next one (its rule sets
   * are loaded again), so memory stays bounded however many files come. Default: seven eighths of
   * workerMemoryMb (a worker that full would soon stop on a file for want of memory).
   */
  recycleMb?: number;
  /**
   * A worker with nothing to do for this long is stopped, giving back the memory its rule sets hold
   * (about 100-250 MB); the next file starts a new one. Default one minute (IDLE_RELEASE_MS): a tray app
   * sits idle most of the day, and loading the rules again costs the next file about a second.
   */
  idleMs?: number;
}

export interface ValidateOptions {
  /** The name the report gives a Buffer (a path is reported as given). */
  name?: string;
  /** auto: EN 16931, and Peppol BIS 3 when the customization id says so; peppol: both always; en16931: only EN 16931. */
  profile?: ValidationProfile;
  /** Rule sets run from installed packs' stylesheets (packs-check.ts). */
  sheets?: ValidateJob['sheets'];
  /** Only these of the rule sets that apply are run. */
  only?: ValidateJob['only'];
  /**
   * Cancels the check: a file still waiting leaves the queue, one being checked has its workers stopped
   * (a large file's rules can take minutes; nothing else is freed sooner). The promise rejects with
   * ValidationCancelledError.
   */
  signal?: AbortSignal;
  /**
   * Told how far the check is (an estimate, progress.ts), about four times a second while it runs and
   * whenever a phase begins; the percent only grows, and is 100 when the report is there.
   */
  onProgress?: (p: ValidationProgress) => void;
}

/** A check cancelled through ValidateOptions.signal. */
export class ValidationCancelledError extends Error {
  constructor(file: string) {
    super(`The check of ${file} was cancelled.`);
    this.name = 'ValidationCancelledError';
  }
}

/** Where the compiled rules were looked for: what the user can do about them missing depends on it. */
export type RulesOrigin = 'env' | 'installed' | 'checkout';

/**
 * Where the compiled rules are: $EINVOICE_RULES_DIR; the installed app's resources (validation-rules/,
 * copied there by electron-builder); else build/rules/ of the checkout this module runs from, with
 * vendor/validation/ beside it to detect a stale compile.
 */
export function findRules(): { rulesDir: string; vendorDir: string | null; origin: RulesOrigin } {
  const env = process.env.EINVOICE_RULES_DIR;
  if (env) return { rulesDir: resolve(env), vendorDir: null, origin: 'env' };
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources && existsSync(join(resources, 'validation-rules', MANIFEST_FILE)))
    return { rulesDir: join(resources, 'validation-rules'), vendorDir: null, origin: 'installed' };
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'vendor', 'validation'))) {
      return { rulesDir: join(dir, 'build', 'rules'), vendorDir: join(dir, 'vendor', 'validation'), origin: 'checkout' };
    }
    dir = dirname(dir);
  }
  // An installed app whose rules are gone: no checkout around it, and nothing a developer command could build.
  if (resources) return { rulesDir: join(resources, 'validation-rules'), vendorDir: null, origin: 'installed' };
  return { rulesDir: join(process.cwd(), 'build', 'rules'), vendorDir: null, origin: 'checkout' };
}

/**
 * What the user can do when the compiled rules cannot be loaded, in plain words: an installed app's
 * rules ship with it (reinstalling puts them back; a desktop user is never sent to a developer
 * command), a checkout builds them, and a folder the environment names is the user's own.
 */
export function rulesAdvice(origin: RulesOrigin, rulesDir: string): string {
  if (origin === 'installed')
    return 'The rule sets that come with E-Invoice Sync are missing or damaged in this installation; installing the app again puts them back.';
  if (origin === 'env')
    return `EINVOICE_RULES_DIR names ${rulesDir}, which holds no usable compiled rule sets: point it at one, or unset it.`;
  return "Run `npm run build:rules` in the app's folder to compile them (npm start, npm run headless and the command line's sync do it by themselves).";
}

interface Pending {
  job: ValidateJob;
  file: string;
  started: number;
  /** One answer per part the file was handed out in (one, or two when its rule sets run side by side). */
  answers: (WorkerReport | undefined)[];
  settled: boolean;
  /** Runs alone on a one-off worker with the large heap (it is big, or ran out of the pool's heap once). */
  large: boolean;
  /** Its progress, while someone listens (the estimate is made when it is handed to its workers). */
  progress: { tell(p: ValidationProgress): void; estimate: ProgressEstimate | null; last: ValidationProgress | null } | null;
  resolve(r: ValidationReport): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  /** Which of the file's answers this worker's is. */
  part: number;
  timer: NodeJS.Timeout | null;
  /** When its file was handed to it, and whether the file's size (so its time limit) is known yet. */
  handedAt: number;
  sized: boolean;
  idle: NodeJS.Timeout | null;
  /** The one-off large-heap worker: not one of the pool's places, stopped as soon as its file is answered. */
  oneOff: boolean;
}

/** How long a worker may sit without a file before it is stopped and its rule sets released. */
export const IDLE_RELEASE_MS = 60_000;

/** Bytes above this go straight to a one-off large-heap worker (a 31 MB invoice needs about 256 MB of heap). */
export const LARGE_FILE_BYTES = 32 * 1024 * 1024;

const PEPPOL_ID = Buffer.from(PEPPOL_BIS3);
/** The cores other processes must leave free for a file's rule sets to run side by side. */
export const SIDE_BY_SIDE_CORES = 1.5;

/**
 * Whether a file given as bytes may need Peppol's rules beside EN 16931 (detect.ts `rulesetsFor`): asked
 * for, or the Peppol customization id among its first 64 KB (where every invoice syntax has it). Any
 * other file has one rule set at most, and a second worker would only read and check it again.
 */
function mayHavePeppolPart(job: ValidateJob): boolean {
  if (!job.bytes) return false;
  return (
    job.profile === 'peppol' ||
    (job.profile === 'auto' && Buffer.from(job.bytes.buffer, job.bytes.byteOffset, Math.min(job.bytes.length, 65_536)).includes(PEPPOL_ID))
  );
}

/** Answers a file once, whichever of its parts answers, fails or times out first. */
function settle(p: Pending, outcome: ValidationReport | Error): void {
  if (p.settled) return;
  p.settled = true;
  if (outcome instanceof Error) p.reject(outcome);
  else {
    if (p.progress) {
      const end = p.progress.estimate?.finish(performance.now()) ?? { phase: p.progress.last?.phase ?? 'read', percent: 100 };
      p.progress.tell(end);
    }
    p.resolve(outcome);
  }
}

/** Tells a file's listener its progress now, when it moved on. */
function tellProgress(p: Pending): void {
  const pr = p.progress;
  if (!pr || p.settled) return;
  const now = pr.estimate?.progress(performance.now()) ?? { phase: 'read', percent: 0 };
  // Monotonic across a second try too (a file retried on the large heap starts a new estimate).
  const percent = Math.max(now.percent, pr.last?.percent ?? 0);
  if (pr.last && percent === pr.last.percent && now.phase === pr.last.phase) return;
  pr.tell({ phase: now.phase, percent });
}

/** How often a listened-to check's progress is worked out. */
const PROGRESS_TICK_MS = 250;

/**
 * Validates invoice files against the official rules, in worker threads that load the compiled rule
 * sets the first time a file needs them (nothing is loaded when the app starts). Files wait in one
 * queue and each worker takes one at a time; idle workers do not keep the process alive. A file given
 * as bytes that finds the queue empty, two workers free and a core to spare has its rule sets run side
 * by side, EN 16931 on one and Peppol's on the other: its report comes in the time of the slower set.
 */
export class Validator {
  private readonly init: WorkerInit;
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly timeoutPerMbMs: number;
  /** The throughput of each phase, learned from the files checked (progress.ts). */
  private readonly rates: Rates = { ...DEFAULT_RATES };
  private readonly memoryMb: number;
  private readonly largeMemoryMb: number;
  private readonly recycleBytes: number;
  private readonly sideBySide: boolean | 'idle';
  private readonly idleMs: number;
  private spare: SpareCores | null;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(o: ValidatorOptions = {}) {
    const found = o.rulesDir ? { rulesDir: o.rulesDir, vendorDir: null, origin: o.origin ?? 'checkout' } : findRules();
    this.init = {
      rulesDir: found.rulesDir,
      vendorDir: o.vendorDir === undefined ? found.vendorDir : o.vendorDir,
      maxBytes: o.maxBytes ?? MAX_VALIDATE_BYTES,
      advice: rulesAdvice(found.origin, found.rulesDir),
    };
    this.size = Math.max(1, o.workers ?? Math.min(2, availableParallelism()));
    this.timeoutMs = o.timeoutMs ?? 120_000;
    this.timeoutPerMbMs = o.timeoutPerMbMs ?? 15_000;
    this.memoryMb = o.workerMemoryMb ?? 512;
    this.largeMemoryMb = Math.max(this.memoryMb, o.largeWorkerMemoryMb ?? 2048);
    this.recycleBytes = (o.recycleMb ?? (this.memoryMb * 7) / 8) * 1024 * 1024;
    this.sideBySide = o.sideBySide ?? 'idle';
    this.idleMs = o.idleMs ?? IDLE_RELEASE_MS;
    this.spare = o.spareCores ?? null;
  }

  get rulesDir(): string {
    return this.init.rulesDir;
  }

  /** What to do when the rules cannot be loaded (rulesAdvice), for the problem the app shows. */
  get rulesAdvice(): string {
    return this.init.advice;
  }

  /** How many files it validates at once, at most. */
  get poolSize(): number {
    return this.size;
  }

  /** Worker threads running now. */
  get threads(): number {
    return this.slots.length;
  }

  /**
   * Validates a file (its path) or bytes. Resolves with the report, also for a file that cannot be
   * read (status unreadable); rejects with RulesUnavailableError when the compiled rules are missing.
   */
  validate(input: string | Uint8Array, o: ValidateOptions = {}): Promise<ValidationReport> {
    if (this.closed) return Promise.reject(new Error('The validator is closed'));
    const job: ValidateJob = { id: this.nextId++, profile: o.profile ?? 'auto' };
    if (o.sheets && Object.keys(o.sheets).length) job.sheets = o.sheets;
    if (o.only) job.only = o.only;
    if (typeof input === 'string') job.path = input;
    else job.bytes = input;
    const file = typeof input === 'string' ? input : (o.name ?? '(bytes)');
    if (o.signal?.aborted) return Promise.reject(new ValidationCancelledError(file));
    return new Promise((res, rej) => {
      const large = (job.bytes?.length ?? 0) > LARGE_FILE_BYTES;
      const p: Pending = {
        job,
        file,
        started: performance.now(),
        answers: [],
        settled: false,
        large,
        progress: null,
        resolve: res,
        reject: rej,
      };
      const signal = o.signal;
      const onProgress = o.onProgress;
      if (onProgress) {
        const ticker = setInterval(() => tellProgress(p), PROGRESS_TICK_MS);
        ticker.unref();
        const pr: NonNullable<Pending['progress']> = {
          estimate: null,
          last: null,
          tell(x) {
            pr.last = x;
            if (x.percent >= 100) clearInterval(ticker);
            try {
              onProgress(x);
            } catch {
              // A listener's fault is not the check's.
            }
          },
        };
        p.progress = pr;
        const [resolve, reject] = [p.resolve, p.reject];
        p.resolve = (r) => {
          clearInterval(ticker);
          resolve(r);
        };
        p.reject = (e) => {
          clearInterval(ticker);
          reject(e);
        };
        pr.tell({ phase: 'read', percent: 0 });
      }
      if (signal) {
        const onAbort = () => this.cancel(p);
        signal.addEventListener('abort', onAbort, { once: true });
        const done = () => signal.removeEventListener('abort', onAbort);
        const [resolve, reject] = [p.resolve, p.reject];
        p.resolve = (r) => {
          done();
          resolve(r);
        };
        p.reject = (e) => {
          done();
          reject(e);
        };
      }
      this.queue.push(p);
      this.pump();
    });
  }

  private cancel(p: Pending): void {
    if (p.settled) return;
    settle(p, new ValidationCancelledError(p.file));
    const at = this.queue.indexOf(p);
    if (at >= 0) this.queue.splice(at, 1);
    for (const s of this.slots.filter((x) => x.busy === p)) {
      s.busy = null;
      void this.stop(s, null);
    }
    if (!this.closed) this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) settle(p, new Error('The validator was closed'));
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s, new Error('The validator was closed'))));
  }

  private pump(): void {
    // A large file runs alone on a one-off worker, one such at a time (two 100 MB invoices at once could
    // take 4 GB); the files behind it are not held up while it waits for its turn.
    const large = this.queue.findIndex((p) => p.large);
    if (large >= 0 && !this.slots.some((s) => s.oneOff)) {
      const p = this.queue.splice(large, 1)[0] as Pending;
      this.hand(this.spawn(true), p, 0, undefined);
      this.estimating(p);
    }
    for (;;) {
      const at = this.queue.findIndex((p) => !p.large);
      if (at < 0) return;
      const slot = this.freeSlot(null);
      if (!slot) return;
      const [p] = this.queue.splice(at, 1) as [Pending];
      // Side by side only when nothing else waits (a queue keeps every worker busy anyway), for bytes (a
      // path would be read twice, and the file could change between the two reads) that may need Peppol's rules.
      const second = this.queue.length === 0 && mayHavePeppolPart(p.job) && this.coreToSpare() ? this.freeSlot(slot) : null;
      if (second) {
        this.hand(slot, p, 0, 'first');
        this.hand(second, p, 1, 'rest');
      } else this.hand(slot, p, 0, undefined);
      this.estimating(p);
    }
  }

  /** A listened-to file handed out: its estimate covers the parts it went in. */
  private estimating(p: Pending): void {
    if (p.progress) p.progress.estimate = new ProgressEstimate(p.answers.length, this.rates);
  }

  /** The time limit of a file of `bytes` (timeLimitFor). */
  limitFor(bytes: number): number {
    return timeLimitFor(bytes, this.timeoutMs, this.timeoutPerMbMs);
  }

  /** Arms a worker's time limit for its file: what is left of the limit for `bytes` since it was handed. */
  private arm(slot: Slot, p: Pending, bytes: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    const left = Math.max(0, this.limitFor(bytes) - (performance.now() - slot.handedAt));
    slot.timer = setTimeout(() => this.timedOut(p, bytes), left);
  }

  private timedOut(p: Pending, bytes: number): void {
    const s = Math.round(this.limitFor(bytes) / 1000);
    settle(p, unreadable(p, `The file could not be checked within ${s} s, the time this app allows a file of its size.`, 'time'));
    // Every worker on the file is replaced: the other part is of no use now, and may be stuck too.
    for (const x of this.slots.filter((y) => y.busy === p)) {
      x.busy = null;
      void this.stop(x, null);
    }
    this.pump();
  }

  private coreToSpare(): boolean {
    if (this.sideBySide !== 'idle') return this.sideBySide;
    this.spare ??= new SpareCores();
    // Two workers want two cores; half a core of someone else's work still leaves the second one worth it.
    return this.spare.free >= SIDE_BY_SIDE_CORES;
  }

  /** A worker with nothing to do (other than `not`), started if the pool has room; null when all are busy. */
  private freeSlot(not: Slot | null): Slot | null {
    const free = this.slots.find((s) => !s.busy && !s.oneOff && s !== not);
    if (free) return free;
    return this.slots.filter((s) => !s.oneOff).length < this.size ? this.spawn(false) : null;
  }

  private hand(slot: Slot, p: Pending, index: number, part: JobPart | undefined): void {
    slot.busy = p;
    slot.part = index;
    p.answers[index] = undefined;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.worker.ref();
    slot.handedAt = performance.now();
    // A path's size is known once its worker reads it (its first step re-arms the limit).
    slot.sized = p.job.bytes !== undefined;
    this.arm(slot, p, p.job.bytes?.length ?? 0);
    const job: ValidateJob = part ? { ...p.job, part } : p.job;
    // Bytes are copied once per worker, to exactly their length, and the copy is moved: the caller keeps
    // its own (a Buffer can be a view into a much larger ArrayBuffer, which a plain postMessage would clone whole).
    const bytes = p.job.bytes ? new Uint8Array(p.job.bytes) : null;
    slot.worker.postMessage(bytes ? { ...job, bytes } : job, bytes ? [bytes.buffer] : []);
  }

  private spawn(oneOff: boolean): Slot {
    const entry = workerEntry(import.meta.url, './validate-worker.js', './worker.ts');
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      // Not the host's flags (--input-type, --inspect ...): the worker needs none of them.
      execArgv: [],
      workerData: this.init,
      resourceLimits: { maxOldGenerationSizeMb: oneOff ? this.largeMemoryMb : this.memoryMb },
    });
    const slot: Slot = { worker, busy: null, part: 0, timer: null, handedAt: 0, sized: false, idle: null, oneOff };
    worker.on('message', (a: WorkerAnswer) => this.answer(slot, a));
    worker.on('error', (e) => this.lost(slot, e));
    worker.on('exit', (code) => this.lost(slot, new Error(`The validation worker stopped (exit code ${code})`)));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private answer(slot: Slot, a: WorkerAnswer): void {
    const p = slot.busy;
    if (!p || p.job.id !== a.id) return;
    if ('step' in a) {
      this.stepped(slot, p, a);
      return;
    }
    if (slot.timer) clearTimeout(slot.timer);
    slot.busy = null;
    slot.timer = null;
    slot.worker.unref();
    if (slot.oneOff || a.heapBytes > this.recycleBytes) void this.stop(slot, null);
    else this.idleAfterwards(slot);
    if (!a.ok) {
      if (a.kind === 'unreadable') settle(p, unreadable(p, a.message));
      else if (a.kind === 'size') settle(p, unreadable(p, a.message, 'size'));
      else if (a.kind === 'rules') settle(p, new RulesUnavailableError(a.message));
      else settle(p, new Error(`Validation failed: ${a.message}`));
    } else {
      p.answers[slot.part] = a;
      const parts = p.answers.filter((x) => x !== undefined) as WorkerReport[];
      if (parts.length === p.answers.length) settle(p, toReport(p, joinParts(parts)));
    }
    this.pump();
  }

  /** A worker began a phase of its file: the estimate moves, and the time limit follows the file's size. */
  private stepped(slot: Slot, p: Pending, a: WorkerStep): void {
    if (!slot.sized) {
      slot.sized = true;
      this.arm(slot, p, a.bytes);
    }
    p.progress?.estimate?.step(slot.part, a.step, a.phases, a.bytes, performance.now());
    tellProgress(p);
  }

  private idleAfterwards(slot: Slot): void {
    slot.idle = setTimeout(() => {
      if (!slot.busy) void this.stop(slot, null);
    }, this.idleMs);
    slot.idle.unref();
  }

  /** A worker died (out of memory, a crash): its file is answered, and the next file gets a new worker. */
  private lost(slot: Slot, e: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    const p = slot.busy;
    slot.busy = null;
    if (p) {
      const oom = (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (oom && !p.large && !p.settled && !this.closed) {
        // Once more, alone, on a worker with the large heap: the other part of a side-by-side file is
        // dropped with it (its worker is replaced), and the file goes first in the queue.
        for (const s of this.slots.filter((x) => x.busy === p)) {
          s.busy = null;
          void this.stop(s, null);
        }
        p.large = true;
        p.answers = [];
        this.queue.unshift(p);
      } else if (oom) {
        const mb = slot.oneOff ? this.largeMemoryMb : this.memoryMb;
        settle(p, unreadable(p, `The file needs more memory to validate than the ${mb} MB allowed.`, 'memory'));
      } else settle(p, new Error(`Validation failed: ${e.message}`));
    }
    if (!this.closed) this.pump();
  }

  private async stop(slot: Slot, e: Error | null): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    if (slot.busy && e) settle(slot.busy, e);
    slot.busy = null;
    await slot.worker.terminate();
  }
}
