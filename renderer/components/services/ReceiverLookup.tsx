import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/bridge';
import { LOOKUP_NETWORKS } from '../../../shared/enums';
import type { Receiver } from '../../../shared/schemas/lookup';
import { useBridge } from '../../stores/context';
import { ServiceNotice } from './ServiceNotice';
import { CheckInput, TextInput } from './TextInput';
import { useAction } from './use-action';

type Network = (typeof LOOKUP_NETWORKS)[number];

interface ReceiverLookupProps {
  accountId: string;
  /** An id prefix, so two lookups on one page keep their headings apart. */
  idPrefix: string;
  initial?: { name?: string; bid?: string; eia?: string };
  /** "Use this address": the reroute form takes the address and operator. */
  onPick?: (r: Receiver) => void;
  heading?: string;
  /** The heading level of the section (its receivers one below). */
  level?: 2 | 3 | 4;
}

/** Receivers in PEPPOL / this service / other operators by name, business id or e-invoice address, with the document types each accepts. */
export function ReceiverLookup({ accountId, idPrefix, initial, onPick, heading, level = 3 }: ReceiverLookupProps) {
  const H = `h${level}` as 'h2';
  const Item = `h${level + 1}` as 'h3';
  const { t } = useTranslation();
  const bridge = useBridge();
  const [name, setName] = useState(initial?.name ?? '');
  const [bid, setBid] = useState(initial?.bid ?? '');
  const [eia, setEia] = useState(initial?.eia ?? '');
  const [country, setCountry] = useState('');
  const [networks, setNetworks] = useState<Record<Network, boolean>>({ PEPPOL: true, INTERNAL: true, EXTERNAL: true });
  const [answer, setAnswer] = useState<CommandOutput<'lookup.receivers'> | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [needOne, setNeedOne] = useState(false);
  const action = useAction();

  const search = (page = 1) => {
    if (!name.trim() && !bid.trim() && !eia.trim()) {
      setNeedOne(true);
      return;
    }
    setNeedOne(false);
    void action.run(async () => {
      setPicked(null);
      setAnswer(
        await bridge.invoke('lookup.receivers', {
          accountId,
          name: name.trim() || undefined,
          bid: bid.trim() || undefined,
          eia: eia.trim() || undefined,
          country: country.trim().toUpperCase() || undefined,
          networks: LOOKUP_NETWORKS.filter((n) => networks[n]),
          page,
        }),
      );
    });
  };
  const fields = action.error?.fields ?? {};
  const titleId = `${idPrefix}-receivers-title`;

  return (
    <section aria-labelledby={titleId} className="stack">
      <H id={titleId}>{heading ?? t('lookup.receivers.title')}</H>
      <p className="muted">{t('lookup.receivers.lead')}</p>
      <div className="form">
        <TextInput label={t('lookup.receivers.name')} value={name} onChange={setName} error={fields.name} />
        <TextInput label={t('lookup.receivers.bid')} value={bid} onChange={setBid} error={fields.bid} />
        <TextInput
          label={t('lookup.receivers.eia')}
          hint={t('lookup.receivers.eiaHint')}
          value={eia}
          onChange={setEia}
          error={fields.eia}
        />
        <TextInput label={t('lookup.receivers.country')} value={country} onChange={setCountry} error={fields.country} />
        <fieldset>
          <legend>{t('lookup.receivers.networks')}</legend>
          {LOOKUP_NETWORKS.map((n) => (
            <CheckInput
              key={n}
              label={t(`lookup.receivers.network.${n}`)}
              checked={networks[n]}
              onChange={(v) => setNetworks((x) => ({ ...x, [n]: v }))}
            />
          ))}
        </fieldset>
        {needOne && (
          <p className="field-error" role="alert">
            {t('lookup.receivers.needOne')}
          </p>
        )}
        <div className="actions">
          <button
            type="button"
            className="primary"
            disabled={action.busy || !LOOKUP_NETWORKS.some((n) => networks[n])}
            onClick={() => search()}
          >
            {action.busy ? t('common.working') : t('lookup.receivers.search')}
          </button>
        </div>
      </div>
      <ServiceNotice error={action.error} onRetry={action.retry} />
      {answer && (
        <p role="status" className="muted">
          {answer.items.length ? t('lookup.receivers.found', { count: answer.total ?? answer.items.length }) : t('lookup.receivers.none')}
        </p>
      )}
      {answer && answer.items.length > 0 && (
        <ul className="receivers">
          {answer.items.map((r) => (
            <li key={`${r.network}|${r.eia}|${r.operator ?? ''}`} className="card">
              <div className="card-head">
                <Item>{r.participant?.name ?? r.eia}</Item>
                <span className="badge">{t(`lookup.receivers.network.${r.network}`, { defaultValue: r.network })}</span>
              </div>
              <p className="mono">{r.eia}</p>
              <p className="muted">
                {[r.participant?.bid, r.participant?.country, r.operator ? t('lookup.receivers.operator', { operator: r.operator }) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p>
                <strong>{t('lookup.receivers.types')}: </strong>
                {r.document_types?.length
                  ? [...new Set(r.document_types.map((d) => d.document_type))]
                      .map((d) => t(`documentType.${d}`, { defaultValue: d }))
                      .join(', ')
                  : t('lookup.receivers.noTypes')}
              </p>
              {onPick && (
                <button
                  type="button"
                  onClick={() => {
                    onPick(r);
                    setPicked(`${r.network}|${r.eia}`);
                  }}
                >
                  {t('lookup.receivers.use')}
                </button>
              )}
              {picked === `${r.network}|${r.eia}` && (
                <p className="notice notice-ok" role="status">
                  {t('lookup.receivers.used')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {answer && (answer.totalPages ?? 1) > 1 && (
        <nav className="pager" aria-label={t('lookup.receivers.pages')}>
          <button type="button" disabled={action.busy || answer.page <= 1} onClick={() => search(answer.page - 1)}>
            {t('common.previous')}
          </button>
          <span>{t('common.pageOf', { page: answer.page, pages: answer.totalPages })}</span>
          <button type="button" disabled={action.busy || answer.page >= (answer.totalPages ?? 1)} onClick={() => search(answer.page + 1)}>
            {t('common.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
