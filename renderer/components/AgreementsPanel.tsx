import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../hooks/use-command';
import { useFormat } from '../stores/context';
import { AgreementForm } from './AgreementForm';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

export function AgreementsPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useCommand('norway.agreements.list', { accountId });
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="agreements-title" className="stack">
      <h2 id="agreements-title">{t('norway.agreements')}</h2>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading && !list.data && <Loading />}
      {list.data && list.data.length === 0 && <p className="muted">{t('norway.noAgreements')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="agreements">
          {list.data.map((a) => (
            <li key={a.account_number} className="card">
              <div className="card-head">
                <h3 className="mono">{a.account_number}</h3>
                <span className={`badge badge-atg-${String(a.status).toLowerCase()}`}>
                  {t(`norway.statuses.${a.status}`, { defaultValue: String(a.status) })}
                </span>
                <span className="muted">{t('norway.createdAt', { when: f.date(a.created_at) })}</span>
                <button
                  type="button"
                  aria-expanded={editing === a.account_number}
                  onClick={() => setEditing(editing === a.account_number ? null : a.account_number)}
                >
                  {t('common.edit')}
                </button>
              </div>
              <p className="muted">
                {t('norway.layout', { length: a.kid_length, reference: a.reference_position, paymentType: a.payment_type_position ?? '–' })}
              </p>
              {editing === a.account_number && (
                <AgreementForm
                  accountId={accountId}
                  agreement={a}
                  onSaved={() => {
                    setEditing(null);
                    list.reload();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="card">
        <AgreementForm accountId={accountId} onSaved={list.reload} />
      </div>
    </section>
  );
}
