import { useTranslation } from 'react-i18next';
import { currentAccount } from '../stores/app-store';
import { useApp, useSlice, useStores } from '../stores/context';
import { AccountSwitcher } from './AccountSwitcher';
import { SandboxBadge } from './SandboxBadge';
import { SyncStateBadge } from './SyncStateBadge';

/** The account switcher, the account's environment and sync state, and whether main is reachable. */
export function Header() {
  const { t } = useTranslation();
  const stores = useStores();
  const account = useApp(currentAccount);
  const connection = useApp((s) => s.connection);
  const status = useSlice(stores.sync, (s) => s.statuses.find((x) => x.account.id === account?.id) ?? null);
  return (
    <header className="header">
      <AccountSwitcher />
      {account && <SandboxBadge environment={account.environment} />}
      {status && <SyncStateBadge state={status.state} message={status.message} />}
      <span className="header-spacer" />
      {connection !== 'open' && (
        <span className="badge badge-warn" role="status">
          {t(`header.connection.${connection}`)}
        </span>
      )}
    </header>
  );
}
