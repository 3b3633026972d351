import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isJsonObject } from '../../shared/bridge/commands';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useCommand } from '../hooks/use-command';
import { useApp, useBridge } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { Loading } from './Loading';

const LOCALES = ['fi', 'sv', 'nb', 'en', 'da'] as const;
const SPECS: readonly FieldSpec[] = [
  { path: 'authEmail', kind: 'email' },
  { path: 'locale', kind: 'select', options: LOCALES },
  { path: 'options', kind: 'textarea', optional: true },
];
const schema = z.object({
  authEmail: z.email(),
  locale: z.enum(LOCALES),
  options: z.string().refine(isJsonObject).optional(),
});

/** Company authorization (KYC): where it stands, and sending the signing request. */
export function AuthorizationPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const lang = useApp((s) => s.settings.language);
  const auth = useCommand('company.authorization.get', { accountId });
  const form = useForm('authorization', { authEmail: '', locale: lang, options: '' });

  const send = () =>
    form.submit({
      check: (v) => validate(schema, bodyFrom(SPECS, v), t, { hints: { options: 'authorization.optionsInvalid' } }),
      run: async (v) =>
        auth.setData(
          await bridge.invoke(
            'company.authorization.send',
            commandInput('company.authorization.send', { accountId, ...bodyFrom(SPECS, v) }),
          ),
        ),
    });

  const a = auth.data;
  return (
    <div className="stack">
      <ErrorNotice error={auth.error} onRetry={auth.reload} />
      {auth.loading && !a && <Loading />}
      {a && (
        <dl className="facts">
          <div>
            <dt>{t('authorization.companyState')}</dt>
            <dd>
              <span className={`badge badge-company-${String(a.company_state).toLowerCase()}`}>
                {t(`authorization.companyStates.${a.company_state}`, { defaultValue: String(a.company_state) })}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('authorization.authState')}</dt>
            <dd>{t(`authorization.authStates.${a.auth_state}`, { defaultValue: String(a.auth_state) })}</dd>
          </div>
          <div>
            <dt>{t('authorization.authEmail')}</dt>
            <dd>{a.auth_email ?? '–'}</dd>
          </div>
        </dl>
      )}
      <form
        className="form card"
        aria-labelledby="authorization-form-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h3 id="authorization-form-title">{t('authorization.send')}</h3>
        <p className="muted">{t('authorization.sendLead')}</p>
        <Field form={form} spec={SPECS[0] as FieldSpec} label={t('authorization.signerEmail')} required autoComplete="email" />
        <Field
          form={form}
          spec={SPECS[1] as FieldSpec}
          label={t('authorization.locale')}
          optionLabel={(l) => t(`authorization.locales.${l}`)}
        />
        <Field form={form} spec={SPECS[2] as FieldSpec} label={t('authorization.options')} hint={t('authorization.optionsHint')} />
        <ErrorNotice error={form.failure} lines={form.unplaced} />
        <div className="actions">
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? t('common.working') : t('authorization.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
