import { DOWNLOAD_TABLE_NAMES } from '../../../shared/bridge/views';
import type { Store } from '../store';

/** The download tables a given-up file may be in (a closed list: the bridge names them so). */
export type DownloadTableName = (typeof DOWNLOAD_TABLE_NAMES)[number];

/** One given-up file, as the user is shown it: what it is, and why it was given up. */
export interface GivenUpFile {
  table: DownloadTableName;
  jobId: number;
  /** What the file is: its name at the service, or the bank message's kind and id. */
  name: string;
  /** The invoice, document or bank message it belongs to. */
  itemId: string;
  error: string | null;
  at: number;
}

/** The account's given-up files, newest first, at most `limit` of each table. */
export function listGivenUp(store: Store, accountId: string, limit = 200): GivenUpFile[] {
  const common = (table: DownloadTableName, j: { jobId: number; lastError: string | null; updatedAt: number }) => ({
    table,
    jobId: j.jobId,
    error: j.lastError,
    at: j.updatedAt,
  });
  return [
    ...store.invoiceFiles
      .listFailed(accountId, limit)
      .map((j) => ({ ...common('invoiceFiles', j), name: j.filename, itemId: j.invoiceId })),
    ...store.documentFiles
      .listFailed(accountId, limit)
      .map((j) => ({ ...common('documentFiles', j), name: j.filename, itemId: j.documentId })),
    ...store.bankMessages
      .listFailed(accountId, limit)
      .map((j) => ({ ...common('bankMessages', j), name: `${j.kind.toUpperCase()} ${j.id}`, itemId: j.id })),
  ].sort((a, b) => b.at - a.at || b.jobId - a.jobId);
}

/**
 * The user's "fetch again" of files that were given up: one (`file`) or every one of the account,
 * due at once with their tries counted afresh, and said in the activity log. Answers how many.
 */
export function fetchAgain(store: Store, accountId: string, file?: { table: DownloadTableName; jobId: number }): number {
  return store.transaction(() => {
    const n = file
      ? store[file.table].fetchAgain(accountId, file.jobId)
      : DOWNLOAD_TABLE_NAMES.reduce((sum, t) => sum + store[t].fetchAgain(accountId), 0);
    if (n > 0) {
      const message = `${n} received file(s) that had been given up are fetched again at the user's word`;
      store.activity.append({ accountId, level: 'info', kind: 'download.fetch_again', message, ref: file ? String(file.jobId) : null });
    }
    return n;
  });
}
