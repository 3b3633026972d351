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

/** A file of a mirrored document to fetch, keyed by the service's file id. */
export interface DocumentFileJob extends DownloadJob {
  documentId: string;
  fileId: string;
  /** PRIMARY_FILE, ATTACHMENT or OTHER as the service says. */
  fileType: string | null;
  filename: string;
}

export interface NewDocumentFile {
  fileId: string;
  fileType?: string | null;
  filename: string;
  nextAttemptAt?: number;
}

interface DocumentFileRecord extends DownloadJobRecord {
  document_id: string;
  file_id: string;
  file_type: string | null;
  filename: string;
}

const toJob = (r: DocumentFileRecord): DocumentFileJob =>
  toDownloadJob(r, {
    documentId: r.document_id,
    fileId: r.file_id,
    fileType: r.file_type,
    filename: r.filename,
  });

export function createDocumentFilesRepo(db: Database, deps: StoreDeps) {
  const insert = db.prepare<Record<string, string | number | null>, DocumentFileRecord>(`
    INSERT INTO document_files (account_id, document_id, file_id, file_type, filename, next_attempt_at, created_at, updated_at)
    VALUES (@account, @document, @file, @fileType, @filename, @at, @now, @now)
    ON CONFLICT (account_id, document_id, file_id) DO NOTHING
    RETURNING *`);
  const existing = db.prepare<[string, string, string], DocumentFileRecord>(
    'SELECT * FROM document_files WHERE account_id = ? AND document_id = ? AND file_id = ?',
  );
  const forDocument = db.prepare<[string, string], DocumentFileRecord>(
    'SELECT * FROM document_files WHERE account_id = ? AND document_id = ? ORDER BY job_id',
  );

  // A document's own date is when it was created.
  const filed = db.prepare<[string, number, number], FiledFileRecord>(`
    SELECT f.job_id, f.path, f.sha256, f.moving_to, f.created_at, d.created_at AS date, d.received_at, d.sender_name
    FROM document_files f JOIN documents d ON d.account_id = f.account_id AND d.id = f.document_id
    WHERE f.account_id = ? AND f.state = 'done' AND f.path IS NOT NULL AND f.job_id > ?
    ORDER BY f.job_id LIMIT ?`);

  return {
    /** Downloaded document files after `afterJobId`, in job order, with what their Inbox folder is chosen from. */
    listFiled(accountId: string, afterJobId: number, limit: number): FiledFile[] {
      return filed.all(accountId, afterJobId, limit).map(toFiled);
    },
    /** Idempotent: the same file of the same document is one job however often it is listed. */
    enqueue(accountId: string, documentId: string, file: NewDocumentFile): { job: DocumentFileJob; created: boolean } {
      const row = insert.get({
        account: accountId,
        document: documentId,
        file: file.fileId,
        fileType: file.fileType ?? null,
        filename: file.filename,
        at: file.nextAttemptAt ?? 0,
        now: deps.now(),
      });
      if (row) return { job: toJob(row), created: true };
      return { job: toJob(existing.get(accountId, documentId, file.fileId)!), created: false };
    },
    listForDocument(accountId: string, documentId: string): DocumentFileJob[] {
      return forDocument.all(accountId, documentId).map(toJob);
    },
    ...createDownloadJobs(db, deps, 'document_files', toJob),
  };
}

export type DocumentFilesRepo = ReturnType<typeof createDocumentFilesRepo>;
