import type { Stores } from './stores';
import { isTabbedPage, PAGES, type PageId } from './stores/app-store';

/**
 * Where the app is, as an address: `#/<page>`, a tab of a page after it (`#/sent/invoices`,
 * `#/documents/bank-messages`), and the open item of that view's list last (`#/invoices/<id>`,
 * `#/sent/invoices/<id>`, `#/documents/<id>`). A page's first tab has no word of its own, so the
 * addresses made before pages had tabs (`#/documents/<id>`) still open the same view. The hash works
 * the same in a browser tab and in the desktop window (app://), and a reload or a shared link needs
 * nothing from the server.
 */
export interface Route {
  page: PageId;
  /** The page's tab, for a page that has tabs. */
  tab: string | null;
  /** The open item of the view's list, where the view has one. */
  id: string | null;
}

type OpenableList = 'received' | 'documents' | 'bank' | 'sent' | 'sentDocuments';

/** A page, or one tab of it: its word in the address and the list whose open row is part of it. */
interface View {
  page: PageId;
  tab: string | null;
  segment: string | null;
  list: OpenableList | null;
}

const VIEWS: readonly View[] = [
  { page: 'invoices', tab: null, segment: null, list: 'received' },
  { page: 'documents', tab: 'documents', segment: null, list: 'documents' },
  { page: 'documents', tab: 'bank', segment: 'bank-messages', list: 'bank' },
  { page: 'sent', tab: 'outbox', segment: null, list: null },
  { page: 'sent', tab: 'invoices', segment: 'invoices', list: 'sent' },
  { page: 'sent', tab: 'documents', segment: 'documents', list: 'sentDocuments' },
  { page: 'settings', tab: 'app', segment: null, list: null },
  { page: 'settings', tab: 'account', segment: 'account', list: null },
];
/** Other words that name a view: the first tab by its name. */
const ALIASES: readonly (View & { segment: string })[] = [{ page: 'sent', tab: 'outbox', segment: 'outbox', list: null }];

const viewOf = (page: PageId, tab: string | null): View | null => VIEWS.find((v) => v.page === page && v.tab === tab) ?? null;

const decode = (text: string | undefined): string | null => {
  if (!text) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    return null; // a mangled address opens the view, not an item
  }
};

export function parseRoute(hash: string): Route | null {
  const [page, ...rest] = hash.replace(/^#\/?/, '').split('/');
  if (!page || !(PAGES as readonly string[]).includes(page)) return null;
  const views = VIEWS.filter((v) => v.page === page);
  if (views.length === 0) return { page: page as PageId, tab: null, id: null };
  const named = [...views, ...ALIASES].find((v) => v.page === page && v.segment !== null && v.segment === rest[0]);
  const view = named ?? views.find((v) => v.segment === null) ?? views[0]!;
  const item = named ? rest[1] : rest[0];
  return { page: page as PageId, tab: view.tab, id: view.list ? decode(item) : null };
}

export function formatRoute(r: Route): string {
  const view = viewOf(r.page, r.tab);
  const segment = view?.segment ? `/${view.segment}` : '';
  const item = view?.list && r.id ? `/${encodeURIComponent(r.id)}` : '';
  return `#/${r.page}${segment}${item}`;
}

function current(stores: Stores): Route {
  const { page, tabs } = stores.app.getState();
  const tab = isTabbedPage(page) ? tabs[page] : null;
  const list = viewOf(page, tab)?.list;
  return { page, tab, id: list ? stores[list].getState().openId : null };
}

function apply(stores: Stores, r: Route): void {
  const app = stores.app.getState();
  if (app.page !== r.page) app.go(r.page);
  if (isTabbedPage(r.page) && r.tab !== null) stores.app.getState().setTab(r.page, r.tab);
  const list = viewOf(r.page, r.tab)?.list;
  if (!list) return;
  const s = stores[list].getState();
  if (r.id && s.openId !== r.id) s.openById(r.id);
  else if (!r.id && s.openId) s.close();
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
  const lists = [...new Set(VIEWS.flatMap((v) => (v.list ? [v.list] : [])))];
  const offs = [
    stores.app.subscribe(() => {
      start();
      toAddress();
    }),
    ...lists.map((name) => stores[name].subscribe((s, prev) => s.openId !== prev.openId && toAddress())),
  ];
  win.addEventListener('popstate', fromAddress);
  start();
  return () => {
    for (const off of offs) off();
    win.removeEventListener('popstate', fromAddress);
  };
}
