import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/enums';

/** Document types that get an outbox folder of their own (every type one can send). */
export const SENDABLE_DOCUMENT_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter((t) => t !== 'UNKNOWN' && t !== 'SCAN');

/** The folder layout under an account's root; paths relative to the root, with forward slashes. */
export const FOLDERS = {
  outboxInvoices: 'Outbox/Invoices',
  outboxDocuments: 'Outbox/Documents',
  sent: 'Sent',
  failed: 'Failed',
  inboxInvoices: 'Inbox/Invoices',
  inboxDocuments: 'Inbox/Documents',
  inboxBankMessages: 'Inbox/BankMessages',
  /** The service's copy of each sent invoice (XML, PDF, attachments): what Sent shows offline. */
  sentInvoiceFiles: 'Archive/SentInvoices',
} as const;

export const outboxDocumentFolder = (type: DocumentType) => `${FOLDERS.outboxDocuments}/${type}`;

/** Creates the layout on first run (and repairs it later); existing folders are left alone. */
export async function ensureLayout(root: string): Promise<void> {
  const dirs = [
    FOLDERS.outboxInvoices,
    ...SENDABLE_DOCUMENT_TYPES.map(outboxDocumentFolder),
    FOLDERS.sent,
    FOLDERS.failed,
    FOLDERS.inboxInvoices,
    FOLDERS.inboxDocuments,
    FOLDERS.inboxBankMessages,
    FOLDERS.sentInvoiceFiles,
  ];
  for (const d of dirs) await mkdir(join(root, ...d.split('/')), { recursive: true });
}

export function absolute(root: string, rel: string): string {
  return join(root, ...rel.split('/'));
}

/** The type folder a path of the Outbox lies in (Outbox/Invoices or Outbox/Documents/<TYPE>), or null. */
export function typeFolderOf(relPath: string): string | null {
  if (relPath.startsWith(`${FOLDERS.outboxInvoices}/`)) return FOLDERS.outboxInvoices;
  const m = new RegExp(`^${FOLDERS.outboxDocuments}/([^/]+)/`).exec(relPath);
  return m ? `${FOLDERS.outboxDocuments}/${m[1]}` : null;
}

/** The subfolders between a file's type folder and the file ('' for a file right in it). */
export function subfolderOf(relPath: string): string {
  const top = typeFolderOf(relPath);
  if (!top) return '';
  const rest = relPath.slice(top.length + 1);
  const cut = rest.lastIndexOf('/');
  return cut < 0 ? '' : rest.slice(0, cut);
}
