import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { InvoiceDetail, LocalFileView, RenderedInvoice } from '../../../../shared/bridge/views';
import { RenderError, renderInvoice } from '../../render';
import type { Account } from '../../store/accounts';
import type { InvoiceFileJob } from '../../store/invoice-files';
import type { MirroredInvoice } from '../../store/invoices';
import type { OutboxJob } from '../../store/outbox';
import { givenAnswerView, receivedAnswerView } from '../answer-views';
import type { BridgeDeps } from '../types';
import { fileView, invoiceRow, outboxView } from '../views';

const NOT_YET: Record<InvoiceFileJob['state'], string> = {
  pending: 'The invoice file has not been downloaded yet',
  needs_user: 'The invoice file waits for you: the service did not allow this account to fetch it',
  failed: 'The invoice file could not be downloaded',
  missing: 'The service no longer has the invoice file',
  done: '',
};

async function render(path: string): Promise<{ rendered: RenderedInvoice | null; renderError: string | null }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return { rendered: null, renderError: `The invoice file is no longer on disk (${basename(path)})` };
  }
  try {
    return { rendered: renderInvoice(bytes), renderError: null };
  } catch (e) {
    if (e instanceof RenderError) return { rendered: null, renderError: e.message };
    throw e;
  }
}

/** The outbox row that sent this invoice (sent invoices only; the row keeps the service's id). */
export function sentBy(d: BridgeDeps, account: Account, invoiceId: string): OutboxJob | undefined {
  return d.engine.store.outbox.findSent(account.id, 'invoice', invoiceId);
}

/**
 * One invoice for the detail view: the mirrored row and record, its files (each path granted to the
 * renderer), and the invoice rendered from its XML: the downloaded original for received invoices,
 * the file in Sent/ for invoices this app sent.
 */
export async function invoiceDetail(d: BridgeDeps, account: Account, inv: MirroredInvoice): Promise<InvoiceDetail> {
  const jobs = d.engine.store.invoiceFiles.listForInvoice(account.id, inv.id);
  const files: LocalFileView[] = jobs.map((j) => fileView(j.kind, j, j.filename, j.remoteFileId));
  for (const j of jobs) d.grants.grant(account.id, j.state === 'done' ? j.path : null, { table: 'invoiceFiles', jobId: j.jobId });

  const outbox = inv.direction === 'SENT' ? sentBy(d, account, inv.id) : undefined;
  const sentPath = outbox?.state === 'done' && outbox.destPath ? resolve(account.root, outbox.destPath) : null;
  if (outbox && sentPath) {
    files.unshift({ kind: 'original', fileId: null, filename: outbox.filename, path: sentPath, state: 'done', size: outbox.size });
    d.grants.grant(account.id, sentPath, { table: 'outbox', id: outbox.id });
  }

  const original = jobs.find((j) => j.kind === 'original');
  const xmlPath = original?.state === 'done' ? original.path : /\.xml$/i.test(sentPath ?? '') ? sentPath : null;
  const { rendered, renderError } = xmlPath
    ? await render(xmlPath)
    : { rendered: null, renderError: original ? NOT_YET[original.state] : 'This invoice has no XML file to show' };

  const duplicates = inv.direction === 'RECEIVED' ? (d.engine.store.duplicates.of(account.id, [inv.id]).get(inv.id) ?? []) : [];
  const notDuplicate = inv.direction === 'RECEIVED' && d.engine.store.duplicates.isNotDuplicate(account.id, inv.id);
  const answers =
    inv.direction === 'RECEIVED'
      ? d.engine.store.invoiceAnswers.ofInvoice(account.id, inv.id).map((a) => givenAnswerView(d.engine.store, a))
      : d.engine.store.invoiceAnswers.responsesOf(account.id, inv.id).map(receivedAnswerView);
  const row = duplicates.length ? { ...invoiceRow(inv), possibleDuplicate: true } : invoiceRow(inv);
  const last = answers.at(-1);
  if (last && inv.direction === 'RECEIVED') row.answer = last.code;
  if (last && inv.direction === 'SENT') row.response = { code: last.code, reasons: last.reasons };
  return {
    row,
    answers,
    record: inv.record,
    duplicates,
    notDuplicate,
    detectFindings: inv.detectFindings ?? [],
    files,
    rendered,
    renderError,
    outbox: outbox ? outboxView(outbox) : null,
    // Sent: when this app's upload was taken, else when the service made it (received_at is the recipient's side).
    sentAt: inv.direction === 'SENT' ? (outbox?.sentAt ? new Date(outbox.sentAt).toISOString() : (inv.createdAt ?? null)) : null,
  };
}
