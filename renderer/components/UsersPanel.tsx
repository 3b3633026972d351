import { useTranslation } from 'react-i18next';
import { useCommand } from '../hooks/use-command';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

/** The company's users (every user has the same, admin, rights). */
export function UsersPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const users = useCommand('company.users.list', { accountId });
  if (users.error) return <ErrorNotice error={users.error} onRetry={users.reload} />;
  if (!users.data) return <Loading />;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{t('users.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('users.name')}</th>
            <th scope="col">{t('users.email')}</th>
            <th scope="col">{t('users.phone')}</th>
            <th scope="col">{t('users.role')}</th>
            <th scope="col">{t('users.notifications')}</th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((u) => (
            <tr key={u.id}>
              <td>{[u.first_name, u.last_name].filter(Boolean).join(' ') || '–'}</td>
              <td>{u.email}</td>
              <td>{u.phone ?? '–'}</td>
              <td>{u.user_role ?? '–'}</td>
              <td>
                {u.emails_disabled ? t('users.noEmails') : u.notifications_disabled ? t('users.noInvoiceMails') : t('users.allMails')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('users.rightsNote')}</p>
    </div>
  );
}
