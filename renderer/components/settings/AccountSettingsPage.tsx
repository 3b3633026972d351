import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/bridge';
import { AccountSettingsForm, accountSectionId, FORM_SECTIONS, RemoveAccount } from '../AccountSettingsForm';
import { ArchivePanel } from '../ArchivePanel';
import { CollectionServices } from '../collection/CollectionSettings';
import { SandboxBadge } from '../SandboxBadge';
import { SendingOptionsPanel } from '../services/SendingOptionsPanel';
import { DoctorSection } from './DoctorSection';
import { type PageSection, SettingsSection } from './SectionNav';

const PAGE_SECTIONS = ['sending', 'collection', 'doctor', 'archive', 'remove'] as const;

/** The sections of an account's settings page, in order: what "On this page" lists. */
export function accountSections(t: (key: string) => string): PageSection[] {
  return [...FORM_SECTIONS, ...PAGE_SECTIONS].map((s) => ({ id: accountSectionId(s), label: t(`settingsNav.account.${s}`) }));
}

/** One account's settings: its own, its sending options per folder, its collection services, its sealed archive, and removing it. */
export function AccountSettingsPage({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="card-head settings-page-head">
        <h2>{t('settingsNav.accountTitle', { name: account.name })}</h2>
        <SandboxBadge environment={account.environment} />
      </div>
      <AccountSettingsForm key={account.id} account={account} />
      <SettingsSection id={accountSectionId('sending')} title={t('settingsNav.account.sending')}>
        <SendingOptionsPanel key={account.id} account={account} />
      </SettingsSection>
      <SettingsSection id={accountSectionId('collection')} title={t('settingsNav.account.collection')}>
        <p className="muted">{t('collection.settingsIntro')}</p>
        <CollectionServices key={account.id} accountId={account.id} />
      </SettingsSection>
      <SettingsSection id={accountSectionId('doctor')} title={t('settingsNav.account.doctor')}>
        <DoctorSection key={`${account.id}:${account.root}`} accountId={account.id} />
      </SettingsSection>
      <SettingsSection id={accountSectionId('archive')} title={t('settingsNav.account.archive')}>
        <ArchivePanel key={account.id} account={account} />
      </SettingsSection>
      <SettingsSection id={accountSectionId('remove')} title={t('settingsNav.account.remove')}>
        <p className="muted">{t('settingsNav.removeLead')}</p>
        <RemoveAccount account={account} />
      </SettingsSection>
    </div>
  );
}
