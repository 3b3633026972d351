import { readFile, stat } from 'node:fs/promises';
import type { SyncContext } from './context';
import { absolute } from './layout';
import { MAX_UPLOAD_BYTES } from './local-checks';
import type { Observation } from './planner';
import type { ScannedFile } from './scan';

/**
 * A program that pauses while it writes a file (a slow export, a network copy) leaves it looking
 * stable for the stability wait with only its first part there. Refused then, it moved to Failed/ and
 * the writer finished it there: a valid invoice beside a note saying it is broken. A refusal of a file
 * that ends early (its XML cut: elements still open, or the end inside a tag or comment) gets one more
 * stability window first; one still refused is watched in Failed/, and a change there is told.
 */
export interface CutShortMemory {
  /** Per Outbox path, the size and mtime that were given their second look. */
  looked: Map<string, string>;
  /** Per refused file's place in Failed/: what it was when refused. */
  refused: Map<string, Refused>;
  /** Second looks given so far (a pass tells its own by the difference). */
  given: number;
  /** Whether `refused` was read back from the rows (the watches an earlier run of the app started). */
  loaded: boolean;
}

interface Refused {
  /** Where the file is now (absolute), its name and relative path for the activity log, its outbox row. */
  dest: string;
  name: string;
  relPath: string;
  outboxId: number;
  size: number;
  mtimeMs: number;
  at: number;
}

/** How long a refused file is watched for a writer that goes on: writers pause seconds or minutes, not hours. */
export const WATCH_REFUSED_MS = 10 * 60_000;
/** How often a watched file is looked at (a stat; the account's pass comes that often while one is watched). */
export const WATCH_EVERY_MS = 2000;

export const newCutShortMemory = (): CutShortMemory => ({ looked: new Map(), refused: new Map(), given: 0, loaded: false });

const signature = (f: { size: number; mtimeMs: number }) => `${f.size}:${f.mtimeMs}`;

/**
 * Whether markup ends before the document does: every tag closed so far matches what it closes, but
 * the end comes with elements still open, inside a tag, comment, section or declaration, or before any
 * element. Other malformations (a mismatched end tag, a second root, text after the root) are not a cut.
 */
export function endsEarly(text: string): boolean {
  const stack: string[] = [];
  let rooted = false;
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return stack.length > 0 || !rooted;
    const rest = text.slice(lt, lt + 9);
    const skip = (open: string, close: string): number | null => {
      if (!text.startsWith(open, lt)) return null;
      const e = text.indexOf(close, lt + open.length);
      return e < 0 ? -1 : e + close.length;
    };
    // The end inside the opening of a comment or section ("<!-", "<![CDA"): cut.
    if (rest.length < 9 && ('<!--'.startsWith(rest) || '<![CDATA['.startsWith(rest))) return true;
    const skipped = skip('<?', '?>') ?? skip('<!--', '-->') ?? skip('<![CDATA[', ']]>') ?? skip('<!', '>');
    if (skipped !== null) {
      if (skipped < 0) return true;
      i = skipped;
      continue;
    }
    const end = tagEnd(text, lt + 1);
    if (end < 0) return true;
    const body = text.slice(lt + 1, end);
    if (body.startsWith('/')) {
      if (stack.pop() !== body.slice(1).trim()) return false;
    } else {
      const name = /^[^\s/>]+/.exec(body)?.[0];
      if (!name || (rooted && stack.length === 0)) return false;
      rooted = true;
      if (!body.endsWith('/')) stack.push(name);
    }
    i = end + 1;
  }
}

/** The `>` that ends the tag begun at `from`, outside quoted attribute values; -1 when the text ends first. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let j = from; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return -1;
}

/** Whether the app's copy of a file is XML that ends early (read as bytes; the markup is ASCII in every encoding but UTF-16). */
async function copyEndsEarly(path: string, size: number): Promise<boolean> {
  if (size === 0 || size > MAX_UPLOAD_BYTES) return false;
  const data = await readFile(path).catch(() => null);
  if (!data || data.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return false;
  const text =
    data[0] === 0xff && data[1] === 0xfe
      ? data.subarray(2).toString('utf16le')
      : data[0] === 0xfe && data[1] === 0xff
        ? Buffer.from(data.subarray(2, 2 + ((data.length - 2) & ~1)))
            .swap16()
            .toString('utf16le')
        : data.toString('latin1');
  return /^\s*</.test(text.slice(0, 1024)) && endsEarly(text);
}

/** What intake needs to give a refused file its second look: this memory and the planner's. */
export interface SecondLook {
  cut: CutShortMemory;
  seen: Map<string, Observation>;
}

/**
 * Called with a refusal before the file moves: answers true when the file ends early and this size and
 * mtime have not had their second look, and starts its stability wait again (the planner takes it in
 * once it stayed unchanged that long again; a writer that went on makes it a new version).
 */
export async function lookAgain(ctx: SyncContext, memory: SecondLook | undefined, file: ScannedFile, copy: string, size: number) {
  if (!memory || memory.cut.looked.get(file.relPath) === signature(file)) return false;
  if (!(await copyEndsEarly(copy, size))) return false;
  memory.cut.looked.set(file.relPath, signature(file));
  memory.cut.given++;
  memory.seen.set(file.relPath, { size: file.size, mtimeMs: file.mtimeMs, since: ctx.now() });
  ctx.log.info('a file that ends early waits one more stability time before it is refused', { file: file.relPath });
  return true;
}

/** A refused file that had its second look: watched in Failed/ (`dest`) for a writer that goes on. */
export function watchRefused(ctx: SyncContext, memory: SecondLook | undefined, file: ScannedFile, dest: string, outboxId: number): void {
  if (!memory || memory.cut.looked.get(file.relPath) !== signature(file)) return;
  memory.cut.looked.delete(file.relPath);
  const at = ctx.now();
  memory.cut.refused.set(dest, { dest, name: file.name, relPath: file.relPath, outboxId, size: file.size, mtimeMs: file.mtimeMs, at });
  // On the row too: an app stopped and started again in these minutes goes on watching.
  ctx.store.outbox.setWatch(outboxId, at + WATCH_REFUSED_MS);
}

/** The watches an earlier run started (kept on their rows), read once per run before the first look. */
function loadWatches(ctx: SyncContext, memory: CutShortMemory): void {
  memory.loaded = true;
  for (const row of ctx.store.outbox.listWatched(ctx.account.id, ctx.now())) {
    if (!row.destPath) continue;
    const dest = absolute(ctx.account.root, row.destPath);
    if (memory.refused.has(dest)) continue;
    memory.refused.set(dest, {
      dest,
      name: row.filename,
      relPath: row.relPath,
      outboxId: row.id,
      size: row.size,
      mtimeMs: row.mtimeMs,
      at: row.watchUntil - WATCH_REFUSED_MS,
    });
  }
}

/**
 * Once per pass: a refused file that changed in Failed/ since it was refused is told in the activity
 * log (the invoice there may now be whole, and is not sent from there); one gone or watched long
 * enough is forgotten. Second looks of files no longer in the Outbox are forgotten too.
 */
export async function noticeChangedRefusals(ctx: SyncContext, memory: CutShortMemory, present: ReadonlySet<string>): Promise<void> {
  for (const p of memory.looked.keys()) if (!present.has(p)) memory.looked.delete(p);
  if (!memory.loaded) loadWatches(ctx, memory);
  const forget = (key: string, r: Refused) => {
    memory.refused.delete(key);
    ctx.store.outbox.setWatch(r.outboxId, null);
  };
  for (const [key, r] of memory.refused) {
    const now = await stat(r.dest).catch(() => null);
    if (!now || ctx.now() - r.at > WATCH_REFUSED_MS) {
      forget(key, r);
      continue;
    }
    if (now.size === r.size && Math.trunc(now.mtimeMs) === r.mtimeMs) continue;
    forget(key, r);
    const message = `${r.name} changed after it was refused: drop it again to send it (it is in Failed/ now, and nothing there is sent).`;
    ctx.store.activity.append({
      accountId: ctx.account.id,
      level: 'warn',
      kind: 'outbox.changed_after_refusal',
      message,
      ref: String(r.outboxId),
    });
    ctx.log.warn(message, { file: r.relPath });
    ctx.events.emit('problem', { accountId: ctx.account.id, kind: 'skip', message });
  }
}
