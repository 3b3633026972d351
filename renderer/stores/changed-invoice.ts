import type { InvoiceRow } from '../../shared/bridge';
import type { Stores } from '.';
import type { InvoiceList } from './lists';

/** Results of a first mirror's Detect arrive by the hundred: the lists and counts are asked once per burst. */
const SETTLE_MS = 300;
const pending = new WeakMap<Stores, { lists: Set<InvoiceList>; timer: ReturnType<typeof setTimeout> }>();

/**
 * An invoice changed in place (a reroute, a Detect result that came later: 'invoice.changed'). Every
 * list showing it puts the new row where the old one was at once; a list whose filter the change can
 * move the row into or out of (a status, the Detect warning, handled; the Detect page's warned list)
 * lists again with its filter, so a rerouted invoice leaves "Failed" and a late warning joins the
 * warned list; the counts are asked again. Nothing waits for a reload or a "new items" notice.
 */
export function showChangedInvoice(stores: Stores, invoiceId: string, row: InvoiceRow | null): void {
  const lists: InvoiceList[] = row?.direction === 'SENT' ? [stores.sent] : row ? [stores.received, stores.warned] : [];
  const again = new Set<InvoiceList>();
  for (const list of lists) {
    const s = list.getState();
    if (row && s.rows.some((r) => r?.id === invoiceId)) s.patchRow(invoiceId, row);
    const { status, detectWarning, handled } = s.filter;
    if (status !== undefined || detectWarning !== undefined || handled !== undefined) again.add(list);
  }
  const waiting = pending.get(stores);
  if (waiting) {
    for (const list of again) waiting.lists.add(list);
    return;
  }
  const timer = setTimeout(() => {
    const due = pending.get(stores);
    pending.delete(stores);
    for (const list of due?.lists ?? []) list.getState().refresh();
    void stores.sync.getState().refresh();
  }, SETTLE_MS);
  pending.set(stores, { lists: again, timer });
}
