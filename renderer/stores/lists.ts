import type { StoreApi } from 'zustand/vanilla';
import type {
  BankMessageRow,
  BankMessageSortKey,
  Bridge,
  DocumentRow,
  DocumentSortKey,
  InvoiceFilter,
  InvoiceRow,
  ListSort,
} from '../../shared/bridge';
import { documentQueryNarrows, invoiceQueryNarrows } from '../../shared/bridge/list-search';
import { createPagedList, type PagedListState } from './paged-list';

export type InvoiceList = StoreApi<PagedListState<InvoiceRow, InvoiceFilter>>;
export interface DocumentFilter {
  direction: 'RECEIVED' | 'SENT';
  query?: string;
  /** The store's own order (newest received first) when left out. */
  sort?: ListSort<DocumentSortKey>;
}
export type DocumentList = StoreApi<PagedListState<DocumentRow, DocumentFilter>>;
export interface BankMessageFilter {
  sort?: ListSort<BankMessageSortKey>;
}
export type BankMessageList = StoreApi<PagedListState<BankMessageRow, BankMessageFilter>>;

/** Empty text filters are left out, so "" never means "match nothing". */
export function cleanInvoiceFilter(f: InvoiceFilter): InvoiceFilter {
  const out: InvoiceFilter = { direction: f.direction };
  const query = f.query?.trim();
  if (query) out.query = query;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  const sender = f.sender?.trim();
  if (sender) out.sender = sender;
  if (f.status) out.status = f.status;
  if (f.detectWarning !== undefined) out.detectWarning = f.detectWarning;
  if (f.handled !== undefined) out.handled = f.handled;
  if (f.sumFrom !== undefined) out.sumFrom = f.sumFrom;
  if (f.sumTo !== undefined) out.sumTo = f.sumTo;
  if (f.dueFrom) out.dueFrom = f.dueFrom;
  if (f.dueTo) out.dueTo = f.dueTo;
  if (f.sort) out.sort = f.sort;
  return out;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The same invoice filter with its search typed on (shared/bridge/list-search.ts). */
export function invoiceFilterNarrows(prev: InvoiceFilter, next: InvoiceFilter): boolean {
  const { query: before, ...restBefore } = cleanInvoiceFilter(prev);
  const { query: after, ...restAfter } = cleanInvoiceFilter(next);
  return sameJson(restBefore, restAfter) && invoiceQueryNarrows(before, after);
}

/** The same documents filter with its search typed on. */
export function documentFilterNarrows(prev: DocumentFilter, next: DocumentFilter): boolean {
  return prev.direction === next.direction && sameJson(prev.sort, next.sort) && documentQueryNarrows(prev.query, next.query);
}

/** The list typing comes back to: an invoice filter with no text typed in it (keepKey). */
export function unsearchedInvoiceKey(f: InvoiceFilter): string | null {
  const clean = cleanInvoiceFilter(f);
  return clean.query || clean.sender ? null : JSON.stringify(clean);
}

/** A documents filter with no search typed. */
export function unsearchedDocumentKey(f: DocumentFilter): string | null {
  return f.query?.trim() ? null : JSON.stringify([f.direction, f.sort ?? null]);
}

export function createInvoiceList(bridge: Bridge, now: () => number, initial: InvoiceFilter): InvoiceList {
  return createPagedList<InvoiceRow, InvoiceFilter>({
    fetch: ({ accountId, filter, after, limit, signal }) =>
      bridge.invoke('invoices.list', { accountId, filter: cleanInvoiceFilter(filter), limit, ...(after ? { after } : {}) }, { signal }),
    initialFilter: initial,
    idOf: (r) => r.id,
    now,
    narrows: invoiceFilterNarrows,
    keepKey: unsearchedInvoiceKey,
  });
}

export function createDocumentList(bridge: Bridge, now: () => number, direction: 'RECEIVED' | 'SENT'): DocumentList {
  return createPagedList<DocumentRow, DocumentFilter>({
    fetch: ({ accountId, filter, after, limit, signal }) => {
      const query = filter.query?.trim();
      return bridge.invoke(
        'documents.list',
        {
          accountId,
          direction: filter.direction,
          limit,
          ...(query ? { query } : {}),
          ...(filter.sort ? { sort: filter.sort } : {}),
          ...(after ? { after } : {}),
        },
        { signal },
      );
    },
    initialFilter: { direction },
    idOf: (r) => r.id,
    now,
    narrows: documentFilterNarrows,
    keepKey: unsearchedDocumentKey,
  });
}

export function createBankMessageList(bridge: Bridge, now: () => number): BankMessageList {
  return createPagedList<BankMessageRow, BankMessageFilter>({
    fetch: ({ accountId, filter, after, limit, signal }) =>
      bridge.invoke(
        'bankMessages.list',
        { accountId, limit, ...(filter.sort ? { sort: filter.sort } : {}), ...(after ? { after } : {}) },
        { signal },
      ),
    initialFilter: {},
    idOf: (r) => `${r.kind}:${r.id}`,
    now,
  });
}
