import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';

/** Failures of our own transport: their message is ours in English, the code's words say it better. */
const TRANSPORT_CODES = new Set(['unreachable', 'bad_answer', 'ipc_failed', 'unknown_command']);

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
  const details = [...(lines ?? (error.fields ? [] : (error.details ?? [])))];
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
      {(raw || error.status) && (
        <details className="notice-raw">
          <summary>{t('failure.details')}</summary>
          {raw && <p className="mono">{raw}</p>}
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
