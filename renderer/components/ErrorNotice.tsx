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
  return (
    <div className={`notice notice-${error.kind === 'retry' ? 'warn' : 'error'}`} role="alert">
      <p className="notice-title">
        {explained}
        {error.status ? <span className="muted"> ({t('errors.status', { status: error.status })})</span> : null}
      </p>
      {error.message && !TRANSPORT_CODES.has(error.code ?? '') && (
        <p className="notice-body">{t('errors.message', { message: error.message })}</p>
      )}
      {details.length > 0 && (
        <ul className="notice-details">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
