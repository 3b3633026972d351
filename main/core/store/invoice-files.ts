import type { Database } from 'better-sqlite3';
import type { StoreDeps } from './deps';
import {
  createDownloadJobs,
  type DownloadJob,
  type DownloadJobRecord,
  type FiledFile,
  type FiledFileRecord,
  toDownloadJob,
  toFiled,
} from './download-jobs';

export type InvoiceFileKind = 'original' | 'image' | 'attachment';

/** A file of a mirrored invoice to fetch: the invoice itself, its image, or one attachment. */
export interface InvoiceFileJob extends DownloadJob {
  invoiceId: string;
  kind: InvoiceFileKind;
  /** The attachment's file id; null for the original and the image, which have none. */
  remoteFileId: string | null;
  /** The name the service gave. */
  filename: string;
}

export interface NewInvoiceFile {
  kind: InvoiceFileKind;
  remoteFileId?: string | null;
  filename: string;
  nextAttemptAt?: number;
}

interface InvoiceFileRecord extends DownloadJobRecord {
  invoice_id: string;
  kind: InvoiceFileKind;
  remote_file_id: string;
  filename: string;
}

const toJob = (r: InvoiceFileRecord): InvoiceFileJob =>
  toDownloadJob(r, {
    invoiceId: r.invoice_id,
    kind: r.kind,
    remoteFileId: r.remote_file_id === '' ? null : r.remote_file_id,
    filename: r.filename,
  });

export function createInvoiceFilesRepo(db: Database, deps: StoreDeps) {
  const insert = db.prepare<Record<string, string | number>, InvoiceFileRecord>(`
    INSERT INTO invoice_files (account_id, invoice_id, kind, remote_file_id, filename, next_attempt_at, created_at, updated_at)
    VALUES (@account, @invoice, @kind, @remote, @filename, @at, @now, @now)
    ON CONFLICT (account_id, invoice_id, kind, remote_file_id) DO NOTHING
    RETURNING *`);
  const existing = db.prepare<Record<string, string>, InvoiceFileRecord>(
    `SELECT * FROM invoice_files WHERE account_id = @account AND invoice_id = @invoice AND kind = @kind AND remote_file_id = @remote`,
  );
  const forInvoice = db.prepare<[string, string], InvoiceFileRecord>(
    'SELECT * FROM invoice_files WHERE account_id = ? AND invoice_id = ? ORDER BY job_id',
  );

  const filed = db.prepare<[string, number, number], FiledFileRecord>(`
    SELECT f.job_id, f.path, f.sha256, f.moving_to, f.created_at, i.date, i.received_at, i.sender_name
    FROM invoice_files f JOIN invoices i ON i.account_id = f.account_id AND i.id = f.invoice_id
    WHERE f.account_id = ? AND f.state = 'done' AND f.path IS NOT NULL AND i.direction = 'RECEIVED' AND f.job_id > ?
    ORDER BY f.job_id LIMIT ?`);

  return {
    /** Downloaded files of received invoices after `afterJobId`, in job order, with what their Inbox folder is chosen from. */
    listFiled(accountId: string, afterJobId: number, limit: number): FiledFile[] {
      return filed.all(accountId, afterJobId, limit).map(toFiled);
    },
    /** Idempotent: the same file of the same invoice is one job however often it is listed. */
    enqueue(accountId: string, invoiceId: string, file: NewInvoiceFile): { job: InvoiceFileJob; created: boolean } {
      const key = { account: accountId, invoice: invoiceId, kind: file.kind, remote: file.remoteFileId ?? '' };
      const row = insert.get(Object.assign({ filename: file.filename, at: file.nextAttemptAt ?? 0, now: deps.now() }, key));
      if (row) return { job: toJob(row), created: true };
      return { job: toJob(existing.get(key)!), created: false };
    },
    listForInvoice(accountId: string, invoiceId: string): InvoiceFileJob[] {
      return forInvoice.all(accountId, invoiceId).map(toJob);
    },
    ...createDownloadJobs(db, deps, 'invoice_files', toJob),
  };
}

export type InvoiceFilesRepo = ReturnType<typeof createInvoiceFilesRepo>;
