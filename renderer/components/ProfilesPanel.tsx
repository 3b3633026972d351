import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import type { Registration } from '../../shared/schemas/company';
import { useCommand } from '../hooks/use-command';
import { useBridge, useFormat } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ConfirmButton } from './ConfirmButton';
import { ErrorNotice } from './ErrorNotice';
import { ExtensionsEditor } from './ExtensionsEditor';
import { Loading } from './Loading';
import { ProfileForm } from './ProfileForm';

/** The company's network registrations: list, register, delete, extensions. */
export function ProfilesPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const list = useCommand('company.profiles.list', { accountId });
  const defaults = useCommand('company.profiles.defaults', { accountId });
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [created, setCreated] = useState<Registration | null>(null);

  const remove = async (id: string) => {
    setError(null);
    try {
      await bridge.invoke('company.profiles.delete', { accountId, id });
      list.reload();
    } catch (e) {
      setError(toErrorView(e));
    }
  };

  return (
    <div className="stack">
      <ErrorNotice error={list.error} onRetry={list.reload} />
      <ErrorNotice error={error} />
      {list.loading && !list.data && <Loading />}
      {list.data && (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('profiles.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('profiles.network')}</th>
                <th scope="col">{t('profiles.profiles')}</th>
                <th scope="col">{t('profiles.endpoint')}</th>
                <th scope="col">{t('profiles.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('sent.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id} className={r.id === created?.id ? 'is-new' : ''}>
                  <td>{r.network}</td>
                  <td>
                    {r.profiles.join(', ')}
                    {r.profile_version && <span className="muted"> ({r.profile_version})</span>}
                  </td>
                  <td className="mono">{r.endpoint_id ? `${r.scheme ?? ''}:${r.endpoint_id}` : '–'}</td>
                  <td>
                    <span className={`badge badge-reg-${r.status}`}>{t(`profiles.statuses.${r.status}`, { defaultValue: r.status })}</span>
                    {r.last_event && (
                      <p className="field-error">
                        {r.last_event.message} <span className="muted">({f.dateTime(r.last_event.created_at)})</span>
                      </p>
                    )}
                  </td>
                  <td className="row-actions">
                    <button type="button" aria-expanded={editing === r.id} onClick={() => setEditing(editing === r.id ? null : r.id)}>
                      {t('profiles.extensions')}
                    </button>
                    <ConfirmButton label={t('common.delete')} question={t('profiles.deleteQuestion')} onConfirm={() => void remove(r.id)} />
                    {editing === r.id && <ExtensionsEditor accountId={accountId} registration={r} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {created && (
        <p className="notice notice-ok" role="status">
          {t('profiles.created', {
            network: created.network,
            status: t(`profiles.statuses.${created.status}`, { defaultValue: created.status }),
          })}
        </p>
      )}
      <section className="card">
        <ProfileForm
          accountId={accountId}
          defaults={defaults.data}
          onCreated={(r) => {
            setCreated(r);
            list.reload();
          }}
        />
      </section>
    </div>
  );
}
