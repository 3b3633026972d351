import type { InvoiceQueryFilter } from '../../store/invoice-queries';
import { decodeCursor, encodeCursor } from '../cursor';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { invoiceRow } from '../views';
import { accountOf } from './common';
import { invoiceDetail } from './invoice-detail';

/** Matches are counted up to this many; beyond it the UI says "1,000+". */
const COUNT_CAP = 1000;

type Names = 'invoices.list' | 'invoices.get' | 'invoices.setHandled' | 'invoices.reroute';

export function invoiceHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const store = d.engine.store;
  const mirrored = (accountId: string, id: string) => {
    const inv = store.invoices.get(accountId, id);
    if (!inv) throw invalid(`No invoice ${id} in this account's mirror`, { id: 'no such invoice' });
    return inv;
  };

  return {
    /**
     * The mirror's keyset pages with full-text search (FTS5): one indexed query per page. The total is
     * counted for the first page only and carried in the cursor, so paging on costs no second count.
     */
    'invoices.list': async (input) => {
      accountOf(d, input.accountId);
      const f = input.filter;
      const filter: InvoiceQueryFilter = {
        direction: f.direction,
        search: f.query?.trim() ? f.query : undefined,
        dateFrom: f.from,
        dateTo: f.to,
        senderName: f.sender,
        statuses: f.status ? [f.status] : undefined,
        detectWarning: f.detectWarning,
        handled: f.handled,
      };
      const cursor = decodeCursor(input.after);
      const page = store.invoices.list(input.accountId, filter, input.limit, cursor ? { sortMs: cursor.key, id: cursor.id } : undefined);
      // A first page that holds every match is its own count; longer results are counted up to a cap
      // ("1,000+"), and a search matching much of the mirror is not counted at all: the total says "at
      // least" the rows seen so far and grows page by page, so typing stays instant.
      let total: number;
      let lowerBound: boolean;
      if (cursor) {
        lowerBound = cursor.lowerBound === true;
        total = lowerBound && cursor.total < COUNT_CAP ? cursor.total + page.items.length : cursor.total;
      } else if (!page.next) {
        [total, lowerBound] = [page.items.length, false];
      } else {
        const n = store.invoices.countIfCheap(input.accountId, filter, COUNT_CAP + 1);
        [total, lowerBound] = n === null ? [page.items.length, true] : [Math.min(n, COUNT_CAP), n > COUNT_CAP];
      }
      return {
        items: page.items.map(invoiceRow),
        next: page.next ? encodeCursor({ key: page.next.sortMs, id: page.next.id, total, lowerBound }) : null,
        total,
        totalIsLowerBound: lowerBound,
      };
    },

    'invoices.get': async (input) => {
      const account = accountOf(d, input.accountId);
      return invoiceDetail(d, account, mirrored(account.id, input.id));
    },

    /** Tells the service first (every client of the company sees it), then the mirror. */
    'invoices.setHandled': async (input) => {
      const inv = mirrored(accountOf(d, input.accountId).id, input.id);
      if (inv.direction !== 'RECEIVED') throw invalid('Only received invoices can be marked handled', { id: 'is a sent invoice' });
      await d.engine.setHandled(input.accountId, input.id, input.handled);
      return { handled: input.handled };
    },

    'invoices.reroute': async (input) => d.engine.reroute(accountOf(d, input.accountId).id, input.id, input),
  };
}
