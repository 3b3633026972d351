import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import { commands } from '../../shared/bridge';
import type { CompanyAccountView } from '../../shared/bridge/company-admin';
import { departmentBodySchema } from '../../shared/schemas/company';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useCommand } from '../hooks/use-command';
import { useApp, useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { CommandTable } from './CommandTable';
import { ConfirmButton } from './ConfirmButton';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { Loading } from './Loading';

/** Identifier types a department's address commonly has (ISO 6523 ICD); others may be typed. */
const DEPARTMENT_SPECS: readonly FieldSpec[] = [
  { path: 'name', kind: 'text' },
  { path: 'bid', kind: 'text' },
  { path: 'id_type', kind: 'text' },
  { path: 'eaid', kind: 'text' },
  { path: 'no_vat', kind: 'bool' },
];
const EMPTY = { name: '', bid: '', id_type: '0216', eaid: '', no_vat: false };

function useDate() {
  const lang = useApp((s) => s.settings.language);
  return (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

const VENDOR_KEY: FieldSpec = { path: 'vendorApiKey', kind: 'password' };

/**
 * For an account added without a vendor API key: the key is sent once to main, which checks it with
 * the service, keeps it in the secret store and links; the field is emptied, and nothing shows it again.
 */
function AddVendorKey({ accountId, onLinked }: { accountId: string; onLinked(view: CompanyAccountView): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const form = useForm('vendor-key', { vendorApiKey: '' });
  const add = async () => {
    const view = await form.submit({
      check: (v) => validate(commands['company.vendor.addKey'].input, { accountId, vendorApiKey: v.vendorApiKey }, t),
      run: (v) => bridge.invoke('company.vendor.addKey', { accountId, vendorApiKey: String(v.vendorApiKey) }),
    });
    if (!view) return;
    form.reset({ vendorApiKey: '' });
    onLinked(view);
  };
  return (
    <form
      className="form"
      aria-labelledby="vendor-key-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <h4 id="vendor-key-title">{t('companyAdmin.account.addKeyTitle')}</h4>
      <Field
        form={form}
        spec={VENDOR_KEY}
        label={t('account.vendorApiKey')}
        hint={t('companyAdmin.account.addKeyHint')}
        required
        autoComplete="off"
      />
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : t('companyAdmin.account.addKey')}
        </button>
      </div>
    </form>
  );
}

function VendorAndKeepActive({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const fmt = useDate();
  const view = useCommand('company.account.get', { accountId });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BridgeErrorView | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const run = async (fn: () => Promise<CompanyAccountView | string>) => {
    setBusy(true);
    setFailure(null);
    setSaid(null);
    try {
      const r = await fn();
      if (typeof r === 'string') setSaid(r);
      else view.setData(r);
    } catch (e) {
      setFailure(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };

  if (view.error) return <ErrorNotice error={view.error} onRetry={view.reload} />;
  const v = view.data;
  if (!v) return <Loading />;
  const vendor = v.vendor.vendor ?? '–';
  const last = v.lastTrafficAt ? fmt(v.lastTrafficAt) : t('companyAdmin.account.noneSeen');
  return (
    <>
      {said && (
        <p className="notice notice-ok" role="status">
          {said}
        </p>
      )}
      <ErrorNotice error={failure} />
      <section className="card stack" aria-labelledby="vendor-link-title">
        <h3 id="vendor-link-title">{t('companyAdmin.account.vendorTitle')}</h3>
        <p className="muted">{t('companyAdmin.account.vendorLead')}</p>
        <p>
          <span className={`badge ${v.vendor.linked ? 'badge-ok' : 'badge-muted'}`}>
            {v.vendor.linked ? t('companyAdmin.account.linked', { vendor }) : t('companyAdmin.account.notLinked')}
          </span>
        </p>
        {!v.hasVendorKey && !v.vendor.linked && <p className="muted">{t('companyAdmin.account.noVendorKey')}</p>}
        {!v.hasVendorKey && !v.vendor.linked && (
          <AddVendorKey
            accountId={accountId}
            onLinked={(next) => {
              view.setData(next);
              setSaid(t('companyAdmin.account.keyAdded'));
            }}
          />
        )}
        <div className="actions">
          {v.vendor.linked ? (
            <ConfirmButton
              label={t('companyAdmin.account.unlink')}
              question={t('companyAdmin.account.unlinkQuestion', { vendor })}
              disabled={busy}
              onConfirm={() => void run(() => bridge.invoke('company.vendor.unlink', { accountId }))}
            />
          ) : (
            v.hasVendorKey && (
              <button type="button" disabled={busy} onClick={() => void run(() => bridge.invoke('company.vendor.link', { accountId }))}>
                {t('companyAdmin.account.link')}
              </button>
            )
          )}
        </div>
      </section>
      <section className="card stack" aria-labelledby="keep-active-title">
        <h3 id="keep-active-title">{t('companyAdmin.account.keepTitle')}</h3>
        {v.quiet ? (
          <>
            <p>{t('companyAdmin.account.quietLead', { last })}</p>
            <div className="actions">
              <button
                type="button"
                className="primary"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const r = await bridge.invoke('company.keepActive', { accountId });
                    return t('companyAdmin.account.kept', { when: r.keptActiveAt ? fmt(r.keptActiveAt) : '' });
                  })
                }
              >
                {busy ? t('common.working') : t('companyAdmin.account.keep')}
              </button>
            </div>
          </>
        ) : (
          <p className="muted">{t('companyAdmin.account.activeLead', { last })}</p>
        )}
      </section>
    </>
  );
}

function Departments({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const list = useCommand('company.departments.list', { accountId });
  const form = useForm('department-add', EMPTY);
  const [said, setSaid] = useState<string | null>(null);
  const spec = (path: string) => DEPARTMENT_SPECS.find((s) => s.path === path) as FieldSpec;

  const add = async () => {
    setSaid(null);
    const created = await form.submit({
      check: (v) => validate(departmentBodySchema, bodyFrom(DEPARTMENT_SPECS, v), t),
      run: async (v) =>
        bridge.invoke(
          'company.departments.add',
          commandInput('company.departments.add', { accountId, department: bodyFrom(DEPARTMENT_SPECS, v) }),
        ),
      prefixes: ['department.'],
    });
    if (!created) return;
    setSaid(t('companyAdmin.account.departmentAdded', { name: created.name }));
    form.reset(EMPTY);
    list.reload();
  };

  return (
    <section className="stack" aria-labelledby="departments-title">
      <h3 id="departments-title">{t('companyAdmin.account.departmentsTitle')}</h3>
      <p className="muted">{t('companyAdmin.account.departmentsLead')}</p>
      {said && (
        <p className="notice notice-ok" role="status">
          {said}
        </p>
      )}
      <CommandTable
        list={list}
        caption={t('companyAdmin.account.departmentsTitle')}
        headers={[
          t('companyAdmin.account.name'),
          t('companyAdmin.account.bid'),
          t('companyAdmin.account.address'),
          t('companyAdmin.account.noVat'),
        ]}
        empty={t('companyAdmin.account.noDepartments')}
        row={(d) => (
          <tr key={d.id}>
            <td>{d.name}</td>
            <td>{d.bid}</td>
            <td>
              <code>
                {d.idType}:{d.eaid}
              </code>
            </td>
            <td>{d.noVat ? t('companyAdmin.account.yes') : t('companyAdmin.account.no')}</td>
          </tr>
        )}
      />
      <form
        className="form card"
        aria-labelledby="department-add-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <h3 id="department-add-title">{t('companyAdmin.account.addDepartment')}</h3>
        <Field form={form} spec={spec('name')} label={t('companyAdmin.account.name')} hint={t('companyAdmin.account.nameHint')} required />
        <Field form={form} spec={spec('bid')} label={t('companyAdmin.account.bid')} hint={t('companyAdmin.account.bidHint')} required />
        <Field
          form={form}
          spec={spec('id_type')}
          label={t('companyAdmin.account.idType')}
          hint={t('companyAdmin.account.idTypeHint')}
          required
        />
        <Field form={form} spec={spec('eaid')} label={t('companyAdmin.account.eaid')} hint={t('companyAdmin.account.eaidHint')} required />
        <Field form={form} spec={spec('no_vat')} label={t('companyAdmin.account.noVatLabel')} />
        <ErrorNotice error={form.failure} lines={form.unplaced} />
        <div className="actions">
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? t('common.working') : t('companyAdmin.account.submitDepartment')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The vendor key link, keeping a quiet company active, and the company's departments. */
export function CompanyAccountPanel({ accountId }: { accountId: string }) {
  return (
    <div className="stack">
      <VendorAndKeepActive accountId={accountId} />
      <Departments accountId={accountId} />
    </div>
  );
}
