import type { Stores } from './stores';
import { PAGES, type PageId } from './stores/app-store';

/**
 * Where the app is, as an address: `#/<page>`, or `#/invoices/<id>` and `#/documents/<id>` for an open
 * invoice or document. The hash works the same in a browser tab and in the desktop window (app://),
 * and a reload or a shared link needs nothing from the server.
 */
export interface Route {
  page: PageId;
  /** The open item of the page's list, where the page has one. */
  id: string | null;
}

/** The lists whose open row is part of the address. */
const OPENABLE = { invoices: 'received', documents: 'documents' } as const satisfies Partial<Record<PageId, keyof Stores>>;

export function parseRoute(hash: string): Route | null {
  const [page, id] = hash.replace(/^#\/?/, '').split('/');
  if (!page || !(PAGES as readonly string[]).includes(page)) return null;
  let open: string | null = null;
  try {
    open = id && page in OPENABLE ? decodeURIComponent(id) : null;
  } catch {
    open = null; // a mangled address opens the page, not an item
  }
  return { page: page as PageId, id: open };
}

export function formatRoute(r: Route): string {
  return `#/${r.page}${r.id ? `/${encodeURIComponent(r.id)}` : ''}`;
}

function current(stores: Stores): Route {
  const page = stores.app.getState().page;
  const list = page in OPENABLE ? stores[OPENABLE[page as keyof typeof OPENABLE]] : null;
  return { page, id: list?.getState().openId ?? null };
}

function apply(stores: Stores, r: Route): void {
  if (stores.app.getState().page !== r.page) stores.app.getState().go(r.page);
  if (!(r.page in OPENABLE)) return;
  const list = stores[OPENABLE[r.page as keyof typeof OPENABLE]].getState();
  if (r.id && list.openId !== r.id) list.openById(r.id);
  else if (!r.id && list.openId) list.close();
}

/**
 * Keeps the address and the app in step: each move in the app becomes a history entry (so back and
 * forward work), an address typed, reloaded or reached by back is shown. The first address is applied
 * once the app knows its account (an item opens in that account's list). Answers its undo.
 */
export function followRoutes(stores: Stores, win: Window): () => void {
  let applying = false;
  let started = false;
  const fromAddress = () => {
    const r = parseRoute(win.location.hash);
    if (!r) return;
    applying = true;
    try {
      apply(stores, r);
    } finally {
      applying = false;
    }
  };
  const toAddress = () => {
    if (applying || !started) return;
    const next = formatRoute(current(stores));
    if (win.location.hash !== next) win.history.pushState(null, '', next);
  };
  const start = () => {
    if (started || !stores.app.getState().ready || !stores.app.getState().accountId) return;
    fromAddress();
    started = true;
    // The first address is replaced, not pushed: back leaves the app, as it should.
    win.history.replaceState(null, '', `${win.location.pathname}${win.location.search}${formatRoute(current(stores))}`);
  };
  const offs = [
    stores.app.subscribe(() => {
      start();
      toAddress();
    }),
    ...Object.values(OPENABLE).map((name) => stores[name].subscribe((s, prev) => s.openId !== prev.openId && toAddress())),
  ];
  win.addEventListener('popstate', fromAddress);
  start();
  return () => {
    for (const off of offs) off();
    win.removeEventListener('popstate', fromAddress);
  };
}
