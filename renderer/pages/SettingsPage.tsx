import { useTranslation } from 'react-i18next';
import { AccountForm } from '../components/AccountForm';
import { AccountSettingsForm } from '../components/AccountSettingsForm';
import { CollectionSettingsSection } from '../components/collection/CollectionSettings';
import { Preferences } from '../components/Preferences';
import { SendingOptionsSection } from '../components/services/SendingOptionsPanel';
import { useApp, useStores } from '../stores/context';

/** Accounts and their folders, and the app's own preferences. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { app } = useStores();
  const accounts = useApp((s) => s.accounts);
  const adding = useApp((s) => s.addingAccount);
  return (
    <div className="page">
      <h1>{t('settings.title')}</h1>
      <Preferences />
      <section aria-labelledby="accounts-title" className="stack">
        <h2 id="accounts-title">{t('settings.accounts')}</h2>
        {accounts.map((a) => (
          <AccountSettingsForm key={a.id} account={a} />
        ))}
        {adding ? (
          <div className="card">
            <AccountForm onAdded={(a) => void app.getState().accountAdded(a)} />
            <button type="button" onClick={() => app.getState().setAddingAccount(false)}>
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => app.getState().setAddingAccount(true)}>
            {t('settings.addAccount')}
          </button>
        )}
      </section>
      {accounts.length > 0 && <SendingOptionsSection accounts={accounts} />}
      {accounts.length > 0 && <CollectionSettingsSection accounts={accounts} />}
    </div>
  );
}
