import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/enums';
import type { OutboxKind } from '../store/outbox';
import { isIgnoredName } from './files';
import { absolute, FOLDERS, outboxDocumentFolder, SENDABLE_DOCUMENT_TYPES } from './layout';

/** How deep below its type folder a file is still taken (an ERP's year/month/day folders fit). */
export const MAX_SUBFOLDER_DEPTH = 8;

export interface ScannedFile {
  /** Relative to the account root, with forward slashes. */
  relPath: string;
  /** The type folder whose options apply: Outbox/Invoices, Outbox/BankMessages or Outbox/Documents/<TYPE>. */
  folder: string;
  /** The subfolders between the type folder and the file ('' at the top), forward slashes. */
  subdir: string;
  name: string;
  kind: OutboxKind;
  documentType: DocumentType | null;
  size: number;
  mtimeMs: number;
  /** The file's identity when listed: what is opened later must be this same file. */
  dev: number;
  ino: number;
}

/** Something in a hot folder that is never read: it is set aside in Failed/ with a note. */
export interface Refusal {
  relPath: string;
  folder: string;
  subdir: string;
  name: string;
  kind: OutboxKind;
  reason: string;
}

/** Something in a hot folder the engine leaves alone; told once, never sent. */
export interface Notice {
  relPath: string;
  message: string;
}

export interface OutboxScan {
  files: ScannedFile[];
  refusals: Refusal[];
  notices: Notice[];
}

/**
 * Lists what waits in an account's Outbox folders, subfolders included. This listing, not the
 * watcher, is the truth: watcher events only make the next scan come sooner. Nothing is followed:
 * links, pipes, sockets and devices are refused, whatever they point at.
 */
export async function scanOutbox(root: string): Promise<OutboxScan> {
  const out: OutboxScan = { files: [], refusals: [], notices: [] };
  await walk(root, { folder: FOLDERS.outboxInvoices, kind: 'invoice', documentType: null }, '', 0, out);
  for (const type of SENDABLE_DOCUMENT_TYPES) {
    await walk(root, { folder: outboxDocumentFolder(type), kind: 'document', documentType: type }, '', 0, out);
  }
  await walk(root, { folder: FOLDERS.outboxBankMessages, kind: 'bank_message', documentType: null }, '', 0, out);
  await strayDocuments(root, out);
  return out;
}

interface TypeFolder {
  folder: string;
  kind: OutboxKind;
  documentType: DocumentType | null;
}

async function walk(root: string, t: TypeFolder, subdir: string, depth: number, out: OutboxScan): Promise<void> {
  const dirRel = subdir ? `${t.folder}/${subdir}` : t.folder;
  let entries: Dirent[];
  try {
    entries = await readdir(absolute(root, dirRel), { withFileTypes: true });
  } catch (e) {
    // A type folder the user removed, or a subfolder that vanished while listing.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw e;
  }
  for (const entry of entries) {
    const name = entry.name;
    const relPath = `${dirRel}/${name}`;
    const childSub = subdir ? `${subdir}/${name}` : name;
    let s: Stats;
    try {
      // lstat: a link is looked at as a link, never through.
      s = await lstat(absolute(root, relPath));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // gone between listing and looking
      throw e;
    }
    if (s.isDirectory()) {
      if (isIgnoredName(name))
        out.notices.push({ relPath, message: `The hidden folder ${relPath} is not looked into; nothing in it is sent.` });
      else if (depth + 1 > MAX_SUBFOLDER_DEPTH)
        out.notices.push({
          relPath,
          message: `The folder ${relPath} is more than ${MAX_SUBFOLDER_DEPTH} folders deep; nothing in it is sent. Move its files nearer ${t.folder}.`,
        });
      else await walk(root, t, childSub, depth + 1, out);
      continue;
    }
    if (isIgnoredName(name)) {
      out.notices.push({ relPath, message: `${relPath} is not sent: hidden, temporary and lock files are left alone.` });
      continue;
    }
    const refusal = notOwnFile(s, name);
    if (refusal) {
      out.refusals.push({ ...t, relPath, subdir, name, reason: refusal });
      continue;
    }
    // Spelled out, not `{ ...t, relPath, ... }`: under Node 20 every object made that way has a hidden
    // class of its own (old-generation memory per listed file, kept for the whole pass).
    out.files.push({
      relPath,
      folder: t.folder,
      subdir,
      name,
      kind: t.kind,
      documentType: t.documentType,
      size: s.size,
      mtimeMs: Math.trunc(s.mtimeMs),
      dev: s.dev,
      ino: s.ino,
    });
  }
}

/**
 * Why an entry is not a regular file of the hot folder's own, or null when it is. A hard link
 * (more than one name for the same file) may be another folder's private file dropped here by a
 * link; Windows and macOS rarely make them by accident, so it is refused rather than guessed at.
 */
export function notOwnFile(s: Stats, name: string): string | null {
  if (s.isSymbolicLink())
    return 'It is a link (a symbolic link, a shortcut or a junction) to something elsewhere. Links are never followed, so nothing outside your hot folders can be sent by mistake; put the file itself into the Outbox.';
  if (s.isFIFO()) return 'It is a pipe, not a file; only files are sent.';
  if (s.isSocket()) return 'It is a socket, not a file; only files are sent.';
  if (s.isBlockDevice() || s.isCharacterDevice()) return 'It is a device, not a file; only files are sent.';
  if (!s.isFile()) return 'It is not a file; only files are sent.';
  if (/\.lnk$/i.test(name))
    return 'It is a Windows shortcut to a file elsewhere. Shortcuts are never followed; put the file itself into the Outbox.';
  if (s.nlink > 1)
    return `It is one of ${s.nlink} names of the same file (a hard link), so it may be another folder's file. Copy the file into the Outbox instead of linking it.`;
  return null;
}

/** Files right in Outbox/Documents and folders there that name no document type are told about. */
async function strayDocuments(root: string, out: OutboxScan): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(absolute(root, FOLDERS.outboxDocuments), { withFileTypes: true });
  } catch {
    return;
  }
  const sendable = new Set<string>(SENDABLE_DOCUMENT_TYPES);
  for (const e of entries) {
    const relPath = `${FOLDERS.outboxDocuments}/${e.name}`;
    if (isIgnoredName(e.name) || sendable.has(e.name)) continue;
    if (e.isDirectory()) {
      const known = (DOCUMENT_TYPES as readonly string[]).includes(e.name);
      out.notices.push({
        relPath,
        message: known
          ? `${relPath}: ${e.name} documents cannot be sent; nothing in this folder is sent.`
          : `${relPath} is not a document type; nothing in it is sent. Put documents into the folder of their type, such as ${FOLDERS.outboxDocuments}/ORDER.`,
      });
    } else {
      out.notices.push({
        relPath,
        message: `${relPath} is not sent: put it into the folder of its document type, such as ${FOLDERS.outboxDocuments}/ORDER.`,
      });
    }
  }
}
