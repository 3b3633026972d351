import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/bridge';
import { DOCUMENT_TYPES } from '../../../shared/enums';
import {
  BOOLEAN_OPTION_FIELDS,
  CONSUMER_ROUTES,
  DEPRECATED_ROUTES,
  type FolderOptionsView,
  RECIPIENT_TYPES,
  type SendingOptions,
  VALIDATION_MODES,
} from '../../../shared/schemas/sending-options';
import { useCommand } from '../../hooks/use-command';
import { useBridge } from '../../stores/context';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { CheckInput, TextInput } from './TextInput';
import { useAction } from './use-action';

/** The groups of the invoice options, in the order the form shows them; a document folder has two. */
const INVOICE_GROUPS: [string, string[]][] = [
  ['checks', ['validation']],
  ['delivery', ['format', 'lang', 'prevent_routing', 'disabled_routes', 'sender_comment', 'email_settings[xml_format]']],
  ['recipient', ['recipient_eia', 'recipient_operator', 'recipient_email']],
  [
    'consumers',
    [
      'recipient_type',
      'route_order',
      'recipient_phone_number',
      'recipient_date_of_birth',
      'recipient_ssn',
      'recipient_efaktura_id',
      'b2cno_document_type',
      'payment_instruction_identifier',
    ],
  ],
  [
    'print',
    [
      'print_settings[color]',
      'print_settings[letter_class]',
      'print_settings[prevent_digital_post]',
      'print_settings[print_own_image]',
      'print_settings[allow_mailbox_fi]',
    ],
  ],
];
const DOCUMENT_GROUPS: [string, string[]][] = [
  ['checks', ['validation']],
  ['recipient', ['recipient_name', 'recipient_country', 'recipient_eia', 'recipient_operator', 'external_id']],
  ['sender', ['sender_name', 'sender_country', 'sender_eia']],
];
const isBool = (k: string) => (BOOLEAN_OPTION_FIELDS as readonly string[]).includes(k);
const FIELD_TYPES: Record<string, 'email' | 'date' | 'tel'> = {
  recipient_email: 'email',
  recipient_date_of_birth: 'date',
  recipient_phone_number: 'tel',
};

type Values = Record<string, string | boolean | string[] | undefined>;
const fromOptions = (o: SendingOptions): Values => ({
  ...o,
  disabled_routes: Array.isArray(o.disabled_routes) ? o.disabled_routes.join(', ') : undefined,
});
function toOptions(v: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined || x === '') continue;
    if (k === 'disabled_routes' && typeof x === 'string') out[k] = x.split(/[\s,]+/).filter(Boolean);
    else out[k] = typeof x === 'string' ? x.trim() : x;
  }
  return out;
}

/** One yes/no option: default (left out), yes or no. */
function TriState({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: boolean | undefined;
  onChange(v: boolean | undefined): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
      >
        <option value="">{t('sending.default')}</option>
        <option value="true">{t('sending.yes')}</option>
        <option value="false">{t('sending.no')}</option>
      </select>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

function FolderForm({ accountId, view, onSaved }: { accountId: string; view: FolderOptionsView; onSaved(v: FolderOptionsView): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [values, setValues] = useState<Values>(fromOptions(view.options));
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const selectId = useId();
  const set = (k: string, v: Values[string]) => {
    setSaved(false);
    setValues((x) => ({ ...x, [k]: v }));
  };
  const groups = view.folder === 'Outbox/Invoices' ? INVOICE_GROUPS : DOCUMENT_GROUPS;
  const errors = action.error?.fields ?? {};
  const label = (k: string) => t(`sending.fields.${k}.label`);
  const hint = (k: string) => t(`sending.fields.${k}.hint`);
  const order = Array.isArray(values.route_order) ? values.route_order : [];

  const field = (k: string) => {
    if (isBool(k))
      return <TriState key={k} label={label(k)} hint={hint(k)} value={values[k] as boolean | undefined} onChange={(v) => set(k, v)} />;
    if (k === 'validation')
      return (
        <div className="field" key={k}>
          <label htmlFor={`${selectId}-validation`}>{label(k)}</label>
          <select
            id={`${selectId}-validation`}
            aria-describedby={`${selectId}-validation-hint`}
            value={typeof values[k] === 'string' ? (values[k] as string) : ''}
            onChange={(e) => set(k, e.target.value || undefined)}
          >
            <option value="">{t('sending.default')}</option>
            {VALIDATION_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`sending.validationModes.${m}`)}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${selectId}-validation-hint`}>
            {hint(k)}
          </p>
          {errors[k] && <p className="field-error">{errors[k]}</p>}
        </div>
      );
    if (k === 'recipient_type')
      return (
        <div className="field" key={k}>
          <label htmlFor={`${selectId}-type`}>{label(k)}</label>
          <select
            id={`${selectId}-type`}
            aria-describedby={`${selectId}-type-hint`}
            value={typeof values[k] === 'string' ? (values[k] as string) : ''}
            onChange={(e) => set(k, e.target.value || undefined)}
          >
            <option value="">{t('sending.default')}</option>
            {RECIPIENT_TYPES.map((r) => (
              <option key={r} value={r}>
                {t(`sending.recipientTypes.${r}`)}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${selectId}-type-hint`}>
            {hint(k)}
          </p>
          {errors[k] && <p className="field-error">{errors[k]}</p>}
        </div>
      );
    if (k === 'route_order')
      return (
        <fieldset key={k} aria-describedby={`${selectId}-order-hint`}>
          <legend>{t('sending.routeOrder')}</legend>
          <p className="field-hint" id={`${selectId}-order-hint`}>
            {t('sending.routeOrderHint')}
          </p>
          {CONSUMER_ROUTES.map((r) => {
            const at = order.indexOf(r);
            const deprecated = (DEPRECATED_ROUTES as readonly string[]).includes(r);
            return (
              <CheckInput
                key={r}
                label={`${at >= 0 ? `${at + 1}. ` : ''}${t(`sending.routes.${r}`)}${deprecated ? ` ${t('sending.deprecated')}` : ''}`}
                checked={at >= 0}
                onChange={(on) => set(k, on ? [...order, r] : order.filter((x) => x !== r))}
              />
            );
          })}
          {errors[k] && <p className="field-error">{errors[k]}</p>}
        </fieldset>
      );
    return (
      <TextInput
        key={k}
        label={label(k)}
        hint={hint(k)}
        type={FIELD_TYPES[k]}
        value={typeof values[k] === 'string' ? (values[k] as string) : ''}
        error={errors[k]}
        onChange={(v) => set(k, v)}
      />
    );
  };

  return (
    <form
      className="form"
      noValidate
      aria-label={t('sending.save', { folder: view.folder })}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(async () => {
          const answer = await bridge.invoke('sendingOptions.set', { accountId, folder: view.folder, options: toOptions(values) });
          onSaved(answer);
          setSaved(true);
        });
      }}
    >
      {groups.map(([g, keys]) => (
        <fieldset key={g}>
          <legend>{t(`sending.${g}`)}</legend>
          {g === 'consumers' && <p className="muted">{t('sending.consumersLead')}</p>}
          {keys.map(field)}
        </fieldset>
      ))}
      <ErrorNotice error={action.error} lines={[]} />
      {saved && (
        <p className="notice notice-ok" role="status">
          {t('sending.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>
          {action.busy ? t('common.working') : t('sending.save', { folder: view.folder })}
        </button>
      </div>
    </form>
  );
}

/** One account's sending options per outbox folder, each option explained. */
export function SendingOptionsPanel({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const list = useCommand('sendingOptions.list', { accountId: account.id });
  const [folder, setFolder] = useState('Outbox/Invoices');
  const [newType, setNewType] = useState('ORDER');
  const [extra, setExtra] = useState<string[]>([]);
  const id = useId();
  const folders = [...new Set([...(list.data ?? []).map((f) => f.folder), ...extra])];
  const view: FolderOptionsView | null =
    list.data?.find((f) => f.folder === folder) ?? (folders.includes(folder) ? { folder, fields: [], options: {} } : null);

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('sending.account', { name: account.name })}</h3>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading && !list.data && <Loading />}
      {list.data && (
        <>
          <div className="form form-inline">
            <div className="field">
              <label htmlFor={`${id}-folder`}>{t('sending.folder')}</label>
              <select id={`${id}-folder`} value={folder} onChange={(e) => setFolder(e.target.value)}>
                {folders.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-type`}>{t('sending.addFolder')}</label>
              <select id={`${id}-type`} aria-describedby={`${id}-type-hint`} value={newType} onChange={(e) => setNewType(e.target.value)}>
                {DOCUMENT_TYPES.filter((d) => d !== 'UNKNOWN').map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
              <p className="field-hint" id={`${id}-type-hint`}>
                {t('sending.addFolderHint')}
              </p>
            </div>
            <button
              type="button"
              onClick={() => {
                const f = `Outbox/Documents/${newType}`;
                setExtra((x) => (x.includes(f) ? x : [...x, f]));
                setFolder(f);
              }}
            >
              {t('sending.add')}
            </button>
          </div>
          {view && (
            <FolderForm
              key={`${account.id}|${view.folder}`}
              accountId={account.id}
              view={view}
              onSaved={(saved) => list.setData([...(list.data ?? []).filter((f) => f.folder !== saved.folder), saved])}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Settings > Sending options: every account's. */
export function SendingOptionsSection({ accounts }: { accounts: AccountView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sending-title" className="stack">
      <h2 id="sending-title">{t('sending.title')}</h2>
      <p className="muted">{t('sending.lead')}</p>
      {accounts.map((a) => (
        <SendingOptionsPanel key={a.id} account={a} />
      ))}
    </section>
  );
}
