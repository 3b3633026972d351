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
  if (f.sort) out.sort = f.sort;
  return out;
}

export function createInvoiceList(bridge: Bridge, now: () => number, initial: InvoiceFilter): InvoiceList {
  return createPagedList<InvoiceRow, InvoiceFilter>({
    fetch: ({ accountId, filter, after, limit }) =>
      bridge.invoke('invoices.list', { accountId, filter: cleanInvoiceFilter(filter), limit, ...(after ? { after } : {}) }),
    initialFilter: initial,
    idOf: (r) => r.id,
    now,
  });
}

export function createDocumentList(bridge: Bridge, now: () => number, direction: 'RECEIVED' | 'SENT'): DocumentList {
  return createPagedList<DocumentRow, DocumentFilter>({
    fetch: ({ accountId, filter, after, limit }) => {
      const query = filter.query?.trim();
      return bridge.invoke('documents.list', {
        accountId,
        direction: filter.direction,
        limit,
        ...(query ? { query } : {}),
        ...(filter.sort ? { sort: filter.sort } : {}),
        ...(after ? { after } : {}),
      });
    },
    initialFilter: { direction },
    idOf: (r) => r.id,
    now,
  });
}

export function createBankMessageList(bridge: Bridge, now: () => number): BankMessageList {
  return createPagedList<BankMessageRow, BankMessageFilter>({
    fetch: ({ accountId, filter, after, limit }) =>
      bridge.invoke('bankMessages.list', { accountId, limit, ...(filter.sort ? { sort: filter.sort } : {}), ...(after ? { after } : {}) }),
    initialFilter: {},
    idOf: (r) => `${r.kind}:${r.id}`,
    now,
  });
}
