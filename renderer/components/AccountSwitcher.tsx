import { useTranslation } from 'react-i18next';
import { useApp, useStores } from '../stores/context';

export function AccountSwitcher() {
  const { t } = useTranslation();
  const accounts = useApp((s) => s.accounts);
  const accountId = useApp((s) => s.accountId);
  const { app } = useStores();
  if (accounts.length === 0) return null;
  return (
    <div className="account-switcher">
      <label htmlFor="account-switcher">{t('header.account')}</label>
      <select id="account-switcher" value={accountId ?? ''} onChange={(e) => app.getState().selectAccount(e.target.value)}>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}
