import type { ScannedFile } from './scan';

/** What the planner needs of an active outbox row. */
export interface ActiveRow {
  id: number;
  relPath: string;
  size: number;
  mtimeMs: number;
  state: 'queued' | 'held_duplicate' | 'needs_user' | 'uploading' | 'uploaded' | 'moving';
  attempts: number;
  nextAttemptAt: number;
}

/** The last size and mtime seen for a path, and since when they have not changed. */
export interface Observation {
  size: number;
  mtimeMs: number;
  since: number;
}

export interface PlanInput {
  now: number;
  /** How long a file must keep its size and mtime before it counts as written. */
  stableMs: number;
  scan: readonly ScannedFile[];
  seen: ReadonlyMap<string, Observation>;
  active: readonly ActiveRow[];
}

export type Op =
  /** A file that stopped changing and is not queued yet: hash it, keep a copy, queue it. */
  | { op: 'intake'; file: ScannedFile }
  /** A queued row whose time has come. */
  | { op: 'upload'; id: number }
  /** Uploaded (or cut short while moving): move the file to Sent/. */
  | { op: 'finish'; id: number }
  /** The user took the file out of the Outbox before any upload began: do not send it. */
  | { op: 'cancel'; id: number };

export interface Plan {
  ops: Op[];
  seen: Map<string, Observation>;
  /** Listed files with no row that are still being written: when each will count as settled. */
  settling: { file: ScannedFile; stableAt: number }[];
  /** When the next decision can change without any new event (a file turning stable, a retry due). */
  wakeAt: number | null;
}

/**
 * Decides what to do from the folder listing, the active outbox rows and the clock. Pure: no I/O,
 * no clock reads, no randomness, so it can be property-tested and replayed in a simulation.
 */
export function plan(input: PlanInput): Plan {
  const { now, stableMs } = input;
  const seen = new Map<string, Observation>();
  const ops: Op[] = [];
  const settling: Plan['settling'] = [];
  let wakeAt: number | null = null;
  const wake = (t: number) => {
    wakeAt = wakeAt === null ? t : Math.min(wakeAt, t);
  };

  const rowsByPath = new Map<string, ActiveRow[]>();
  for (const r of input.active) rowsByPath.set(r.relPath, [...(rowsByPath.get(r.relPath) ?? []), r]);
  const present = new Set<string>();

  for (const f of input.scan) {
    present.add(f.relPath);
    const prev = input.seen.get(f.relPath);
    const unchanged = prev !== undefined && prev.size === f.size && prev.mtimeMs === f.mtimeMs;
    const obs: Observation = unchanged ? prev : { size: f.size, mtimeMs: f.mtimeMs, since: now };
    seen.set(f.relPath, obs);
    const queued = (rowsByPath.get(f.relPath) ?? []).some((r) => r.size === f.size && r.mtimeMs === f.mtimeMs);
    if (queued) continue;
    if (f.size === 0 && !unchanged) {
      // An empty file is often the first moment of a copy: give it the same wait as any change.
      wake(now + stableMs);
      settling.push({ file: f, stableAt: now + stableMs });
      continue;
    }
    if (now - obs.since >= stableMs) ops.push({ op: 'intake', file: f });
    else {
      wake(obs.since + stableMs);
      settling.push({ file: f, stableAt: obs.since + stableMs });
    }
  }

  for (const r of input.active) {
    if (r.state === 'uploaded' || r.state === 'moving') {
      ops.push({ op: 'finish', id: r.id });
    } else if (
      (r.state === 'queued' || r.state === 'held_duplicate' || r.state === 'needs_user') &&
      r.attempts === 0 &&
      !present.has(r.relPath)
    ) {
      ops.push({ op: 'cancel', id: r.id });
    } else if (r.state === 'queued') {
      if (r.nextAttemptAt <= now) ops.push({ op: 'upload', id: r.id });
      else wake(r.nextAttemptAt);
    }
  }
  return { ops, seen, settling, wakeAt };
}
