import { readFile, stat } from 'node:fs/promises';
import { XMLValidator } from 'fast-xml-parser';
import type { DocumentReference } from '../store/outbox';
import type { SyncContext } from './context';
import { companionOf } from './document-groups';
import { absolute } from './layout';
import { MAX_UPLOAD_BYTES } from './local-checks';
import type { ScannedFile } from './scan';
import { Spool } from './spool';

/** The sandbox's form takes 50 files (the spec shows no limit): the document and 49 attachments. */
export const MAX_ATTACHMENTS = 49;
/** references[n][reference_id] is at most 255 characters (the sandbox's choice; the spec shows none). */
const MAX_REFERENCE_ID = 255;

export interface CapturedCompanion {
  file: ScannedFile;
  role: 'attachment' | 'references';
  /** The synced copy in the spool, under a temporary name until the group is committed. */
  tmp: string;
  sha256: string;
  size: number;
  references: DocumentReference[];
}

export type CompanionCapture =
  | { ok: true; captured: CapturedCompanion[] }
  /** One of them is being written, locked or changed: nothing is kept, the next pass tries again. */
  | { ok: false; retry: true }
  /** What the service would refuse, in plain words, one line per file (the copies are discarded). */
  | { ok: false; retry: false; message: string; details: string[] };

/**
 * Copies a document's companions into the spool (each synced, as the document is) and checks them:
 * an empty attachment, XML the service would refuse (not well-formed, a DTD), too many attachments, a
 * group larger than an upload may be, a reference list that lists nothing usable.
 */
export async function captureCompanions(ctx: SyncContext, files: readonly ScannedFile[], mainSize: number): Promise<CompanionCapture> {
  const spool = new Spool(ctx.spoolDir);
  const captured: CapturedCompanion[] = [];
  const discard = async () => {
    for (const c of captured) await spool.discard(c.tmp);
  };
  for (const file of files) {
    const src = absolute(ctx.account.root, file.relPath);
    let copy: Awaited<ReturnType<Spool['capture']>>;
    try {
      copy = await spool.capture(src, { dev: file.dev, ino: file.ino });
    } catch {
      await discard();
      return { ok: false, retry: true };
    }
    const after = await stat(src).catch(() => null);
    const role = companionOf(file.name)?.role ?? 'attachment';
    captured.push({ file, role, tmp: copy.tmp, sha256: copy.sha256, size: copy.size, references: [] });
    if (!after || after.size !== copy.size || Math.trunc(after.mtimeMs) !== file.mtimeMs) {
      await discard();
      return { ok: false, retry: true };
    }
  }
  const details: string[] = [];
  for (const c of captured) {
    const problem = c.role === 'references' ? await readReferences(c) : await attachmentProblem(c);
    if (problem) details.push(`${c.file.name}: ${problem}`);
  }
  const attachments = captured.filter((c) => c.role === 'attachment');
  if (attachments.length > MAX_ATTACHMENTS)
    details.push(`${attachments.length} attachments: a document can carry at most ${MAX_ATTACHMENTS}.`);
  const total = mainSize + attachments.reduce((n, c) => n + c.size, 0);
  if (total > MAX_UPLOAD_BYTES) {
    details.push(
      `Together the document and its attachments are ${(total / 1024 / 1024).toFixed(1)} MB; one upload takes up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    );
  }
  if (details.length) {
    await discard();
    return {
      ok: false,
      retry: false,
      message: 'A file dropped beside the document to go with it cannot be sent, so the document was not sent either.',
      details,
    };
  }
  return { ok: true, captured };
}

/** Why the service would refuse this attachment, or null. */
async function attachmentProblem(c: CapturedCompanion): Promise<string | null> {
  if (c.size === 0) return 'the attachment is empty.';
  if (c.size > MAX_UPLOAD_BYTES)
    return `the attachment is ${(c.size / 1024 / 1024).toFixed(1)} MB; one upload takes up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  const data = await readFile(c.tmp);
  const text = data.toString('utf8', 0, Math.min(data.length, 64 * 1024)).replace(/^\uFEFF/, '');
  if (!/^\s*</.test(text)) return null;
  // The service reads an attachment that starts like XML as XML: it must be well-formed, without a DTD.
  if (/<!DOCTYPE|<!ENTITY/.test(text)) return 'the attachment is XML declaring a DTD (DOCTYPE or ENTITY), which the service refuses.';
  const valid = XMLValidator.validate(data.toString('utf8').replace(/^\uFEFF/, ''));
  return valid === true
    ? null
    : `the attachment looks like XML but is not well-formed (line ${valid.err.line}: ${valid.err.msg}); the service refuses it.`;
}

/** Reads a reference list into `c.references`; answers why it cannot be used, or null. */
async function readReferences(c: CapturedCompanion): Promise<string | null> {
  const lines = (await readFile(c.tmp, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: string[] = [];
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const cut = line.indexOf(';');
    const id = (cut < 0 ? line : line.slice(0, cut)).trim();
    const type = cut < 0 ? '' : line.slice(cut + 1).trim();
    if (!id) problems.push(`line ${i + 1} has no reference before the semicolon`);
    else if (id.length > MAX_REFERENCE_ID) problems.push(`line ${i + 1}: a reference is at most ${MAX_REFERENCE_ID} characters`);
    else c.references.push({ referenceId: id, referenceIdType: type || null });
  }
  if (problems.length) return `${problems.join('; ')}. Write one reference per line, or the reference, a semicolon and its type.`;
  if (c.references.length === 0)
    return 'the reference list lists no reference. Write one reference per line, or the reference, a semicolon and its type.';
  return null;
}
