import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, BridgeErrorView } from '../../shared/bridge';
import { commands } from '../../shared/bridge';
import { INBOX_LAYOUTS } from '../../shared/inbox-layout';
import { REMOTE_VALIDATION_MODES } from '../../shared/validation/remote';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec, inputsFrom } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useBridge, useStores } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ConfirmButton } from './ConfirmButton';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { InboxReorganize } from './InboxReorganize';
import { RevealButton } from './RevealButton';
import { RootField } from './RootField';
import { SettingsSection } from './settings/SectionNav';

/** Whether hot folders also ask the service's validator (shared/validation/remote.ts). */
const REMOTE_VALIDATION: FieldSpec = { path: 'remoteValidation', kind: 'select', options: REMOTE_VALIDATION_MODES };

const SPECS: readonly FieldSpec[] = [
  { path: 'name', kind: 'text' },
  { path: 'root', kind: 'text' },
  { path: 'pollIntervalS', kind: 'number' },
  { path: 'markHandled', kind: 'bool' },
  // Whether received RI messages are deleted on the service once their files are safely here.
  { path: 'deleteRiAfterDownload', kind: 'bool' },
  { path: 'inboxLayout', kind: 'select', options: INBOX_LAYOUTS },
  REMOTE_VALIDATION,
];

/** The sections of this form on the account's settings page (the page adds its own after them). */
export const FORM_SECTIONS = ['general', 'receiving', 'checks'] as const;
export const accountSectionId = (s: string) => `settings-account-${s}`;

/**
 * One account's own settings in three sections saved together: its name, folder and poll interval;
 * what happens to what it receives (handled marking, the Inbox layout, received RI messages); and
 * the checks before sending.
 */
export function AccountSettingsForm({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const { app } = useStores();
  const form = useForm(`account-${account.id}`, inputsFrom(SPECS, account));
  const [saved, setSaved] = useState(false);

  const save = () =>
    form.submit({
      check: (v) => validate(commands['accounts.update'].input, { accountId: account.id, ...bodyFrom(SPECS, v) }, t),
      run: async (v) => {
        setSaved(false);
        await bridge.invoke('accounts.update', commandInput('accounts.update', { accountId: account.id, ...bodyFrom(SPECS, v) }));
        setSaved(true);
        await app.getState().refreshAccounts();
      },
    });

  return (
    <form
      className="form stack"
      aria-label={t('settingsNav.accountForm', { name: account.name })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <SettingsSection id={accountSectionId('general')} title={t('settingsNav.account.general')}>
        <div className="grid-2">
          <Field form={form} spec={SPECS[0] as FieldSpec} label={t('account.name')} required />
          <Field form={form} spec={SPECS[2] as FieldSpec} label={t('settings.pollInterval')} hint={t('settings.pollHint')} />
        </div>
        <RootField
          form={form}
          spec={SPECS[1] as FieldSpec}
          accountId={account.id}
          saved={account.root}
          label={t('account.root')}
          hint={t('account.rootHint')}
        />
        <RevealButton
          accountId={account.id}
          target={{ folder: 'root' }}
          label={t('reveal.show')}
          name={t('reveal.showRoot', { name: account.name })}
        />
      </SettingsSection>
      <SettingsSection id={accountSectionId('receiving')} title={t('settingsNav.account.receiving')}>
        <div className="grid-2">
          <Field form={form} spec={SPECS[3] as FieldSpec} label={t('settings.markHandled')} hint={t('settings.markHandledHint')} />
          <Field form={form} spec={SPECS[4] as FieldSpec} label={t('settings.deleteRi')} hint={t('settings.deleteRiHint')} />
          <Field
            form={form}
            spec={SPECS[5] as FieldSpec}
            label={t('inbox.layout')}
            hint={t('inbox.layoutHint')}
            optionLabel={(o) => t(`inbox.layouts.${o}`)}
          />
          <InboxReorganize account={account} unsaved={form.values.inboxLayout !== account.inboxLayout} />
        </div>
      </SettingsSection>
      <SettingsSection id={accountSectionId('checks')} title={t('settingsNav.account.checks')}>
        <Field
          form={form}
          spec={REMOTE_VALIDATION}
          label={t('remoteValidation.label')}
          hint={t('remoteValidation.hint')}
          optionLabel={(o) => t(`remoteValidation.modes.${o}`)}
        />
      </SettingsSection>
      <div className="form-footer">
        <ErrorNotice error={form.failure} lines={form.unplaced} />
        {saved && (
          <p className="notice notice-ok" role="status">
            {t('company.saved')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={form.busy}>
            {t('common.save')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Removing the account (its files stay where they are), asked twice. */
export function RemoveAccount({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const { app } = useStores();
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const remove = async () => {
    try {
      await bridge.invoke('accounts.remove', { accountId: account.id });
      await app.getState().refreshAccounts();
    } catch (e) {
      setError(toErrorView(e));
    }
  };
  return (
    <>
      <ErrorNotice error={error} />
      <ConfirmButton
        label={t('settings.removeAccount')}
        question={t('settings.removeQuestion', { name: account.name })}
        onConfirm={() => void remove()}
      />
    </>
  );
}
