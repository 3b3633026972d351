import { useTranslation } from 'react-i18next';
import { useCommand } from '../../hooks/use-command';
import { Loading } from '../Loading';
import { ServiceNotice } from './ServiceNotice';

/** The B2C Norway agreement beside ATG: whether eFaktura and AvtaleGiro are on. */
export function B2cnoPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const info = useCommand('norway.b2cno', { accountId });
  const d = info.data;
  const onOff = (on: boolean | undefined) => (on ? t('b2cno.enabled') : t('b2cno.disabled'));
  return (
    <section aria-labelledby="b2cno-title" className="stack card">
      <h2 id="b2cno-title">{t('b2cno.title')}</h2>
      <p className="muted">{t('b2cno.lead')}</p>
      <ServiceNotice error={info.error} onRetry={info.reload} />
      {info.loading && !d && <Loading />}
      {d && (
        <dl className="facts">
          <div>
            <dt>{t('b2cno.status')}</dt>
            <dd>
              <span className={`badge ${d.status === 'ACTIVE' ? 'badge-ok' : 'badge-muted'}`}>
                {d.status ? t(`b2cno.statuses.${d.status}`, { defaultValue: d.status }) : t('common.unknown')}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('b2cno.efaktura')}</dt>
            <dd>
              {onOff(d.efaktura?.enabled)}
              {d.efaktura?.issuer_id ? ` · ${t('b2cno.issuer', { id: d.efaktura.issuer_id })}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('b2cno.avtalegiro')}</dt>
            <dd>
              {onOff(d.avtalegiro?.enabled)}
              {d.avtalegiro
                ? ` · ${t('b2cno.agreements', { active: d.avtalegiro.active_agreements, count: d.avtalegiro.agreements })}`
                : ''}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
