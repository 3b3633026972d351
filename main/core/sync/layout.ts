import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/enums';
import { type FiledItem, type InboxLayout, inboxSubfolders } from '../../../shared/inbox-layout';
import type { FiledFile } from '../store/download-jobs';

/** Document types that get an outbox folder of their own (every type one can send). */
export const SENDABLE_DOCUMENT_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter((t) => t !== 'UNKNOWN' && t !== 'SCAN');

/** The folder layout under an account's root; paths relative to the root, with forward slashes. */
export const FOLDERS = {
  outboxInvoices: 'Outbox/Invoices',
  outboxDocuments: 'Outbox/Documents',
  /** Finnish bank messages (SI, RI, RP notification messages) to send with POST /v1/fi_bank_messages. */
  outboxBankMessages: 'Outbox/BankMessages',
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
    FOLDERS.outboxBankMessages,
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

/** The three download tables and the Inbox folder each one's files go into. */
export const INBOX_FOLDER_OF = {
  invoiceFiles: FOLDERS.inboxInvoices,
  documentFiles: FOLDERS.inboxDocuments,
  bankMessages: FOLDERS.inboxBankMessages,
} as const;
export type InboxTable = keyof typeof INBOX_FOLDER_OF;

/**
 * What a downloaded file's folder is chosen from, the same for a download and for a reorganize: an
 * invoice's own date, else its received date; a document's created date; a bank message's (which
 * the mirror knows as when it first listed it); the time its job was made when the service gave none.
 */
export function filedItem(table: InboxTable, f: Pick<FiledFile, 'date' | 'receivedAt' | 'senderName' | 'mirroredAt'>): FiledItem {
  const mirrored = new Date(f.mirroredAt).toISOString();
  if (table === 'bankMessages') return { dates: [mirrored], noSender: true };
  return { dates: [f.date, f.receivedAt, mirrored], sender: f.senderName };
}

/** The folder a received file goes into under the account's Inbox layout. */
export function inboxFolder(root: string, layout: InboxLayout, table: InboxTable, item: FiledItem): string {
  return join(absolute(root, INBOX_FOLDER_OF[table]), ...inboxSubfolders(layout, item));
}

/** The type folder a path of the Outbox lies in (Outbox/Invoices, Outbox/BankMessages or Outbox/Documents/<TYPE>), or null. */
export function typeFolderOf(relPath: string): string | null {
  if (relPath.startsWith(`${FOLDERS.outboxInvoices}/`)) return FOLDERS.outboxInvoices;
  if (relPath.startsWith(`${FOLDERS.outboxBankMessages}/`)) return FOLDERS.outboxBankMessages;
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
