import { createHash } from 'node:crypto';

/**
 * One line of an account's archive chain (issue 42, item 4). Every file the app keeps for an invoice or
 * document is `add`ed once it is durably in place; a reorganize records a `move` (history is never
 * rewritten); a file found in place at a start without its entry (a crash between its rename and its
 * entry) is added with `op: 'reconcile'`, which says so. `hash` is the SHA-256 of the previous entry's
 * hash and this entry's own text, so no entry can be changed, dropped or put between others unseen.
 */
export interface ChainEntry {
  seq: number;
  /** When the entry was made (ISO). */
  at: string;
  op: 'add' | 'move' | 'reconcile';
  /** Relative to the account's root, forward slashes. */
  path: string;
  /** For a move: where the file was. */
  from?: string;
  sha256: string;
  size: number;
  /** What the file belongs to: `invoice:<id>`, `document:<id>`, `bank_message:<id>`, `outbox:<id>`. */
  ref?: string;
  /** The day the file counts for in an export (the invoice's date, else when it was kept), YYYY-MM-DD. */
  date?: string;
  prev: string;
  hash: string;
}

export type NewEntry = Omit<ChainEntry, 'seq' | 'prev' | 'hash' | 'at'>;

/** The `prev` of the first entry. */
export const GENESIS = '0'.repeat(64);

const TAIL = /,"hash":"([0-9a-f]{64})"\}$/;

const hashOf = (prev: string, body: string) => createHash('sha256').update(prev).update('\n').update(body).digest('hex');

/** The line for an entry (no newline): its body in JSON, then its hash as the last field. */
export function encodeEntry(e: Omit<ChainEntry, 'hash'>): { line: string; hash: string } {
  const body = JSON.stringify({
    seq: e.seq,
    at: e.at,
    op: e.op,
    path: e.path,
    ...(e.from !== undefined ? { from: e.from } : {}),
    sha256: e.sha256,
    size: e.size,
    ...(e.ref !== undefined ? { ref: e.ref } : {}),
    ...(e.date !== undefined ? { date: e.date } : {}),
    prev: e.prev,
  });
  const hash = hashOf(e.prev, body);
  return { line: `${body.slice(0, -1)},"hash":"${hash}"}`, hash };
}

export type Decoded = { ok: true; entry: ChainEntry; sealed: boolean } | { ok: false; why: string };

/**
 * Reads one line back. `sealed` is whether its hash is the hash of its own text after `prev`: a line
 * edited by hand (a hash, a size, a path) is not, whatever it says.
 */
export function decodeEntry(line: string): Decoded {
  const m = TAIL.exec(line);
  if (!m) return { ok: false, why: 'it is not an entry of the chain (no hash at its end)' };
  let entry: ChainEntry;
  try {
    entry = JSON.parse(line) as ChainEntry;
  } catch {
    return { ok: false, why: 'it is not readable' };
  }
  if (
    typeof entry.seq !== 'number' ||
    typeof entry.path !== 'string' ||
    typeof entry.sha256 !== 'string' ||
    typeof entry.prev !== 'string' ||
    !['add', 'move', 'reconcile'].includes(entry.op)
  )
    return { ok: false, why: 'it lacks what an entry holds' };
  const body = `${line.slice(0, m.index)}}`;
  return { ok: true, entry, sealed: hashOf(entry.prev, body) === m[1] };
}

/** What the chain says is kept: each path's hash and size, and the entry that said so last. */
export type ChainState = Map<string, { sha256: string; size: number; seq: number; ref?: string; date?: string }>;

export function applyEntry(state: ChainState, e: ChainEntry): void {
  if (e.op === 'move' && e.from !== undefined) {
    const was = state.get(e.from);
    state.delete(e.from);
    state.set(e.path, { sha256: e.sha256, size: e.size, seq: e.seq, ref: e.ref ?? was?.ref, date: e.date ?? was?.date });
    return;
  }
  state.set(e.path, { sha256: e.sha256, size: e.size, seq: e.seq, ref: e.ref, date: e.date });
}
