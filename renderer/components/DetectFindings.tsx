import { useTranslation } from 'react-i18next';
import { useSlice, useStores } from '../stores/context';
import { detectReason } from './detect-reason';

/**
 * Detect's findings on an invoice. They are stored in the language they were fetched in (English);
 * the check definitions map each English reason to its code, and the code to the user's language.
 */
export function DetectFindings({ status, findings }: { status: string | null; findings: string[] }) {
  const { t, i18n } = useTranslation();
  const { detect } = useStores();
  const codes = useSlice(detect, (s) => s.reasonCodes);
  if (!status || status === 'DISABLED') return null;
  if (status !== 'WARN' || findings.length === 0) {
    return <p className="detect-ok">{t('detect.noFindings')}</p>;
  }
  return (
    <div className="notice notice-warn detect-findings" role="note" aria-label={t('detect.findingsLabel')}>
      <p className="notice-title">{t('detect.warningTitle', { count: findings.length })}</p>
      <ul>
        {findings.map((text) => (
          <li key={text}>{detectReason(t, (k) => i18n.exists(k), codes, text)}</li>
        ))}
      </ul>
    </div>
  );
}
