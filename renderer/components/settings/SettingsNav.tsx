import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentAccount } from '../../stores/app-store';
import { useApp, useStores } from '../../stores/context';

/** Past this many accounts the list can be narrowed by name. */
const FIND_FROM = 8;

/**
 * The settings' pages: the app's own, one per account, and adding one. An account's page is the
 * chosen company's (choosing one here chooses it for the whole window, as the account switcher does).
 */
export function SettingsNav() {
  const { t } = useTranslation();
  const { app } = useStores();
  const accounts = useApp((s) => s.accounts);
  const tab = useApp((s) => s.tabs.settings);
  const adding = useApp((s) => s.addingAccount);
  const chosen = useApp((s) => currentAccount(s)?.id ?? null);
  const [query, setQuery] = useState('');
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const shown = accounts.filter((a) => words.every((w) => a.name.toLocaleLowerCase().includes(w)));
  const page = adding ? 'add' : tab;
  const show = (next: 'app' | 'account', accountId?: string) => {
    const s = app.getState();
    if (accountId) s.selectAccount(accountId);
    s.setAddingAccount(false);
    s.setTab('settings', next);
  };
  return (
    <nav className="settings-nav" aria-labelledby="settings-nav-title">
      <h2 className="nav-heading" id="settings-nav-title">
        {t('settingsNav.pages')}
      </h2>
      <ul>
        <li>
          <button
            type="button"
            className={`nav-item${page === 'app' ? ' is-current' : ''}`}
            aria-current={page === 'app' ? 'page' : undefined}
            onClick={() => show('app')}
          >
            {t('settingsNav.appPage')}
          </button>
        </li>
      </ul>
      <h3 className="nav-heading" id="settings-accounts-title">
        {t('settingsNav.accountPages', { count: accounts.length })}
      </h3>
      {accounts.length > FIND_FROM && (
        <input
          type="search"
          className="settings-nav-find"
          aria-label={t('settingsNav.findAccount')}
          placeholder={t('settingsNav.findAccount')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <ul className="settings-accounts" aria-labelledby="settings-accounts-title">
        {shown.map((a) => {
          const current = page === 'account' && a.id === chosen;
          return (
            <li key={a.id}>
              <button
                type="button"
                className={`nav-item${current ? ' is-current' : ''}`}
                aria-current={current ? 'page' : undefined}
                onClick={() => show('account', a.id)}
              >
                {a.name}
              </button>
            </li>
          );
        })}
        {shown.length === 0 && <li className="muted">{t('cockpit.noMatches')}</li>}
      </ul>
      <button
        type="button"
        className={`nav-item${page === 'add' ? ' is-current' : ''}`}
        aria-current={page === 'add' ? 'page' : undefined}
        onClick={() => app.getState().setAddingAccount(true)}
      >
        {t('settings.addAccount')}
      </button>
    </nav>
  );
}
