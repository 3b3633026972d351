import { useTranslation } from 'react-i18next';
import type { RenderedParty } from '../../shared/bridge';

/** `part`: its name in the rendered invoice (data-part), `marked`: the part a broken rule points at. */
export function PartyCard({ title, party, part, marked }: { title: string; party: RenderedParty; part?: string; marked?: boolean }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('invoice.party.businessId'), party.businessId],
    [t('invoice.party.vatId'), party.vatId],
    [t('invoice.party.eia'), party.eia],
    [t('invoice.party.contact'), party.contact],
  ];
  return (
    <section className={`party${marked ? ' is-highlighted' : ''}`} aria-label={title} data-part={part}>
      <h3>{title}</h3>
      <p className="party-name">{party.name ?? t('common.unknown')}</p>
      {party.address.length > 0 && (
        <address>
          {party.address.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
          {party.country}
        </address>
      )}
      <dl className="facts compact">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className="mono">{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
