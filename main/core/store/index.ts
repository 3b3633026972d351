import { randomUUID } from 'node:crypto';
import { createAccountsRepo } from './accounts';
import { createActivityRepo } from './activity';
import { createAttentionCounts } from './attention';
import { createBankMessagesRepo } from './bank-messages';
import { createCollectionRepo } from './collection';
import { createCursorsRepo } from './cursors';
import { type Database, type OpenOptions, openDatabase } from './db';
import type { StoreDeps } from './deps';
import { createDocumentFilesRepo } from './document-files';
import { createDocumentsRepo } from './documents';
import { createDuplicatesRepo } from './duplicates';
import { DatabaseDamagedError, isDamage } from './errors';
import { createFolderOptionsRepo } from './folder-options';
import { createHealthFacts } from './health-facts';
import { createInvoiceAnswersRepo } from './invoice-answers';
import { createInvoiceFilesRepo } from './invoice-files';
import { createInvoicesRepo } from './invoices';
import { createJobsRepo } from './jobs';
import { createOutboxRepo } from './outbox';
import { createStatusCounts } from './status-counts';
import { createTakeoversRepo } from './takeovers';
import { createValidationReportsRepo } from './validation-reports';

export type StoreOptions = OpenOptions & Partial<StoreDeps>;

/**
 * The engine's database with every repository built on it. Statements are prepared here, once; the
 * repositories hold them for the store's life. `transaction` runs `fn` atomically (nested calls become
 * savepoints); `fn` must be synchronous, as everything in better-sqlite3 is.
 */
export function createStore(file: string, options: StoreOptions = {}) {
  const deps: StoreDeps = { now: options.now ?? Date.now, newId: options.newId ?? randomUUID };
  const db: Database = openDatabase(file, options);
  try {
    return {
      db,
      /** The database file (a totals thread opens its own read-only connection to it). */
      file: db.name,
      accounts: createAccountsRepo(db, deps),
      outbox: createOutboxRepo(db, deps),
      folderOptions: createFolderOptionsRepo(db, deps),
      invoices: createInvoicesRepo(db, deps),
      duplicates: createDuplicatesRepo(db, deps),
      invoiceAnswers: createInvoiceAnswersRepo(db, deps),
      invoiceFiles: createInvoiceFilesRepo(db, deps),
      documents: createDocumentsRepo(db, deps),
      documentFiles: createDocumentFilesRepo(db, deps),
      bankMessages: createBankMessagesRepo(db, deps),
      cursors: createCursorsRepo(db, deps),
      jobs: createJobsRepo(db, deps),
      validationReports: createValidationReportsRepo(db, deps),
      collection: createCollectionRepo(db, deps),
      takeovers: createTakeoversRepo(db, deps),
      activity: createActivityRepo(db, deps),
      attention: createAttentionCounts(db),
      statusCounts: createStatusCounts(db),
      healthFacts: createHealthFacts(db),
      transaction<T>(fn: () => T): T {
        return db.transaction(fn)();
      },
      /**
       * A transaction that is on disk when it returns, power loss included: the intent written before a
       * file is moved (the store otherwise runs synchronous=NORMAL, whose last commits a power cut may take).
       */
      durableTransaction<T>(fn: () => T): T {
        db.pragma('synchronous = FULL');
        try {
          return db.transaction(fn)();
        } finally {
          db.pragma('synchronous = NORMAL');
        }
      },
      close(): void {
        if (!db.open) return;
        // SQLite's advice for long-lived connections: refresh planner statistics before closing.
        if (!db.readonly) db.pragma('optimize');
        db.close();
      },
    };
  } catch (err) {
    db.close();
    // A statement of a repository that does not prepare: a table or column of the schema is missing.
    throw isDamage(err) ? new DatabaseDamagedError(file, (err as Error).message, { cause: err }) : err;
  }
}

export type Store = ReturnType<typeof createStore>;
export type { Account, AccountPatch, NewAccount } from './accounts';
export type { ActivityEntry, ActivityLevel, NewActivity } from './activity';
export type { BankMessageJob, BankMessageKind } from './bank-messages';
export type { StoreDeps } from './deps';
export type { DocumentFileJob, NewDocumentFile } from './document-files';
export type { DocumentCursor, MirroredDocument } from './documents';
export type { DownloadJob, DownloadState, PlacedFile, WrittenFile } from './download-jobs';
export { MigrationFailedError, SchemaTooNewError, SchemaTooOldError } from './errors';
export type { InvoiceFileJob, InvoiceFileKind, NewInvoiceFile } from './invoice-files';
export type { InvoiceCursor, InvoiceQueryFilter, InvoiceSummaryPage } from './invoice-queries';
export type { InvoiceSummary, MirroredInvoice, UpsertOutcome } from './invoices';
export type { JobState, StoredJob } from './jobs';
export type { NewOutboxJob, OutboxErrorKind, OutboxJob, OutboxKind, OutboxPatch, OutboxState } from './outbox';
