import { createHash } from 'node:crypto';

/**
 * Where in its poll interval an account polls, as a fraction 0..1 taken from its id: stable across
 * restarts, and for many accounts spread evenly over the interval, so that an accounting office's
 * hundreds of companies do not all ask the service in the same second.
 */
export function pollPhase(accountId: string): number {
  return createHash('sha256').update(accountId).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/**
 * The account's next poll after one that started at `startedAt`: its first slot (phase + k intervals)
 * at least one interval after that start. The interval is never shorter than the user set; after a
 * poll off the slots ("Sync now", the first one at start) the next is up to one interval later than
 * that, and from then on exactly one interval apart.
 */
export function nextPollSlot(startedAt: number, intervalMs: number, phase: number): number {
  if (intervalMs <= 0) return startedAt;
  // Whole milliseconds: a poll that began on its slot lands exactly on the next one, not one further.
  const offset = Math.floor(phase * intervalMs);
  const k = Math.ceil((startedAt + intervalMs - offset) / intervalMs);
  return offset + k * intervalMs;
}
