import { useTranslation } from 'react-i18next';
import type { DoctorFindingView } from '../../../shared/doctor';
import { useCommand } from '../../hooks/use-command';
import { useFormat } from '../../stores/context';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';

/** The sync doctor's findings on the account's folder: asked when the page opens and by "Check the folder". */
export function DoctorSection({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const state = useCommand('doctor.run', { accountId });
  const report = state.data;
  return (
    <div className="stack" data-doctor>
      <p className="muted">{t('doctor.lead')}</p>
      <ErrorNotice error={state.error} onRetry={state.reload} />
      {!report ? (
        !state.error && <Loading />
      ) : (
        <>
          {report.findings.length === 0 ? (
            <p>{t('doctor.none')}</p>
          ) : (
            <ul className="stack" aria-label={t('doctor.title')}>
              {report.findings.map((finding) => (
                <li key={finding.message} data-finding={finding.code} className={finding.severity === 'warn' ? 'field-error' : 'muted'}>
                  {findingWords(t, finding)}
                </li>
              ))}
            </ul>
          )}
          <p className="muted">
            {t('doctor.checkedAt', { when: f.dateTime(report.at) })}
            {report.truncated && ` ${t('doctor.truncated', { count: report.looked })}`}
          </p>
        </>
      )}
      <p>
        <button type="button" onClick={state.reload} disabled={state.loading}>
          {state.loading ? t('doctor.running') : t('doctor.run')}
        </button>
      </p>
    </div>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** A finding in the window's language, from its code and its facts (the engine's English stays for the CLI and the log). */
function findingWords(t: T, f: DoctorFindingView): string {
  const key = `doctor.finding.${f.code}`;
  switch (f.code) {
    case 'cloud-folder':
      return t(key, { provider: f.provider, path: f.path });
    case 'online-only':
    case 'locked':
      return t(key, { count: f.count, examples: f.examples.join(', ') });
    case 'network-share':
      return t(key, { share: [f.share, f.fsType].filter(Boolean).join(', ') || '–', seconds: f.scanSeconds });
    case 'long-paths':
      return t(key, { count: f.count, examples: f.examples.map((e) => `${e.path} (${e.length})`).join(', ') });
    case 'long-names-room':
      return t(key, { room: f.room });
    case 'case-collision':
      return t(key, { folder: f.folder, names: f.names.join(', ') });
  }
}
