import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorizationPanel } from '../components/AuthorizationPanel';
import { CompanyAccountPanel } from '../components/CompanyAccountPanel';
import { CompanySettingsForm } from '../components/CompanySettingsForm';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { ProfilesPanel } from '../components/ProfilesPanel';
import { Tabs } from '../components/Tabs';
import { UsersPanel } from '../components/UsersPanel';
import { WebhooksPanel } from '../components/WebhooksPanel';
import { useCommand } from '../hooks/use-command';
import { useApp } from '../stores/context';

type Tab = 'settings' | 'profiles' | 'authorization' | 'users' | 'webhooks' | 'account';

function SettingsTab({ accountId }: { accountId: string }) {
  const settings = useCommand('company.settings.get', { accountId });
  if (settings.error) return <ErrorNotice error={settings.error} onRetry={settings.reload} />;
  if (!settings.data) return <Loading />;
  return <CompanySettingsForm accountId={accountId} saved={settings.data} onSaved={settings.reload} />;
}

/** The company on the service: its settings, network profiles, authorization, users, webhooks, vendor link and departments. */
export function CompanyPage() {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  const [tab, setTab] = useState<Tab>('settings');
  if (!accountId) return null;
  return (
    <div className="page">
      <h1>{t('company.title')}</h1>
      <Tabs<Tab>
        label={t('company.title')}
        idPrefix="company"
        tabs={[
          { id: 'settings', label: t('company.tabs.settings') },
          { id: 'profiles', label: t('company.tabs.profiles') },
          { id: 'authorization', label: t('company.tabs.authorization') },
          { id: 'users', label: t('company.tabs.users') },
          { id: 'webhooks', label: t('companyAdmin.tabs.webhooks') },
          { id: 'account', label: t('companyAdmin.tabs.account') },
        ]}
        current={tab}
        onChange={setTab}
      >
        {tab === 'settings' && <SettingsTab key={accountId} accountId={accountId} />}
        {tab === 'profiles' && <ProfilesPanel key={accountId} accountId={accountId} />}
        {tab === 'authorization' && <AuthorizationPanel key={accountId} accountId={accountId} />}
        {tab === 'users' && <UsersPanel key={accountId} accountId={accountId} />}
        {tab === 'webhooks' && <WebhooksPanel key={accountId} accountId={accountId} />}
        {tab === 'account' && <CompanyAccountPanel key={accountId} accountId={accountId} />}
      </Tabs>
    </div>
  );
}
