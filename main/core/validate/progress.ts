import type { CheckPhase, ValidationProgress } from '../../../shared/validation/report';

// SaxonJS runs a rule set as one synchronous call and says nothing while it runs, so a check's progress is
// an estimate: the worker says when each phase starts (parsing, then each rule set) and how big the file
// is, and within a phase the share done is the time spent over the time that phase is expected to take
// for that size, at the throughput measured on earlier files. A phase never shows done before it is.

/** Expected milliseconds per MB of invoice for each kind of phase (learned from the files checked). */
export type Rates = Record<'parse' | 'en16931' | 'peppol', number>;

/**
 * Where the estimate starts before any file was measured: a 10,000-line Peppol invoice (15 MB) on the
 * 2-core development machine, after issue 41's first speed-ups (about 0.3 s/MB to parse, 2.5 s/MB for
 * EN 16931, 1 s/MB for Peppol's rules).
 */
export const DEFAULT_RATES: Rates = { parse: 300, en16931: 2500, peppol: 1000 };

/** Files smaller than this are all overhead (a worker's start, loading rules): they teach nothing of throughput. */
const LEARN_FROM_BYTES = 512 * 1024;
/**
 * The share of a phase shown after `elapsed` of an `expected` time: in step with the clock up to 80 %,
 * then closing in on the end ever more slowly, so a phase that takes longer than expected (a busy
 * machine) still moves and never shows done before it is.
 */
export function phaseShare(elapsed: number, expected: number): number {
  const knee = 0.8;
  const x = Math.max(0, elapsed) / expected;
  if (x <= knee) return x;
  // Past the knee, the rest is closed in on with a time constant of two expected durations.
  return knee + (1 - knee) * (1 - Math.exp(-(x - knee) / 2));
}
const MB = 1024 * 1024;

/** The kind of a worker phase: `parse`, or the family of the rule set being run. */
export function kindOf(phase: CheckPhase): keyof Rates {
  if (phase === 'parse') return 'parse';
  return phase.startsWith('PEPPOL') ? 'peppol' : phase.startsWith('EN16931') ? 'en16931' : 'parse';
}

/** What the page shows of a phase: parse, en16931 or peppol. */
export function shownPhase(phase: CheckPhase | null): ValidationProgress['phase'] {
  if (!phase) return 'read';
  return kindOf(phase);
}

interface Part {
  bytes: number;
  phases: CheckPhase[];
  /** The index in `phases` being run, and since when. */
  at: number;
  since: number;
}

/**
 * One file's progress over the parts it was handed out in (one, or two side by side). Answers a
 * percent that only grows and stays below 100 until `finish`.
 */
export class ProgressEstimate {
  private readonly parts: (Part | null)[];
  private shown = 0;
  private phase: CheckPhase | null = null;

  constructor(
    parts: number,
    private readonly rates: Rates,
  ) {
    this.parts = Array.from({ length: parts }, () => null);
  }

  /** Part `part` began `phase` at `now` (its plan: every phase it will run, in order). */
  step(part: number, phase: CheckPhase, phases: readonly CheckPhase[], bytes: number, now: number): void {
    const was = this.parts[part];
    const at = Math.max(0, phases.indexOf(phase));
    if (was && was.at < at) this.learn(was, now);
    // The same phase again with a fuller plan (parsing starts before the syntax, so the rule sets, is known).
    const since = was && was.phases[was.at] === phase ? was.since : now;
    this.parts[part] = { bytes, phases: [...phases], at, since };
    this.phase = phase;
  }

  /** The expected milliseconds of a phase for `bytes` (never zero, so a tiny file still moves). */
  private expected(phase: CheckPhase, bytes: number): number {
    return Math.max(50, (bytes / MB) * this.rates[kindOf(phase)]);
  }

  /** A phase ended: its measured throughput moves the rate halfway towards it. */
  private learn(p: Part, now: number): void {
    const phase = p.phases[p.at];
    if (!phase || p.bytes < LEARN_FROM_BYTES) return;
    const kind = kindOf(phase);
    const measured = (now - p.since) / (p.bytes / MB);
    this.rates[kind] = (this.rates[kind] + measured) / 2;
  }

  /** The share done at `now`, 0 to 99. */
  percent(now: number): number {
    let done = 0;
    let total = 0;
    for (const p of this.parts) {
      if (!p) continue;
      p.phases.forEach((phase, i) => {
        const e = this.expected(phase, p.bytes);
        total += e;
        if (i < p.at) done += e;
        else if (i === p.at) done += e * phaseShare(now - p.since, e);
      });
    }
    const estimate = total > 0 ? Math.floor((done / total) * 100) : 0;
    this.shown = Math.min(99, Math.max(this.shown, estimate));
    return this.shown;
  }

  /** What to tell now. */
  progress(now: number): ValidationProgress {
    return { phase: shownPhase(this.phase), percent: this.percent(now) };
  }

  /** The report came: every part's last phase is measured, and the progress is 100. */
  finish(now: number): ValidationProgress {
    for (const p of this.parts) if (p) this.learn(p, now);
    this.shown = 100;
    return { phase: shownPhase(this.phase), percent: 100 };
  }
}

/**
 * How long a file may take: `baseMs` for any file, and `perMbMs` more for each MB, so a 15 MB invoice
 * that takes a minute is not cut off at two while a stuck small file still is.
 */
export function timeLimitFor(bytes: number, baseMs: number, perMbMs: number): number {
  return Math.round(baseMs + (bytes / MB) * perMbMs);
}
