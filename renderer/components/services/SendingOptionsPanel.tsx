import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/bridge';
import { DOCUMENT_TYPES } from '../../../shared/enums';
import type { FolderOptionsView } from '../../../shared/schemas/sending-options';
import { useCommand } from '../../hooks/use-command';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { FolderOptionsForm } from './FolderOptionsForm';

/** One account's sending options per outbox folder, each option explained (Settings, the account's page). */
export function SendingOptionsPanel({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const list = useCommand('sendingOptions.list', { accountId: account.id });
  const [folder, setFolder] = useState('Outbox/Invoices');
  const [newType, setNewType] = useState('ORDER');
  const [extra, setExtra] = useState<string[]>([]);
  const id = useId();
  const folders = [...new Set([...(list.data ?? []).map((f) => f.folder), ...extra])];
  const view: FolderOptionsView | null =
    list.data?.find((f) => f.folder === folder) ?? (folders.includes(folder) ? { folder, fields: [], options: {} } : null);

  return (
    <div className="stack">
      <p className="muted">{t('sending.lead')}</p>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading && !list.data && <Loading />}
      {list.data && (
        <>
          <div className="form form-inline">
            <div className="field">
              <label htmlFor={`${id}-folder`}>{t('sending.folder')}</label>
              <select id={`${id}-folder`} value={folder} onChange={(e) => setFolder(e.target.value)}>
                {folders.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-type`}>{t('sending.addFolder')}</label>
              <select id={`${id}-type`} aria-describedby={`${id}-type-hint`} value={newType} onChange={(e) => setNewType(e.target.value)}>
                {DOCUMENT_TYPES.filter((d) => d !== 'UNKNOWN').map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
              <p className="field-hint" id={`${id}-type-hint`}>
                {t('sending.addFolderHint')}
              </p>
            </div>
            <button
              type="button"
              onClick={() => {
                const f = `Outbox/Documents/${newType}`;
                setExtra((x) => (x.includes(f) ? x : [...x, f]));
                setFolder(f);
              }}
            >
              {t('sending.add')}
            </button>
          </div>
          {view && (
            <FolderOptionsForm
              key={`${account.id}|${view.folder}`}
              accountId={account.id}
              view={view}
              onSaved={(saved) => list.setData([...(list.data ?? []).filter((f) => f.folder !== saved.folder), saved])}
            />
          )}
        </>
      )}
    </div>
  );
}
