import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TakeoverCompanyView, TakeoverView } from '../../../shared/bridge/partner-services';
import { useCommand } from '../../hooks/use-command';
import { useBridge, useFormat } from '../../stores/context';
import { ConfirmButton } from '../ConfirmButton';
import { ServiceNotice } from '../services/ServiceNotice';
import { TextInput } from '../services/TextInput';
import { useAction } from '../services/use-action';

/** A takeover with what to call its company: its name when the service gave one, else the organisation number searched. */
type Shown = TakeoverView & { label?: string };
type Asking = { kind: 'start'; company: TakeoverCompanyView; label: string } | { kind: 'complete'; takeover: Shown };

/**
 * Taking over a company: find it by organisation number, start, complete or revert. Before start and
 * before complete the page says in plain words what moves. The service lists no takeovers, so the app
 * keeps those it took part in and lists them here; one started elsewhere can be given by its id.
 */
export function Takeovers({ accountId, partnerName }: { accountId: string; partnerName: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const action = useAction();
  const [orgNo, setOrgNo] = useState('');
  const [found, setFound] = useState<TakeoverCompanyView[] | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [current, setCurrent] = useState<Shown | null>(null);
  const [searched, setSearched] = useState('');
  const [earlier, setEarlier] = useState('');
  const titleId = useId();
  const f = useFormat();
  const kept = useCommand('partner.takeovers', { accountId });

  const confirmWords =
    asking?.kind === 'start'
      ? t('partnerServices.takeover.startWhat', { partner: partnerName })
      : t('partnerServices.takeover.completeWhat', { partner: partnerName });
  return (
    <section aria-labelledby="partner-takeover-title" className="stack">
      <h2 id="partner-takeover-title">{t('partnerServices.takeover.title')}</h2>
      <p className="muted">{t('partnerServices.takeover.lead')}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="partner-takeover-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!orgNo.trim()) return;
          void action.run(async () => {
            setAsking(null);
            setFound(await bridge.invoke('partner.takeoverFind', { accountId, organisationNumber: orgNo.trim() }));
            setSearched(orgNo.trim());
          });
        }}
      >
        <TextInput
          label={t('partnerServices.takeover.orgNo')}
          hint={t('partnerServices.takeover.orgNoHint')}
          value={orgNo}
          onChange={setOrgNo}
          error={action.error?.fields?.organisationNumber}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={action.busy || !orgNo.trim()}>
            {action.busy ? t('common.working') : t('partnerServices.takeover.find')}
          </button>
        </div>
      </form>
      {found && found.length === 0 && <p className="muted">{t('partnerServices.takeover.none')}</p>}
      {found && found.length > 0 && (
        <ul className="stack" aria-label={t('partnerServices.takeover.found')}>
          {found.map((c) => (
            <li key={c.companyId}>
              <span>{c.name ?? t('partnerServices.takeover.companyWithId')}</span> <span className="mono">{c.companyId}</span>{' '}
              <button
                type="button"
                disabled={action.busy}
                onClick={() => setAsking({ kind: 'start', company: c, label: c.name ?? searched })}
              >
                {t('partnerServices.takeover.takeOver')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <fieldset className="confirm" aria-labelledby={titleId}>
          <legend id={titleId}>
            {asking.kind === 'start'
              ? t('partnerServices.takeover.startQuestion', { company: asking.label })
              : t('partnerServices.takeover.completeQuestion', {
                  company: asking.takeover.label ?? asking.takeover.companyId ?? asking.takeover.takeoverId,
                })}
          </legend>
          <p>{confirmWords}</p>
          <button
            type="button"
            className="primary"
            disabled={action.busy}
            onClick={() =>
              void action.run(async () => {
                const a = asking;
                setAsking(null);
                if (a.kind === 'start') {
                  setCurrent({
                    ...(await bridge.invoke('partner.takeoverStart', { accountId, companyId: a.company.companyId, label: a.label })),
                    label: a.label,
                  });
                  setFound(null);
                } else {
                  const done = await bridge.invoke('partner.takeoverComplete', { accountId, takeoverId: a.takeover.takeoverId });
                  setCurrent({ ...done, companyId: done.companyId ?? a.takeover.companyId, label: a.takeover.label });
                }
                kept.reload();
              })
            }
          >
            {asking.kind === 'start' ? t('partnerServices.takeover.start') : t('partnerServices.takeover.complete')}
          </button>
          <button type="button" onClick={() => setAsking(null)}>
            {t('common.cancel')}
          </button>
        </fieldset>
      )}
      <ServiceNotice error={action.error} onRetry={action.retry} />
      {current && (
        <div className="card stack" role="status">
          <p>
            {current.state === 'COMPLETED'
              ? t('partnerServices.takeover.completed', { company: current.label ?? current.companyId ?? '' })
              : current.state === 'REVERTED'
                ? t('partnerServices.takeover.reverted')
                : t('partnerServices.takeover.started', { company: current.label ?? current.companyId ?? '' })}
          </p>
          <p>
            {t('partnerServices.takeover.id')} <span className="mono">{current.takeoverId}</span>
          </p>
          {current.state !== 'REVERTED' && (
            <div className="actions">
              {current.state !== 'COMPLETED' && (
                <button
                  type="button"
                  className="primary"
                  disabled={action.busy}
                  onClick={() => setAsking({ kind: 'complete', takeover: current })}
                >
                  {t('partnerServices.takeover.complete')}
                </button>
              )}
              <ConfirmButton
                label={t('partnerServices.takeover.revert')}
                question={
                  current.state === 'COMPLETED'
                    ? t('partnerServices.takeover.revertCompleted')
                    : t('partnerServices.takeover.revertStarted')
                }
                disabled={action.busy}
                onConfirm={() =>
                  void action.run(async () => {
                    setCurrent(await bridge.invoke('partner.takeoverRevert', { accountId, takeoverId: current.takeoverId }));
                    kept.reload();
                  })
                }
              />
            </div>
          )}
        </div>
      )}
      {kept.data && kept.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption>{t('partnerServices.takeover.keptTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('partnerServices.takeover.company')}</th>
                <th scope="col">{t('partnerServices.takeover.stateCol')}</th>
                <th scope="col">{t('partnerServices.takeover.startedAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('partnerServices.takeover.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {kept.data.map((k) => (
                <tr key={k.takeoverId}>
                  <td>{k.label ?? k.companyId ?? t('partnerServices.takeover.companyWithId')}</td>
                  <td>
                    {k.state === 'STARTED' || k.state === 'COMPLETED' || k.state === 'REVERTED'
                      ? t(`partnerServices.takeover.state.${k.state}`)
                      : t('partnerServices.takeover.state.other', { state: k.state })}
                  </td>
                  <td>{f.date(new Date(k.startedAt).toISOString())}</td>
                  <td>
                    {k.state !== 'REVERTED' && (
                      <button type="button" className="secondary" onClick={() => setCurrent({ ...k, label: k.label ?? undefined })}>
                        {t('partnerServices.takeover.show', { company: k.label ?? k.companyId ?? k.takeoverId })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ServiceNotice error={kept.error} onRetry={kept.reload} />
      <form
        className="form"
        noValidate
        aria-labelledby="partner-takeover-earlier"
        onSubmit={(e) => {
          e.preventDefault();
          if (!earlier.trim()) return;
          setCurrent({ takeoverId: earlier.trim(), companyId: null, state: 'STARTED' });
          setEarlier('');
        }}
      >
        <h3 id="partner-takeover-earlier">{t('partnerServices.takeover.earlierTitle')}</h3>
        <TextInput
          label={t('partnerServices.takeover.id')}
          hint={t('partnerServices.takeover.earlierHint')}
          value={earlier}
          onChange={setEarlier}
        />
        <div className="actions">
          <button type="submit" disabled={!earlier.trim()}>
            {t('partnerServices.takeover.open')}
          </button>
        </div>
      </form>
    </section>
  );
}
