import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NEED_KINDS, type NeedKind, type NeedsPersonView } from '../../shared/bridge/needs-person';
import { type CommandState, useCommand } from '../hooks/use-command';
import type { PageId } from '../stores/app-store';
import { useFormat, useSlice, useStores } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { HealthProblems } from './HealthProblems';
import { Loading } from './Loading';

/** Where a person acts on each kind, for the company's own account. */
const WHERE: Record<NeedKind, { page: PageId; tab?: 'outbox' | 'invoices' }> = {
  syncStopped: { page: 'settings' },
  heldUploads: { page: 'sent', tab: 'outbox' },
  failedUploads: { page: 'sent', tab: 'outbox' },
  reroutes: { page: 'sent', tab: 'invoices' },
  detectWarnings: { page: 'invoices' },
  // The Collection page lists the events not yet seen, with 'mark all as seen'.
  collectionEvents: { page: 'collection' },
  // Sent invoices the buyer rejected or queried (Invoice Responses): the Sent list shows each answer.
  invoiceAnswers: { page: 'sent', tab: 'invoices' },
  quietCompany: { page: 'company' },
};

export type NeedsPersonQuery = CommandState<NeedsPersonView>;

/** How soon after the sync states change the counts are asked again (one ask for a burst of changes). */
const REASK_MS = 500;

/**
 * What needs a person across every account, asked again whenever a sync tells something new. The
 * Overview asks once and gives it to this section and to its table of companies (their warnings).
 */
export function useNeedsPerson(): NeedsPersonQuery {
  const { sync } = useStores();
  const statuses = useSlice(sync, (s) => s.statuses);
  const q = useCommand('overview.needsPerson', {});
  // Asked again when the sync states change after useCommand's own first ask; not for the window's
  // first states arriving after it, which tell nothing new. At most once per REASK_MS, after the
  // change: an office's hundreds of companies send a burst of states at every "Sync now", and an
  // ask from the effect of each one made React give up on the page ("Maximum update depth
  // exceeded", seen at 60 accounts) besides asking the host hundreds of times for one answer.
  const seen = useRef(statuses);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reload = useRef(q.reload);
  reload.current = q.reload;
  useEffect(() => {
    if (seen.current === statuses) return;
    const first = seen.current.length === 0;
    seen.current = statuses;
    if (first || pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      reload.current();
    }, REASK_MS);
  }, [statuses]);
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );
  return q;
}

/**
 * The Overview's first section: across every account, per company, what waits for a person, each
 * count a link to the place to act. `q`: the page's own ask (useNeedsPerson), else it asks itself.
 */
export function NeedsPersonSection({ q }: { q?: NeedsPersonQuery }) {
  return q ? <NeedsPersonBody q={q} /> : <NeedsPersonAsked />;
}

function NeedsPersonAsked() {
  return <NeedsPersonBody q={useNeedsPerson()} />;
}

function NeedsPersonBody({ q }: { q: NeedsPersonQuery }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { app, received, sent } = useStores();

  const open = (accountId: string, kind: NeedKind) => {
    const where = WHERE[kind];
    const s = app.getState();
    // Choosing the account points the lists at it (and clears their filters) at once; the filter comes after.
    s.selectAccount(accountId);
    if (kind === 'detectWarnings') received.getState().setFilter({ detectWarning: true, handled: false });
    if (kind === 'reroutes') sent.getState().setFilter({ status: 'FAILED' });
    if (where.page === 'sent' && where.tab) s.setTab('sent', where.tab);
    // A stopped sync is fixed in the company's own settings.
    if (where.page === 'settings') s.setTab('settings', 'account');
    s.go(where.page);
  };

  const v = q.data;
  const missing = v ? NEED_KINDS.filter((k) => !v.available.includes(k)) : [];
  return (
    <section aria-labelledby="needs-person-title" className="card stack needs-person">
      <h2 id="needs-person-title">{t('needsPerson.title')}</h2>
      {q.error && <ErrorNotice error={q.error} onRetry={q.reload} />}
      {!v && !q.error && <Loading />}
      {v && v.companies.length === 0 && <p className="notice notice-ok">{t('needsPerson.nothing', { count: v.accounts })}</p>}
      {v && v.companies.length > 0 && (
        <>
          <p className="muted">{t('needsPerson.lead', { count: v.accounts })}</p>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('needsPerson.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('needsPerson.company')}</th>
                  <th scope="col">{t('needsPerson.what')}</th>
                </tr>
              </thead>
              <tbody>
                {v.companies.map((c) => (
                  <tr key={c.accountId}>
                    <th scope="row">{c.name}</th>
                    <td>
                      <ul className="needs-list">
                        {NEED_KINDS.filter((k) => (c.counts[k] ?? 0) > 0).map((k) => {
                          const kind = t(`needsPerson.kinds.${k}`);
                          const count = c.counts[k] ?? 0;
                          return (
                            <li key={k}>
                              <button
                                type="button"
                                className="link"
                                aria-label={t('needsPerson.open', { kind, company: c.name, count })}
                                onClick={() => open(c.accountId, k)}
                              >
                                {k === 'syncStopped' || k === 'quietCompany' ? kind : t('needsPerson.item', { kind, count })}
                              </button>
                              {k === 'syncStopped' && <HealthProblems problems={c.health} />}
                              {k === 'quietCompany' && c.lastTrafficAt && (
                                <span className="muted"> ({t('needsPerson.quietSince', { when: f.date(c.lastTrafficAt) })})</span>
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {(v.totals.failedUploads ?? 0) > 0 && <p className="muted">{t('needsPerson.failedSince', { since: f.date(v.failedSince) })}</p>}
        </>
      )}
      {missing.length > 0 && (
        <p className="muted">{t('needsPerson.notCounted', { kinds: missing.map((k) => t(`needsPerson.kinds.${k}`)).join(', ') })}</p>
      )}
    </section>
  );
}
