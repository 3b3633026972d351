import type { BankMessageJob } from '../store/bank-messages';
import type { DocumentFileJob } from '../store/document-files';
import type { InvoiceFileJob } from '../store/invoice-files';
import type { InvoiceFileFacts } from '../store/invoices';
import type { SyncContext } from './context';
import { bankMessage, declaredFile, type Expectation, invoiceImage, invoiceXml } from './verify-download';

/** A download job of any of the three tables. */
export type Job =
  | { table: 'invoiceFiles'; job: InvoiceFileJob }
  | { table: 'documentFiles'; job: DocumentFileJob }
  | { table: 'bankMessages'; job: BankMessageJob };

/** The format that answers an invoice's own XML: its family when the service keeps it, else Peppol BIS 3. */
export function originalFormat(sourceFormat: string | null | undefined): 'FINVOICE30' | 'PEPPOLBIS30' {
  return sourceFormat === 'FINVOICE30' ? 'FINVOICE30' : 'PEPPOLBIS30';
}

/**
 * What a job's file must be: from its kind and the record the service gave (see verify-download.ts).
 * A caller that has read the invoice's columns already passes them (one read per file, not two).
 */
export function expectationOf(ctx: SyncContext, j: Job, facts?: InvoiceFileFacts): Expectation {
  const { store, account } = ctx;
  if (j.table === 'invoiceFiles') {
    if (j.job.kind === 'image') return invoiceImage;
    // The original needs only its format, read without parsing the whole record.
    if (j.job.kind === 'original')
      return invoiceXml(originalFormat((facts ?? store.invoices.fileFacts(account.id, j.job.invoiceId))?.sourceFormat));
    const record = store.invoices.get(account.id, j.job.invoiceId)?.record.files?.find((f) => f.id === j.job.remoteFileId);
    return declaredFile(`the attachment ${j.job.filename}`, record?.mimetype, j.job.filename);
  }
  if (j.table === 'documentFiles') {
    const record = store.documents.get(account.id, j.job.documentId)?.record.files?.find((f) => f.id === j.job.fileId);
    return declaredFile(`the document file ${j.job.filename}`, record?.mimetype, j.job.filename);
  }
  return bankMessage;
}
