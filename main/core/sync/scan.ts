import { readdir, stat } from 'node:fs/promises';
import type { DocumentType } from '../../../shared/enums';
import { isIgnoredName } from './files';
import { absolute, FOLDERS, outboxDocumentFolder, SENDABLE_DOCUMENT_TYPES } from './layout';

export interface ScannedFile {
  /** Relative to the account root, with forward slashes. */
  relPath: string;
  folder: string;
  name: string;
  kind: 'invoice' | 'document';
  documentType: DocumentType | null;
  size: number;
  mtimeMs: number;
}

/**
 * Lists the files waiting in an account's Outbox folders. This listing, not the watcher, is the
 * truth: watcher events only make the next scan come sooner.
 */
export async function scanOutbox(root: string): Promise<ScannedFile[]> {
  const out: ScannedFile[] = [];
  await scanFolder(root, FOLDERS.outboxInvoices, 'invoice', null, out);
  for (const type of SENDABLE_DOCUMENT_TYPES) await scanFolder(root, outboxDocumentFolder(type), 'document', type, out);
  return out;
}

async function scanFolder(root: string, folder: string, kind: ScannedFile['kind'], documentType: DocumentType | null, out: ScannedFile[]) {
  let names: string[];
  try {
    names = await readdir(absolute(root, folder));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const name of names) {
    if (isIgnoredName(name)) continue;
    const relPath = `${folder}/${name}`;
    try {
      const s = await stat(absolute(root, relPath));
      if (!s.isFile()) continue;
      out.push({ relPath, folder, name, kind, documentType, size: s.size, mtimeMs: Math.trunc(s.mtimeMs) });
    } catch (e) {
      // Vanished between listing and stat: it is simply not there any more.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}
