import type { AccountView, ActivityView, DocumentRow, InvoiceRow, LocalFileView, OutboxItemView } from '../../../shared/bridge/views';
import { DOCUMENT_COLUMNS } from '../../../shared/mirror/document-columns';
import { INVOICE_COLUMNS } from '../../../shared/mirror/invoice-columns';
import type { Account } from '../store/accounts';
import type { ActivityEntry } from '../store/activity';
import type { MirroredDocument } from '../store/documents';
import type { DownloadJob } from '../store/download-jobs';
import type { InvoiceSummary } from '../store/invoices';
import { viewMapper } from '../store/mirror-sql';
import type { OutboxJob } from '../store/outbox';

// Store rows -> the plain view models of shared/bridge/views.ts (no secrets, times as ISO text).

const iso = (ms: number) => new Date(ms).toISOString();

export const accountView = (a: Account): AccountView => ({
  id: a.id,
  name: a.name,
  environment: a.environment,
  baseUrl: a.baseUrl,
  companyId: a.companyId,
  root: a.root,
  pollIntervalS: a.pollIntervalS,
  markHandled: a.markHandled,
  paused: a.paused,
  inboxLayout: a.inboxLayout,
  remoteValidation: a.remoteValidation,
  deleteRiAfterDownload: a.deleteRiAfterDownload,
});

const invoiceViewOf = viewMapper(INVOICE_COLUMNS);

/** The descriptor's view columns; a WARN's findings only (none stored reads as none). */
export const invoiceRow = (i: InvoiceSummary): InvoiceRow =>
  Object.assign(invoiceViewOf(i), { detectFindings: i.detectStatus === 'WARN' ? (i.detectFindings ?? []) : [] });

export const documentRow: (d: MirroredDocument) => DocumentRow = viewMapper(DOCUMENT_COLUMNS);

/**
 * Why a row went without its check, where that is worth saying: an invoice, or a trading document whose
 * folder asked for the check (documents are not checked by default, which is no news).
 */
function uncheckedOf(j: OutboxJob): OutboxItemView['unchecked'] {
  const why = j.check?.unchecked ?? null;
  return why && (j.kind === 'invoice' || why === 'rules_unavailable') ? why : null;
}

export const outboxView = (j: OutboxJob): OutboxItemView => ({
  id: j.id,
  accountId: j.accountId,
  kind: j.kind,
  documentType: j.documentType,
  file: j.relPath,
  state: j.state,
  attempts: j.attempts,
  lastError: j.lastError,
  errorKind: j.errorKind,
  remoteId: j.remoteId,
  deliveryStatus: j.deliveryStatus,
  needsReroute: j.needsReroute,
  nextAttemptAt: j.state === 'queued' && j.nextAttemptAt > 0 ? iso(j.nextAttemptAt) : null,
  unchecked: uncheckedOf(j),
  sentAt: j.sentAt === null ? null : iso(j.sentAt),
  createdAt: iso(j.createdAt),
  updatedAt: iso(j.updatedAt),
});

export const activityView = (a: ActivityEntry): ActivityView => ({
  id: a.id,
  accountId: a.accountId,
  at: iso(a.at),
  level: a.level,
  kind: a.kind,
  message: a.message,
  data: a.data,
});

export function fileView(kind: LocalFileView['kind'], job: DownloadJob, filename: string, fileId: string | null): LocalFileView {
  return {
    kind,
    fileId,
    filename,
    path: job.state === 'done' ? job.path : null,
    state: job.state,
    size: job.size,
    tries: job.attempts,
    error: job.state === 'done' ? null : job.lastError,
  };
}
