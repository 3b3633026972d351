import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';

/** Failures of our own transport: their message is ours in English, the code's words say it better. */
const TRANSPORT_CODES = new Set(['unreachable', 'bad_answer', 'ipc_failed', 'unknown_command']);

/** A line that is a code (token_expired) or a scope list (needs one of: CATALOGUE): for Details, not the screen. */
const RAW_LINE = /^(?:[A-Za-z]+(?:_[A-Za-z0-9]+)+|[A-Z][A-Z0-9_]+|needs one of: .*)$/;

interface ErrorNoticeProps {
  error: BridgeErrorView | null;
  /** Lines of the answer that belong to no field of the form. */
  lines?: string[];
  onRetry?: () => void;
}

/**
 * A failed command in plain words: what the code means (the spec's 409 and 422 codes and our
 * transport's), what kind of failure it is, and what the service itself said.
 */
export function ErrorNotice({ error, lines, onRetry }: ErrorNoticeProps) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const codeKey = error.code ? `errors.codes.${error.code}` : null;
  const explained = codeKey && i18n.exists(codeKey) ? t(codeKey) : t(`errors.kinds.${error.kind}`);
  const given = [...(lines ?? (error.fields ? [] : (error.details ?? [])))];
  // The service's reasons (details[0] of a 401 or 403: token_expired, insufficient_scope...) in the
  // user's words; the raw reason, and any other code or scope list, only under Details.
  const reasonKey = (d: string) => `failure.reasons.${d}`;
  const details = given.flatMap((d) => (i18n.exists(reasonKey(d)) ? [t(reasonKey(d))] : RAW_LINE.test(d) ? [] : [d]));
  const folded = given.filter((d) => i18n.exists(reasonKey(d)) || RAW_LINE.test(d));
  const raw = error.message && !TRANSPORT_CODES.has(error.code ?? '') ? error.message : null;
  return (
    <div className={`notice notice-${error.kind === 'retry' ? 'warn' : 'error'}`} role="alert">
      <p className="notice-title">{explained}</p>
      {/* A field the service named is said in the form's own words; these lines are the answer's. */}
      {details.length > 0 && (
        <ul className="notice-details">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {/* The HTTP status and the service's own words (English) are for whoever digs: folded, as the health's are. */}
      {(raw || error.status || folded.length > 0) && (
        <details className="notice-raw">
          <summary>{t('failure.details')}</summary>
          {raw && <p className="mono">{raw}</p>}
          {folded.map((d) => (
            <p className="mono" key={d}>
              {d}
            </p>
          ))}
          {error.status ? <p className="mono">{t('errors.status', { status: error.status })}</p> : null}
        </details>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
