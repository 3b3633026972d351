import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from './components/ErrorNotice';
import { Header } from './components/Header';
import { Loading } from './components/Loading';
import { PageBoundary } from './components/PageBoundary';
import { Sidebar } from './components/Sidebar';
import { OverviewPage } from './pages/OverviewPage';
import { type PageId, showsAccount } from './stores/app-store';
import { useApp, useStores } from './stores/context';

/*
 * The Overview is in the first script; every other page, and the first run, is a script of its own,
 * fetched when first shown, or in the background once the Overview is up (`preloadPages`). The
 * forms' schemas (zod) and the list views are most of the app's code: parsing and running them all
 * before the first paint made opening the window about a third slower.
 */
const PAGE_LOADERS = {
  invoices: () => import('./pages/InvoicesPage').then((m) => ({ default: m.InvoicesPage })),
  documents: () => import('./pages/DocumentsPage').then((m) => ({ default: m.DocumentsPage })),
  sent: () => import('./pages/SentPage').then((m) => ({ default: m.SentPage })),
  validate: () => import('./pages/ValidatePage').then((m) => ({ default: m.ValidatePage })),
  detect: () => import('./pages/DetectPage').then((m) => ({ default: m.DetectPage })),
  company: () => import('./pages/CompanyPage').then((m) => ({ default: m.CompanyPage })),
  norway: () => import('./pages/NorwayPage').then((m) => ({ default: m.NorwayPage })),
  scanning: () => import('./pages/ScanningPage').then((m) => ({ default: m.ScanningPage })),
  lookup: () => import('./pages/LookupPage').then((m) => ({ default: m.LookupPage })),
  partner: () => import('./pages/PartnerPage').then((m) => ({ default: m.PartnerPage })),
  collection: () => import('./pages/CollectionPage').then((m) => ({ default: m.CollectionPage })),
  settings: () => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage })),
} satisfies Record<Exclude<PageId, 'overview'>, () => Promise<{ default: ComponentType }>>;

/** Fetches the other pages' scripts while the user reads the Overview, so that a page opens at once. */
export function preloadPages(): Promise<unknown> {
  return Promise.all(Object.values(PAGE_LOADERS).map((load) => load()));
}

const PAGE_COMPONENTS: Record<PageId, ComponentType> = {
  overview: OverviewPage,
  ...(Object.fromEntries(Object.entries(PAGE_LOADERS).map(([id, load]) => [id, lazy(load)])) as unknown as Record<
    keyof typeof PAGE_LOADERS,
    ComponentType
  >),
};

/** How long after the window is up the other pages' scripts are fetched. */
const PRELOAD_AFTER_MS = 1_500;

const FirstRunPage = lazy(() => import('./pages/FirstRunPage').then((m) => ({ default: m.FirstRunPage })));

function Splash({ label }: { label: string }) {
  return (
    <main className="splash" id="main">
      <Loading label={label} />
    </main>
  );
}

/** The window: first run until there is an account, then the sidebar, the header and one page. */
export function App() {
  const { t } = useTranslation();
  const { app } = useStores();
  const ready = useApp((s) => s.ready);
  const info = useApp((s) => s.info);
  const error = useApp((s) => s.error);
  const page = useApp((s) => s.page);
  const mainRef = useRef<HTMLElement>(null);
  const shownPage = useRef(page);

  const shown = useApp(showsAccount);
  useEffect(() => {
    if (!shown) return;
    // Once the window is up and has had a moment for its first answers, the rest of the app's code
    // is fetched and run while nobody waits for it.
    const timer = setTimeout(() => void preloadPages().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    // A new page is announced by moving focus to it (not on the first paint).
    if (shownPage.current === page) return;
    shownPage.current = page;
    mainRef.current?.focus();
  });

  if (!ready) return <Splash label={t('app.starting')} />;
  if (!info) {
    return (
      <main className="splash" id="main">
        <h1>{t('app.name')}</h1>
        <ErrorNotice error={error} onRetry={() => void app.getState().init()} />
      </main>
    );
  }
  if (!shown) {
    return (
      <Suspense fallback={<Splash label={t('app.starting')} />}>
        <FirstRunPage />
      </Suspense>
    );
  }
  const Page = PAGE_COMPONENTS[page];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <Sidebar />
      <div className="main-col">
        <Header />
        <main id="main" ref={mainRef} tabIndex={-1} className="main" data-page={page}>
          <PageBoundary key={page} onReload={() => window.location.reload()}>
            <Suspense fallback={<Loading />}>
              <Page />
            </Suspense>
          </PageBoundary>
        </main>
      </div>
    </div>
  );
}
