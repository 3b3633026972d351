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
import { SandboxBadge } from './SandboxBadge';

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

/**
 * One account's name, folder, poll interval, whether downloading marks invoices handled, its Inbox
 * layout, and whether received RI messages are deleted on the service once downloaded.
 */
export function AccountSettingsForm({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const { app } = useStores();
  const form = useForm(`account-${account.id}`, inputsFrom(SPECS, account));
  const [saved, setSaved] = useState(false);
  const [removeError, setRemoveError] = useState<BridgeErrorView | null>(null);

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

  const remove = async () => {
    try {
      await bridge.invoke('accounts.remove', { accountId: account.id });
      await app.getState().refreshAccounts();
    } catch (e) {
      setRemoveError(toErrorView(e));
    }
  };

  return (
    <form
      className="form card"
      aria-labelledby={`${form.id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="card-head">
        <h3 id={`${form.id}-title`}>{account.name}</h3>
        <SandboxBadge environment={account.environment} />
        <span className="muted mono">{account.companyId}</span>
      </div>
      <div className="grid-2">
        <Field form={form} spec={SPECS[0] as FieldSpec} label={t('account.name')} required />
        <Field form={form} spec={SPECS[1] as FieldSpec} label={t('account.root')} required hint={t('account.rootHint')} />
        <Field form={form} spec={SPECS[2] as FieldSpec} label={t('settings.pollInterval')} hint={t('settings.pollHint')} />
        <Field form={form} spec={SPECS[3] as FieldSpec} label={t('settings.markHandled')} hint={t('settings.markHandledHint')} />
        <Field
          form={form}
          spec={SPECS[5] as FieldSpec}
          label={t('inbox.layout')}
          hint={t('inbox.layoutHint')}
          optionLabel={(o) => t(`inbox.layouts.${o}`)}
        />
        <Field form={form} spec={SPECS[4] as FieldSpec} label={t('settings.deleteRi')} hint={t('settings.deleteRiHint')} />
        <InboxReorganize account={account} unsaved={form.values.inboxLayout !== account.inboxLayout} />
        <Field
          form={form}
          spec={REMOTE_VALIDATION}
          label={t('remoteValidation.label')}
          hint={t('remoteValidation.hint')}
          optionLabel={(o) => t(`remoteValidation.modes.${o}`)}
        />
      </div>
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <ErrorNotice error={removeError} />
      {saved && (
        <p className="notice notice-ok" role="status">
          {t('company.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {t('common.save')}
        </button>
        <ConfirmButton
          label={t('settings.removeAccount')}
          question={t('settings.removeQuestion', { name: account.name })}
          onConfirm={() => void remove()}
        />
      </div>
    </form>
  );
}
