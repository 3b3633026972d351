import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplierNotifyView, SupplierQueryView } from '../../../shared/bridge/commands';
import { useBridge, useFormat } from '../../stores/context';
import { ServiceNotice } from './ServiceNotice';
import { CheckInput, TextInput } from './TextInput';
import { useAction } from './use-action';

/** The first day the service accepts: one calendar month back (spec: Limits), as a date. */
export function oldestQueryDate(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

type Supplier = SupplierQueryView['suppliers'][number];
const keyOf = (s: Supplier, i: number) => `${s.business_id ?? ''}|${s.name ?? ''}|${i}`;

/** "Which suppliers still send paper or PDF" and "ask them to send e-invoices", with the failures per supplier. */
export function SuppliersPanel({ accountId, scanningOn }: { accountId: string; scanningOn: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const oldest = oldestQueryDate();
  const [since, setSince] = useState(oldest);
  const [includeNotified, setIncludeNotified] = useState(false);
  const [result, setResult] = useState<SupplierQueryView | null>(null);
  const [selected, setSelected] = useState<Record<string, boolean>>({});
  const [emails, setEmails] = useState<Record<string, string>>({});
  const [notified, setNotified] = useState<{ answer: SupplierNotifyView; asked: Supplier[] } | null>(null);
  const query = useAction();
  const notify = useAction();

  const find = () =>
    query.run(async () => {
      setNotified(null);
      setSelected({});
      setResult(await bridge.invoke('scanning.suppliers.query', { accountId, since, includeNotified }));
    });
  const chosen = (result?.suppliers ?? []).map((s, i) => ({ s, k: keyOf(s, i) })).filter(({ k }) => selected[k]);
  const send = () =>
    notify.run(async () => {
      const asked = chosen.map(({ s }) => s);
      const suppliers = chosen.map(({ s, k }) => ({
        name: s.name ?? undefined,
        business_id: s.business_id ?? undefined,
        email: emails[k]?.trim() || undefined,
        eia: s.eia ?? undefined,
      }));
      const answer = await bridge.invoke('scanning.suppliers.notify', { accountId, suppliers });
      setNotified({ answer, asked });
      setResult(await bridge.invoke('scanning.suppliers.query', { accountId, since, includeNotified }));
      setSelected({});
    });

  return (
    <section aria-labelledby="suppliers-title" className="stack card">
      <h2 id="suppliers-title">{t('scanning.suppliers.title')}</h2>
      <p className="muted">{t('scanning.suppliers.lead')}</p>
      {!scanningOn && (
        <p className="notice notice-info" role="note">
          {t('scanning.suppliers.needsScanning')}
        </p>
      )}
      <form
        className="form form-inline"
        noValidate
        aria-labelledby="suppliers-title"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <TextInput
          type="date"
          label={t('scanning.suppliers.since')}
          hint={t('scanning.suppliers.sinceHint', { oldest: f.date(oldest) })}
          value={since}
          error={query.error?.fields?.since}
          onChange={setSince}
        />
        <CheckInput label={t('scanning.suppliers.includeNotified')} checked={includeNotified} onChange={setIncludeNotified} />
        <div className="actions">
          <button type="submit" className="primary" disabled={query.busy}>
            {query.busy ? t('common.working') : t('scanning.suppliers.find')}
          </button>
        </div>
      </form>
      <ServiceNotice error={query.error} onRetry={query.retry} />
      {result && result.suppliers.length === 0 && <p className="muted">{t('scanning.suppliers.none')}</p>}
      {result && result.suppliers.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption>{t('scanning.suppliers.caption', { since: f.date(result.since) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('scanning.suppliers.select')}</th>
                  <th scope="col">{t('scanning.suppliers.name')}</th>
                  <th scope="col">{t('scanning.suppliers.businessId')}</th>
                  <th scope="col" className="num">
                    {t('scanning.suppliers.invoices')}
                  </th>
                  <th scope="col" className="num">
                    {t('scanning.suppliers.scanned')}
                  </th>
                  <th scope="col" className="num">
                    {t('scanning.suppliers.einvoices')}
                  </th>
                  <th scope="col">{t('scanning.suppliers.last')}</th>
                  <th scope="col">{t('scanning.suppliers.notified')}</th>
                </tr>
              </thead>
              <tbody>
                {result.suppliers.map((s, i) => {
                  const k = keyOf(s, i);
                  const name = s.name ?? s.business_id ?? t('scanning.suppliers.unnamed', { index: i + 1 });
                  return (
                    <tr key={k}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('scanning.suppliers.selectRow', { name })}
                          checked={!!selected[k]}
                          onChange={(e) => setSelected((x) => ({ ...x, [k]: e.target.checked }))}
                        />
                      </td>
                      <th scope="row">{name}</th>
                      <td className="mono">{s.business_id ?? '–'}</td>
                      <td className="num">{s.invoices}</td>
                      <td className="num">{s.scanned_invoices}</td>
                      <td className="num">{s.einvoices}</td>
                      <td>{s.last_invoice_at ? f.date(s.last_invoice_at) : '–'}</td>
                      <td>
                        {s.notified
                          ? t('scanning.suppliers.notifiedAt', { when: s.notified_at ? f.date(s.notified_at) : '' })
                          : t('scanning.suppliers.notNotified')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {chosen.length === 0 ? (
            <p className="muted">{t('scanning.suppliers.notifyNone')}</p>
          ) : (
            <form
              className="form"
              noValidate
              aria-labelledby="suppliers-title"
              onSubmit={(e) => {
                e.preventDefault();
                void send();
              }}
            >
              {chosen.map(({ s, k }, i) => (
                <TextInput
                  key={k}
                  type="email"
                  label={t('scanning.suppliers.email', {
                    name: s.name ?? s.business_id ?? t('scanning.suppliers.unnamed', { index: i + 1 }),
                  })}
                  hint={t('scanning.suppliers.emailHint')}
                  value={emails[k] ?? ''}
                  onChange={(v) => setEmails((x) => ({ ...x, [k]: v }))}
                />
              ))}
              <div className="actions">
                <button type="submit" className="primary" disabled={notify.busy}>
                  {notify.busy ? t('common.working') : t('scanning.suppliers.notify', { count: chosen.length })}
                </button>
              </div>
            </form>
          )}
        </>
      )}
      <ServiceNotice error={notify.error} onRetry={notify.retry} />
      {notified && (
        <div className={`notice ${notified.answer.failures.length ? 'notice-warn' : 'notice-ok'}`} role="status">
          <p className="notice-title">{t('scanning.suppliers.sent', { count: notified.answer.notified })}</p>
          {notified.answer.failures.length > 0 && (
            <>
              <p>{t('scanning.suppliers.failuresTitle')}</p>
              <ul className="notice-details">
                {notified.answer.failures.map((x) => (
                  <li key={x.index}>
                    {t('scanning.suppliers.failure', {
                      name:
                        x.name ?? notified.asked[x.index]?.name ?? x.business_id ?? t('scanning.suppliers.unnamed', { index: x.index + 1 }),
                      reason: x.reason,
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
