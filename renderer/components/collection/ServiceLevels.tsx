import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import { customerBid, SERVICE_LEVELS, type ServiceLevel } from '../../../shared/schemas/receivables';
import { useCommand } from '../../hooks/use-command';
import { useBridge, useFormat } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { TextInput } from '../services/TextInput';

/**
 * The payers the full collection service handles at a level other than the default, and a form to set
 * one. The service lists only the payers at another level, so setting `default` takes one off the list.
 */
export function ServiceLevels({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const view = useCommand('collection.serviceLevels', { accountId });
  const ids = useId();
  const [bid, setBid] = useState('');
  const [level, setLevel] = useState<ServiceLevel>('premium');
  const [badBid, setBadBid] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ bid: string; level: ServiceLevel } | null>(null);

  const submit = async () => {
    const parsed = customerBid.safeParse(bid);
    setBadBid(!parsed.success);
    if (!parsed.success) return;
    setBusy(true);
    setError(null);
    try {
      await bridge.invoke('collection.setServiceLevel', { accountId, customerBid: parsed.data, level });
      setDone({ bid: parsed.data, level });
      view.reload();
    } catch (e) {
      const err = toErrorView(e);
      if (err.fields?.customerBid) setBadBid(true);
      else setError(err);
    } finally {
      setBusy(false);
    }
  };

  // The service refuses levels to a company without the full collection service: said as such, no form.
  if (view.error?.status === 403)
    return (
      <section aria-labelledby="collection-levels-title" className="card stack">
        <h2 id="collection-levels-title">{t('collection.levels.title')}</h2>
        <p className="muted">{t('collection.levels.notFull')}</p>
      </section>
    );
  return (
    <section aria-labelledby="collection-levels-title" className="card stack">
      <h2 id="collection-levels-title">{t('collection.levels.title')}</h2>
      <p className="muted">{t('collection.levels.intro')}</p>
      <ErrorNotice error={view.error} onRetry={view.reload} />
      {done ? (
        <p role="status">{t('collection.levels.done', { bid: done.bid, level: t(`collection.levels.level.${done.level}`) })}</p>
      ) : null}
      {!view.data ? (
        view.error ? null : (
          <Loading />
        )
      ) : view.data.levels.length === 0 ? (
        <p className="muted">{t('collection.levels.none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption>{t('collection.levels.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('collection.levels.bid')}</th>
                <th scope="col">{t('collection.levels.levelCol')}</th>
                <th scope="col">{t('collection.levels.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {view.data.levels.map((l) => (
                <tr key={l.customerBid}>
                  <td>{l.customerBid}</td>
                  <td>
                    {(SERVICE_LEVELS as readonly string[]).includes(l.level)
                      ? t(`collection.levels.level.${l.level}`)
                      : t('collection.levels.other', { level: l.level })}
                  </td>
                  <td>{l.updatedAt ? f.date(l.updatedAt) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        className="form"
        aria-label={t('collection.levels.formTitle')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3>{t('collection.levels.formTitle')}</h3>
        <ErrorNotice error={error} />
        <TextInput
          label={t('collection.levels.bid')}
          value={bid}
          error={badBid ? t('collection.levels.badBid') : undefined}
          onChange={(v) => {
            setBid(v);
            setBadBid(false);
            setDone(null);
          }}
        />
        <div className="field">
          <label htmlFor={`${ids}-level`}>{t('collection.levels.levelCol')}</label>
          <select id={`${ids}-level`} value={level} onChange={(e) => setLevel(e.target.value as ServiceLevel)}>
            {SERVICE_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`collection.levels.level.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? t('common.working') : t('collection.levels.set')}
          </button>
        </div>
      </form>
    </section>
  );
}
