import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountView, commands } from '../../shared/bridge';
import { ENVIRONMENTS } from '../../shared/enums';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec, type FormValues } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useBridge } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { RootField } from './RootField';

const CREDENTIALS: readonly FieldSpec[] = [
  { path: 'environment', kind: 'select', options: ENVIRONMENTS },
  { path: 'url', kind: 'text', nullable: true },
  { path: 'companyId', kind: 'text' },
  { path: 'apiKey', kind: 'password' },
  { path: 'vendorApiKey', kind: 'password', nullable: true },
];
const SAVE: readonly FieldSpec[] = [...CREDENTIALS, { path: 'name', kind: 'text' }, { path: 'root', kind: 'text' }];

const INITIAL: FormValues = { environment: 'production', url: '', companyId: '', apiKey: '', vendorApiKey: '', name: '', root: '' };
const CREDENTIAL_PATHS = new Set(CREDENTIALS.map((s) => s.path));

interface Verified {
  companyName: string | null;
  scopes: string[];
}

/**
 * A new account: the credentials are checked with the service (nothing saved), then the account is
 * saved with its name and root folder. Changing a credential after the check asks for a new one.
 */
export function AccountForm({
  onAdded,
  initial,
  id = 'account',
  title,
  onCancel,
}: {
  onAdded(account: AccountView): void;
  /** Shown as a Cancel beside the form's own button (Settings > Add an account). */
  onCancel?: () => void;
  /** Values known already (a partner's linked company: its environment, company ID and name). */
  initial?: FormValues;
  /** Another id when a page shows a second form beside the first. */
  id?: string;
  title?: string;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const form = useForm(id, { ...INITIAL, ...initial });
  const [verified, setVerified] = useState<Verified | null>(null);
  const hints = { companyId: 'validation.uuid', url: 'validation.url' };

  const setField = (path: string, value: string | boolean) => {
    form.set(path, value);
    if (CREDENTIAL_PATHS.has(path)) setVerified(null);
  };
  const fieldForm = { ...form, set: setField };

  const verify = () =>
    form.submit({
      check: (v) => validate(commands['accounts.verify'].input, bodyFrom(CREDENTIALS, v), t, { hints }),
      run: async (v) => {
        const answer = await bridge.invoke('accounts.verify', commandInput('accounts.verify', bodyFrom(CREDENTIALS, v)));
        setVerified(answer);
        if (!v.name && answer.companyName) form.set('name', answer.companyName);
      },
    });

  const save = () =>
    form.submit({
      check: (v) => validate(commands['accounts.add'].input, bodyFrom(SAVE, v), t, { hints }),
      run: async (v) => onAdded(await bridge.invoke('accounts.add', commandInput('accounts.add', bodyFrom(SAVE, v)))),
    });

  // Once the company is known, its root is proposed beside the other accounts' (named after it), and
  // proposed again as the name changes, until the user types or chooses a folder of their own.
  const proposed = useRef<string | null>(null);
  const name = typeof form.values.name === 'string' ? form.values.name : '';
  const root = typeof form.values.root === 'string' ? form.values.root : '';
  const untouched = root === '' || root === proposed.current;
  const rootNow = useRef(root);
  rootNow.current = root;
  // biome-ignore lint/correctness/useExhaustiveDependencies: proposed again for a new name only, not as the root is typed
  useEffect(() => {
    if (!verified || !untouched) return;
    let live = true;
    const timer = setTimeout(() => {
      bridge
        .invoke('accounts.proposeRoot', { name: name || verified.companyName || '' })
        .then(({ path }) => {
          // A folder typed or chosen while the proposal was on its way is the user's: it stays.
          if (!live || (rootNow.current !== '' && rootNow.current !== proposed.current)) return;
          proposed.current = path;
          form.set('root', path);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [verified, name]);

  const env = form.values.environment;
  return (
    <form
      className="form"
      aria-labelledby={`${id}-form-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void (verified ? save() : verify());
      }}
      noValidate
    >
      <h2 id={`${id}-form-title`}>{title ?? t('account.title')}</h2>
      <fieldset>
        <legend>{t('account.credentials')}</legend>
        <Field
          form={fieldForm}
          spec={CREDENTIALS[0] as FieldSpec}
          label={t('account.environment')}
          optionLabel={(o) => t(`environment.name.${o}`)}
          hint={typeof env === 'string' ? t(`environment.help.${env}`) : undefined}
        />
        <Field form={fieldForm} spec={CREDENTIALS[1] as FieldSpec} label={t('account.url')} hint={t('account.urlHint')} />
        <Field form={fieldForm} spec={CREDENTIALS[2] as FieldSpec} label={t('account.companyId')} required placeholder="3f2b0c1e-…" />
        <Field form={fieldForm} spec={CREDENTIALS[3] as FieldSpec} label={t('account.apiKey')} required autoComplete="off" />
        <Field form={fieldForm} spec={CREDENTIALS[4] as FieldSpec} label={t('account.vendorApiKey')} hint={t('account.vendorHint')} />
      </fieldset>
      {verified && (
        <div className="notice notice-ok" role="status">
          <p className="notice-title">{t('account.verified', { name: verified.companyName ?? t('common.unknown') })}</p>
          <p className="muted">{t('account.scopes', { scopes: verified.scopes.join(', ') || t('common.none') })}</p>
        </div>
      )}
      {verified && (
        <fieldset>
          <legend>{t('account.where')}</legend>
          <Field form={fieldForm} spec={SAVE[5] as FieldSpec} label={t('account.name')} required />
          <RootField form={fieldForm} spec={SAVE[6] as FieldSpec} label={t('account.root')} hint={t('rootFolder.proposedHint')} />
        </fieldset>
      )}
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : verified ? t('account.save') : t('account.verify')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
