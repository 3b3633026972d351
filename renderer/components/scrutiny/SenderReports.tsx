import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import { useCommand } from '../../hooks/use-command';
import type { Lang } from '../../i18n/langs';
import { useBridge, useFormat } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorNotice } from '../ErrorNotice';
import { ReportForm } from './ReportForm';

/**
 * Reporting a received invoice's sender as suspicious, and the company's reports with "Withdraw".
 * Offered prominently when Detect warned about the invoice.
 */
export function SenderReports({ accountId, invoiceId, warned }: { accountId: string; invoiceId: string; warned: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const lang = i18n.language as Lang;
  const listed = useCommand('reports.list', { accountId, invoiceId });
  // Saves answer the new list into the command's state, which drops a listing asked before the save.
  const reports = listed.data;
  const setReports = listed.setData;
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  const withdraw = async (reportId: string) => {
    setBusy(true);
    setError(null);
    try {
      setReports(await bridge.invoke('reports.withdraw', { accountId, invoiceId, reportId }));
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };
  const reasonTitle = (code: string) => t(`scrutiny.report.reasonNames.${code}.title`, { defaultValue: code });

  return (
    <section aria-labelledby="report-title" className={warned ? 'notice notice-warn' : undefined}>
      <h3 id="report-title">{t('scrutiny.report.title')}</h3>
      <p className="muted">{t('scrutiny.report.lead')}</p>
      <ErrorNotice error={listed.error} onRetry={listed.reload} />
      {!open && (
        <button type="button" className={warned ? 'primary' : undefined} onClick={() => setOpen(true)}>
          {warned ? t('scrutiny.report.openWarned') : t('scrutiny.report.open')}
        </button>
      )}
      {open && (
        <ReportForm
          accountId={accountId}
          invoiceId={invoiceId}
          lang={lang}
          onDone={(next) => {
            setReports(next);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
      <h4>{t('scrutiny.report.yours')}</h4>
      <ErrorNotice error={error} />
      {reports && reports.length === 0 && <p className="muted">{t('scrutiny.report.none')}</p>}
      {reports && reports.length > 0 && (
        <ul className="reports">
          {reports.map((r) => (
            <li key={r.id}>
              <p>
                <strong>{r.reasons.map(reasonTitle).join(', ')}</strong>{' '}
                <span className="muted">{t('scrutiny.report.madeAt', { when: f.dateTime(r.createdAt), email: r.contactEmail })}</span>
              </p>
              {r.description && <p>{r.description}</p>}
              <ConfirmButton
                label={t('scrutiny.report.withdraw')}
                question={t('scrutiny.report.withdrawQuestion')}
                disabled={busy}
                onConfirm={() => void withdraw(r.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
