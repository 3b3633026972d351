import { useTranslation } from 'react-i18next';
import { PAGES, type PageId } from '../stores/app-store';
import { useApp, useStores } from '../stores/context';
import { usePartnerAccounts } from './partner/use-partner-accounts';

const ICONS: Record<PageId, string> = {
  overview: '◎',
  invoices: '⬇',
  documents: '▤',
  sent: '⬆',
  validate: '✓',
  detect: '⚑',
  company: '▣',
  norway: '◇',
  scanning: '⊞',
  lookup: '⌕',
  partner: '⊕',
  collection: '€',
  settings: '⚙',
};

/** The pages, as a navigation list; the current one is marked for screen readers too. */
export function Sidebar() {
  const { t } = useTranslation();
  const page = useApp((s) => s.page);
  const { app } = useStores();
  const hasPartner = usePartnerAccounts();
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ⇄
        </span>
        <span>{t('app.name')}</span>
      </div>
      <ul>
        {PAGES.filter((p) => p !== 'partner' || hasPartner || page === 'partner').map((p) => (
          <li key={p}>
            <button
              type="button"
              className={`nav-item${p === page ? ' is-current' : ''}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => app.getState().go(p)}
              data-page={p}
            >
              <span className="nav-icon" aria-hidden="true">
                {ICONS[p]}
              </span>
              {t(`nav.${p}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
