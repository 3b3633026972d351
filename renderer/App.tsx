import { type ComponentType, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from './components/ErrorNotice';
import { Header } from './components/Header';
import { Loading } from './components/Loading';
import { Sidebar } from './components/Sidebar';
import { CollectionPage } from './pages/CollectionPage';
import { CompanyPage } from './pages/CompanyPage';
import { DetectPage } from './pages/DetectPage';
import { DocumentsPage } from './pages/DocumentsPage';
import { FirstRunPage } from './pages/FirstRunPage';
import { InvoicesPage } from './pages/InvoicesPage';
import { LookupPage } from './pages/LookupPage';
import { NorwayPage } from './pages/NorwayPage';
import { OverviewPage } from './pages/OverviewPage';
import { PartnerPage } from './pages/PartnerPage';
import { ScanningPage } from './pages/ScanningPage';
import { SentPage } from './pages/SentPage';
import { SettingsPage } from './pages/SettingsPage';
import { ValidatePage } from './pages/ValidatePage';
import type { PageId } from './stores/app-store';
import { useApp, useStores } from './stores/context';

const PAGE_COMPONENTS: Record<PageId, ComponentType> = {
  overview: OverviewPage,
  invoices: InvoicesPage,
  documents: DocumentsPage,
  sent: SentPage,
  validate: ValidatePage,
  detect: DetectPage,
  company: CompanyPage,
  norway: NorwayPage,
  scanning: ScanningPage,
  lookup: LookupPage,
  partner: PartnerPage,
  collection: CollectionPage,
  settings: SettingsPage,
};

/** The window: first run until there is an account, then the sidebar, the header and one page. */
export function App() {
  const { t } = useTranslation();
  const { app } = useStores();
  const ready = useApp((s) => s.ready);
  const info = useApp((s) => s.info);
  const error = useApp((s) => s.error);
  const hasAccounts = useApp((s) => s.accounts.length > 0);
  const page = useApp((s) => s.page);
  const mainRef = useRef<HTMLElement>(null);
  const shownPage = useRef(page);

  useEffect(() => {
    // A new page is announced by moving focus to it (not on the first paint).
    if (shownPage.current === page) return;
    shownPage.current = page;
    mainRef.current?.focus();
  });

  if (!ready) {
    return (
      <main className="splash" id="main">
        <Loading label={t('app.starting')} />
      </main>
    );
  }
  if (!info) {
    return (
      <main className="splash" id="main">
        <h1>{t('app.name')}</h1>
        <ErrorNotice error={error} onRetry={() => void app.getState().init()} />
      </main>
    );
  }
  if (!hasAccounts) return <FirstRunPage />;
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
          <Page />
        </main>
      </div>
    </div>
  );
}
