import { ACTIVE_OUTBOX_STATES } from '../store/outbox';
import type { SyncContext } from './context';
import { companionOf, groupDocuments } from './document-groups';
import type { Observation } from './planner';
import type { Refusal, ScannedFile } from './scan';

/**
 * How long a companion without its document waits before it is set aside with a note, in stability
 * waits: a minute at the default two seconds, time enough to drop the document after its attachments.
 */
export const ORPHAN_GRACE_WAITS = 30;

export interface PassGroups {
  /** Whether a file the planner would take in is to be taken in now (a document waits for its companions; a companion never goes alone). */
  ready(file: ScannedFile): boolean;
  companionsOf(file: ScannedFile): ScannedFile[];
  /** Companions that waited the grace period for a document that never came. */
  orphansDue: Refusal[];
  /** When a waiting companion settles or runs out of grace (null: none waits). */
  wakeAt: number | null;
}

/**
 * What this outbound pass does with trading documents and the files beside them: a document is taken
 * in only once every companion kept its size and time for the stability wait, with them; a companion
 * of no document (or of two) gets a note in Failed/ after the grace period, unless a queued row holds
 * it already (its document is being sent or moved).
 */
export function companionsOfPass(ctx: SyncContext, scan: readonly ScannedFile[], seen: ReadonlyMap<string, Observation>): PassGroups {
  const now = ctx.now();
  const groups = groupDocuments(scan);
  const held = new Set(
    ctx.store.outbox.listByStates(ctx.account.id, ACTIVE_OUTBOX_STATES).flatMap((j) => (j.companions ?? []).map((c) => c.relPath)),
  );
  let wakeAt: number | null = null;
  const wake = (t: number) => {
    wakeAt = wakeAt === null ? t : Math.min(wakeAt, t);
  };
  const settledSince = (f: ScannedFile): number => {
    const o = seen.get(f.relPath);
    return o && o.size === f.size && o.mtimeMs === f.mtimeMs ? o.since : now;
  };
  const waiting = new Set<string>();
  for (const [main, companions] of groups.companions) {
    for (const c of companions) {
      const at = settledSince(c) + ctx.stableMs;
      if (at > now) {
        waiting.add(main);
        wake(at);
      }
    }
  }
  const orphansDue: Refusal[] = [];
  const grace = ORPHAN_GRACE_WAITS * ctx.stableMs;
  for (const { file, reason } of groups.orphans) {
    if (held.has(file.relPath)) continue;
    const at = settledSince(file) + grace;
    if (at > now) wake(at);
    else orphansDue.push({ relPath: file.relPath, folder: file.folder, subdir: file.subdir, name: file.name, kind: file.kind, reason });
  }
  return {
    // A companion never goes alone: with its document, or to Failed/ once its grace is over.
    ready: (file) => !(file.kind === 'document' && companionOf(file.name)) && !held.has(file.relPath) && !waiting.has(file.relPath),
    companionsOf: (file) => groups.companions.get(file.relPath) ?? [],
    orphansDue,
    wakeAt,
  };
}
