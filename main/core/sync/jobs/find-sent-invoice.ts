import type { Invoice } from '../../../../shared/schemas/invoice';
import { renderInvoice } from '../../render';
import type { OutboxJob } from '../../store/outbox';
import type { SyncContext } from '../context';

/**
 * How far before the row's creation (on the service's clock) an invoice it made may be stamped: the
 * service's Date names whole seconds, and the skew is read from the last answer.
 */
const MARGIN_MS = 2 * 60_000;
/** Pages of sent invoices looked through at most: the window is minutes wide, a page holds 100. */
const MAX_PAGES = 10;

/**
 * The invoice an earlier try of this row may have created, when its answer was lost. The spec does
 * not say what the service does with a repeated `uuid` (the same record, a 409, or a second invoice),
 * so before a row that was tried already is sent again, and when the service says its key is taken,
 * the app looks among the company's sent invoices created since the row was made.
 *
 * A listed `uuid` equal to the row's key settles it, and a list that shows uuids but not ours says no.
 * The real service's sent list carries no `uuid` (real-service-facts F1): there the one invoice of the
 * file's number and total that no other row of this app owns is taken (an invoice it sent itself under
 * that number is that row's, never this one's), and two or more such are no answer. Null: none found.
 */
export async function findSentInvoice(ctx: SyncContext, job: OutboxJob, data: Buffer, signal?: AbortSignal): Promise<Invoice | null> {
  const { api, store, account } = ctx;
  const ours = facts(data);
  const skew = (api.client.serviceNow() ?? ctx.now()) - ctx.now();
  const since = new Date(job.createdAt + skew - MARGIN_MS).toISOString();
  let sawUuids = false;
  const candidates: Invoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, page: info } = await api.invoices.list({ direction: 'SENT', created_at_start: since, per_page: 100, page }, signal);
    const byKey = items.find((i) => i.uuid === job.serviceKey);
    if (byKey) return byKey;
    // A list that shows uuids has told: none is ours. Guessing by number there took another file's invoice
    // (copies of one invoice in flight at once share number and total) and this one was never sent.
    if (items.some((i) => typeof i.uuid === 'string')) sawUuids = true;
    if (!sawUuids && ours.number) {
      const unowned = (i: Invoice) => store.outbox.ownerOfRemote(account.id, 'invoice', i.id) === null;
      candidates.push(...items.filter((i) => i.number === ours.number && sameAmount(i.sum, ours.total) && unowned(i)));
    }
    if (items.length < 100 || !info.nextPage) break;
  }
  // Without uuids, only a match that cannot be another file's: exactly one invoice of that number and total.
  return !sawUuids && candidates.length === 1 ? (candidates[0] as Invoice) : null;
}

/** The number and total the file itself states; nulls when it cannot be read as an invoice. */
function facts(data: Buffer): { number: string | null; total: number | null } {
  try {
    const r = renderInvoice(data);
    return { number: r.number?.trim() || null, total: r.totals.payable ?? r.totals.gross ?? null };
  } catch {
    return { number: null, total: null };
  }
}

/** Either side unknown counts as no objection; both known must agree to the cent. */
function sameAmount(listed: number | null | undefined, ours: number | null): boolean {
  return listed == null || ours === null || Math.abs(listed - ours) < 0.005;
}
