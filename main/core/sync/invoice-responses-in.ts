import { readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { RESPONSE_CODE_NAMES, type ResponseCode } from '../../../shared/invoice-response-codes';
import type { SyncContext } from './context';

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

type Node = Record<string, unknown>;
const arr = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string | null => {
  const s = typeof v === 'object' && v !== null ? (v as Node)['#text'] : v;
  return typeof s === 'string' && s.trim() ? s.trim() : null;
};

/** What an Invoice Response says: its status, reasons and text, and the invoice it names. */
export function readInvoiceResponse(xml: string) {
  const doc = (parser.parse(xml) as Node).ApplicationResponse as Node | undefined;
  if (!doc) return null;
  const dr = arr(doc.DocumentResponse)[0] as Node | undefined;
  const response = arr(dr?.Response)[0] as Node | undefined;
  const code = str(response?.ResponseCode);
  if (!code) return null;
  const statuses = arr(response?.Status) as Node[];
  return {
    code,
    reasons: statuses.map((s) => str(s.StatusReasonCode)).filter((x): x is string => x !== null),
    text: statuses.map((s) => str(s.StatusReason)).find((x) => x !== null) ?? null,
    number: str((arr(dr?.DocumentReference)[0] as Node | undefined)?.ID),
    issued: str(doc.IssueDate),
  };
}

/**
 * Reads each received Invoice Response whose file is downloaded (issue 42, item 2) and links it to the
 * sent invoice it names by number; one naming an invoice not mirrored yet is linked when it is. A file
 * that is not an Invoice Response is kept as `unreadable`, so it is read once, not at every pass.
 */
export async function linkInvoiceResponses(ctx: SyncContext): Promise<number> {
  const { store, account } = ctx;
  let n = 0;
  for (const f of store.invoiceAnswers.unreadResponseFiles(account.id, 100)) {
    const read = await readFile(f.path, 'utf8').then(readInvoiceResponse, () => null);
    const invoiceId = read?.number ? store.invoiceAnswers.sentInvoiceByNumber(account.id, read.number) : null;
    store.invoiceAnswers.putResponse({
      accountId: account.id,
      documentId: f.documentId,
      invoiceNumber: read?.number ?? null,
      invoiceId,
      code: read?.code ?? 'unreadable',
      reasons: read?.reasons ?? [],
      text: read?.text ?? null,
      issued: read?.issued ?? null,
      receivedAt: f.receivedAt,
    });
    if (!read) continue;
    n++;
    const what = RESPONSE_CODE_NAMES[read.code as ResponseCode] ?? read.code;
    store.activity.append({
      accountId: account.id,
      level: read.code === 'RE' || read.code === 'UQ' ? 'warn' : 'info',
      kind: 'invoice.response',
      message: `${read.number ?? '?'}: the buyer answered "${what}"${read.reasons.length ? ` (${read.reasons.join(', ')})` : ''}${read.text ? `: ${read.text}` : ''}`,
      ref: invoiceId ?? f.documentId,
      data: { number: read.number ?? '?', code: read.code, reasons: read.reasons.join(', '), text: read.text ?? '' },
    });
    if (invoiceId) {
      ctx.events.emit('invoice', { accountId: account.id, invoiceId });
      ctx.events.emit('answered', { accountId: account.id, invoiceId, number: read.number ?? null, code: read.code });
    }
  }
  store.invoiceAnswers.relink(account.id);
  return n;
}
