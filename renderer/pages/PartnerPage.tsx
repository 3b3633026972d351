import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerCompanyRef } from '../../shared/bridge/partner';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { AddCompanyAccount } from '../components/partner/AddCompanyAccount';
import { CompanyLookup } from '../components/partner/CompanyLookup';
import { ErrorList, InboundList } from '../components/partner/PartnerLists';
import { ScanPartner } from '../components/partner/ScanPartner';
import { Takeovers } from '../components/partner/Takeovers';
import { TimeWindow, type WindowState, windowOf } from '../components/partner/TimeWindow';
import { TextInput } from '../components/services/TextInput';
import { Tabs } from '../components/Tabs';
import { useCommand } from '../hooks/use-command';
import { useApp, useStores } from '../stores/context';

const TABS = ['inbound', 'errors', 'lookup', 'takeover', 'scanPartner'] as const;
type Tab = (typeof TABS)[number];
const STATES = ['all', 'CREATED', 'HANDLED'] as const;

/**
 * The accountant's cockpit: for an account with a vendor API key, what the companies linked to that
 * key received and failed to send, each row naming its company, and the companies not synced here yet.
 */
export function PartnerPage() {
  const { t } = useTranslation();
  const { app } = useStores();
  const accounts = useApp((s) => s.accounts);
  const current = useApp((s) => s.accountId);
  const partners = useCommand('partner.accounts', {});
  const [chosen, setChosen] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('inbound');
  const [win, setWin] = useState<WindowState>(() => ({ choice: 'week', from: '', to: '', at: Date.now() }));
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState<PartnerCompanyRef | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const accountSelect = useId();
  const stateSelect = useId();

  // A new account changes which rows say "synced": the lists are asked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the accounts change
  useEffect(() => setRound((r) => r + 1), [accounts]);

  if (partners.error) return <ErrorNotice error={partners.error} onRetry={partners.reload} />;
  if (!partners.data) return <Loading />;
  const list = partners.data;
  const partnerId =
    list.find((p) => p.accountId === chosen)?.accountId ?? list.find((p) => p.accountId === current)?.accountId ?? list[0]?.accountId;
  const partner = accounts.find((a) => a.id === partnerId);
  const window = windowOf(win);
  const isList = tab === 'inbound' || tab === 'errors';

  return (
    <div className="page">
      <h1>{t('partner.title')}</h1>
      <p className="lead">{t('partner.lead')}</p>
      {!partnerId || !partner ? (
        <p className="notice notice-info">{t('partner.noAccounts')}</p>
      ) : (
        <>
          {said && (
            <p className="notice notice-ok" role="status">
              {said}
            </p>
          )}
          {adding && (
            <AddCompanyAccount
              key={adding.companyId}
              company={adding}
              partner={partner}
              onCancel={() => setAdding(null)}
              onAdded={(a) => {
                setAdding(null);
                setSaid(t('partner.add.added', { name: a.name }));
                void app.getState().refreshAccounts();
              }}
            />
          )}
          {(list.length > 1 || isList) && (
            <div className="filters card">
              {list.length > 1 && (
                <div className="field">
                  <label htmlFor={accountSelect}>{t('partner.account')}</label>
                  <select
                    id={accountSelect}
                    value={partnerId}
                    onChange={(e) => setChosen(e.target.value)}
                    aria-describedby={`${accountSelect}-hint`}
                  >
                    {list.map((p) => (
                      <option key={p.accountId} value={p.accountId}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                  <p className="field-hint" id={`${accountSelect}-hint`}>
                    {t('partner.accountHint')}
                  </p>
                </div>
              )}
              {isList && <TimeWindow value={win} onChange={setWin} />}
              {tab === 'inbound' && (
                <div className="field">
                  <label htmlFor={stateSelect}>{t('partner.inbound.state')}</label>
                  <select id={stateSelect} value={state} onChange={(e) => setState(e.target.value as (typeof STATES)[number])}>
                    {STATES.map((s) => (
                      <option key={s} value={s}>
                        {t(`partner.inbound.states.${s}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {isList && (
                <TextInput label={t('partner.companyFilter')} hint={t('partner.companyFilterHint')} value={filter} onChange={setFilter} />
              )}
              {isList && (
                <div className="actions">
                  <button type="button" onClick={() => setWin({ ...win, at: Date.now() })}>
                    {t('partner.refresh')}
                  </button>
                </div>
              )}
            </div>
          )}
          <Tabs<Tab>
            label={t('partner.tabsLabel')}
            idPrefix="partner"
            tabs={TABS.map((id): { id: Tab; label: string } => ({
              id,
              label: id === 'takeover' || id === 'scanPartner' ? t(`partnerServices.tabs.${id}`) : t(`partner.tabs.${id}`),
            }))}
            current={tab}
            onChange={setTab}
          >
            {tab === 'takeover' ? (
              <Takeovers key={partnerId} accountId={partnerId} partnerName={partner.name} />
            ) : tab === 'scanPartner' ? (
              <ScanPartner key={partnerId} accountId={partnerId} />
            ) : tab === 'lookup' ? (
              <CompanyLookup key={partnerId} accountId={partnerId} onAdd={setAdding} />
            ) : !window ? (
              <p className="muted">{win.from ? t('partner.badDates') : t('partner.chooseFrom')}</p>
            ) : tab === 'inbound' ? (
              <InboundList
                key={`${partnerId}|${round}`}
                accountId={partnerId}
                window={window}
                filter={filter}
                onAdd={setAdding}
                state={state}
              />
            ) : (
              <ErrorList key={`${partnerId}|${round}`} accountId={partnerId} window={window} filter={filter} onAdd={setAdding} />
            )}
          </Tabs>
        </>
      )}
    </div>
  );
}
