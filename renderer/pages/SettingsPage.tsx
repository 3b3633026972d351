import { useTranslation } from 'react-i18next';
import { AccountForm } from '../components/AccountForm';
import { appSections, Preferences } from '../components/Preferences';
import { AccountSettingsPage, accountSections } from '../components/settings/AccountSettingsPage';
import { SectionNav } from '../components/settings/SectionNav';
import { SettingsNav } from '../components/settings/SettingsNav';
import { currentAccount } from '../stores/app-store';
import { useApp, useStores } from '../stores/context';

/**
 * Settings as pages: the app's own, one per account (the chosen company's), and adding an account.
 * The side column lists the pages and the sections of the one shown.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { app } = useStores();
  const tab = useApp((s) => s.tabs.settings);
  const adding = useApp((s) => s.addingAccount);
  const account = useApp(currentAccount);
  const onAccount = !adding && tab === 'account' && account !== null;
  return (
    <div className="page settings-page">
      <h1>{t('settings.title')}</h1>
      <div className="settings-layout">
        <div className="settings-side">
          <SettingsNav />
          {!adding && <SectionNav sections={onAccount ? accountSections(t) : appSections(t)} />}
        </div>
        <div className="settings-content">
          {adding ? (
            <section className="card" aria-labelledby="account-form-title">
              <AccountForm onAdded={(a) => void app.getState().accountAdded(a)} onCancel={() => app.getState().setAddingAccount(false)} />
            </section>
          ) : onAccount ? (
            <AccountSettingsPage key={account.id} account={account} />
          ) : (
            <div className="stack">
              <h2 className="settings-page-head">{t('settingsNav.appPage')}</h2>
              <Preferences />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
