import { toE4 } from '../../../../shared/amount';
import type { InvoiceFilter } from '../../../../shared/bridge/commands';
import type { InvoiceRow } from '../../../../shared/bridge/views';
import { DEFAULT_INVOICE_SORT, type InvoiceCursor, type InvoiceQueryFilter } from '../../store/invoice-queries';
import { AnswerRefused } from '../../sync/invoice-answers';
import { RulesUnavailableError } from '../../validate/errors';
import { givenAnswerView } from '../answer-views';
import { invoiceCsv } from '../csv';
import { COUNT_CAP, cappedTotal, decodeCursor, encodeCursor, pageTotal, sortTag } from '../cursor';
import { CommandError, invalid, rulesUnavailable } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { invoiceRow } from '../views';
import { accountOf } from './common';
import { invoiceDetail } from './invoice-detail';
import { totalsInSlices } from './invoice-totals';

/** Rows read from the store at a time for an export; the engine's other work runs between the pages. */
const EXPORT_PAGE = 1000;

type Names =
  | 'invoices.list'
  | 'invoices.totals'
  | 'invoices.exportCsv'
  | 'invoices.get'
  | 'invoices.setHandled'
  | 'invoices.setNotDuplicate'
  | 'invoices.answer'
  | 'invoices.reroute';

/** The renderer's filter in the store's terms: the list, its totals and its export select the same rows. */
function queryFilter(f: InvoiceFilter): InvoiceQueryFilter {
  return {
    direction: f.direction,
    search: f.query?.trim() ? f.query : undefined,
    dateFrom: f.from,
    dateTo: f.to,
    senderName: f.sender,
    statuses: f.status ? [f.status] : undefined,
    detectWarning: f.detectWarning,
    handled: f.handled,
    sumFromE4: f.sumFrom === undefined ? undefined : toE4(f.sumFrom),
    sumToE4: f.sumTo === undefined ? undefined : toE4(f.sumTo),
    dueFrom: f.dueFrom,
    dueTo: f.dueTo,
    sort: f.sort ?? DEFAULT_INVOICE_SORT,
  };
}

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
      const filter = queryFilter(input.filter);
      const order = filter.sort ?? DEFAULT_INVOICE_SORT;
      const cursor = decodeCursor(input.after, order);
      const page = store.invoices.list(input.accountId, filter, input.limit, cursor ? { key: cursor.key, id: cursor.id } : undefined);
      // A first page that holds every match is its own count; longer results are counted up to a cap
      // ("1,000+"), and a search matching much of the mirror is not counted at all: the total says "at
      // least" the rows seen so far and grows page by page, so typing stays instant.
      const n = page.items.length;
      const { total, lowerBound } = pageTotal(cursor, n, page.next !== null, () =>
        cappedTotal(store.invoices.countIfCheap(input.accountId, filter, COUNT_CAP + 1), n),
      );
      // Possible duplicates of the page's received rows: one indexed question per page.
      const dups =
        filter.direction === 'RECEIVED'
          ? store.duplicates.of(
              input.accountId,
              page.items.map((i) => i.id),
            )
          : null;
      // The answers given to the page's received rows, or the responses received for its sent ones.
      const ids = page.items.map((i) => i.id);
      const answers = filter.direction === 'RECEIVED' ? store.invoiceAnswers.latestCodes(input.accountId, ids) : null;
      const responses = filter.direction === 'SENT' ? store.invoiceAnswers.latestResponses(input.accountId, ids) : null;
      const rowOf = (i: (typeof page.items)[number]): InvoiceRow => {
        const row = invoiceRow(i);
        if (dups?.has(i.id)) row.possibleDuplicate = true;
        const answer = answers?.get(i.id);
        if (answer) row.answer = answer;
        const response = responses?.get(i.id);
        if (response) row.response = response;
        return row;
      };
      return {
        items: page.items.map(rowOf),
        next: page.next ? encodeCursor({ key: page.next.key, id: page.next.id, total, lowerBound, sort: sortTag(order) }) : null,
        total,
        totalIsLowerBound: lowerBound,
      };
    },

    /** Per currency, over every row of the filter (the tallies, or the listing's conditions in slices). */
    'invoices.totals': async (input) => {
      accountOf(d, input.accountId);
      return { byCurrency: await totalsInSlices(store, input.accountId, queryFilter(input.filter)) };
    },

    /**
     * Every row of the filter in the list's order, read in keyset pages (the loaded rows of the list do
     * not matter), written as the list shows them in the user's language (csv.ts).
     */
    'invoices.exportCsv': async (input) => {
      accountOf(d, input.accountId);
      const filter = queryFilter(input.filter);
      const rows: InvoiceRow[] = [];
      let after: InvoiceCursor | undefined;
      for (;;) {
        const page = store.invoices.list(input.accountId, filter, EXPORT_PAGE, after);
        for (const item of page.items) rows.push(invoiceRow(item));
        if (!page.next) break;
        after = page.next;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const { text, rows: count } = invoiceCsv(rows, { lang: input.lang, columns: input.columns, words: input.words });
      const day = new Date(d.now()).toISOString().slice(0, 10);
      return { filename: `invoices-${filter.direction.toLowerCase()}-${day}.csv`, text, rows: count };
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

    /** Only the mirror: the service has no such mark, and the app never decides it for the user. */
    'invoices.setNotDuplicate': async (input) => {
      const inv = mirrored(accountOf(d, input.accountId).id, input.id);
      if (inv.direction !== 'RECEIVED') throw invalid('Only received invoices can be duplicates', { id: 'is a sent invoice' });
      d.engine.keep.notDuplicate(input.accountId, input.id, input.notDuplicate);
      return { notDuplicate: input.notDuplicate };
    },

    'invoices.answer': async (input) => {
      const account = accountOf(d, input.accountId);
      const { id, accountId: _a, ...answer } = input;
      try {
        const { answer: given, already } = await d.engine.answerInvoice(account.id, id, answer);
        return { answer: givenAnswerView(store, given), already };
      } catch (e) {
        if (e instanceof AnswerRefused)
          throw new CommandError({ kind: e.code === 'answer_invalid' ? 'invalid' : 'user', code: e.code, message: e.message });
        if (e instanceof RulesUnavailableError) throw rulesUnavailable(e.message);
        throw e;
      }
    },

    'invoices.reroute': async (input) => d.engine.reroute(accountOf(d, input.accountId).id, input.id, input),
  };
}
