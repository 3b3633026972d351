import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import type { ReportView } from '../../../shared/bridge/scrutiny';
import { useCommand } from '../../hooks/use-command';
import type { Lang } from '../../i18n/langs';
import { useBridge } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';

interface ReportFormProps {
  accountId: string;
  invoiceId: string;
  lang: Lang;
  onDone(reports: ReportView[]): void;
  onCancel(): void;
}

/** The report itself: reasons from the service's definitions (in the app's language), a contact e-mail, a description. */
export function ReportForm({ accountId, invoiceId, lang, onDone, onCancel }: ReportFormProps) {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const id = useId();
  const defs = useCommand('reports.definitions', { accountId, lang });
  const [reasons, setReasons] = useState<string[]>([]);
  const [email, setEmail] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);

  // Our catalog says the known reasons in the app's language; a reason it does not know keeps the service's words.
  const text = (code: string, part: 'title' | 'description', fallback: string | null) => {
    const key = `scrutiny.report.reasonNames.${code}.${part}`;
    return i18n.exists(key) ? t(key) : (fallback ?? '');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input = { accountId, invoiceId, reasons, contactEmail: email.trim(), ...(description.trim() ? { description } : {}) };
      onDone(await bridge.invoke('reports.create', input));
    } catch (err) {
      setError(toErrorView(err));
    } finally {
      setBusy(false);
    }
  };

  const already = error?.status === 409;
  // Our own check names the command's fields, the service's 400 its body's: either is told at the field.
  const reasonsBad = Boolean(error?.fields?.reasons ?? error?.fields?.reason);
  const emailBad = Boolean(error?.fields?.contactEmail ?? error?.fields?.contact_email);
  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-legend`}>
      <ErrorNotice error={defs.error} onRetry={defs.reload} />
      {!defs.data && !defs.error && <Loading />}
      {defs.data && (
        <fieldset>
          <legend id={`${id}-legend`}>{t('scrutiny.report.reasons')}</legend>
          {defs.data.map((d) => (
            <div className="field-check" key={d.reason}>
              <label>
                <input
                  type="checkbox"
                  checked={reasons.includes(d.reason)}
                  onChange={(e) => setReasons((r) => (e.target.checked ? [...r, d.reason] : r.filter((x) => x !== d.reason)))}
                />{' '}
                {text(d.reason, 'title', d.title)}
              </label>
              <span className="muted">{text(d.reason, 'description', d.description)}</span>
            </div>
          ))}
          {reasonsBad && <p className="field-error">{t('scrutiny.report.needReason')}</p>}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('scrutiny.report.contactEmail')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={emailBad || undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {emailBad && <p className="field-error">{t('scrutiny.report.badEmail')}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('scrutiny.report.description')}</label>
        <textarea id={`${id}-description`} rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      {already ? (
        <p className="notice notice-error" role="alert">
          {t('scrutiny.report.alreadyReported')}
        </p>
      ) : (
        !(reasonsBad || emailBad) && <ErrorNotice error={error} />
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !defs.data}>
          {busy ? t('scrutiny.report.sending') : t('scrutiny.report.send')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
