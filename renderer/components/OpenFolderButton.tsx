import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountFolder, BridgeErrorView } from '../../shared/bridge';
import { useApp, useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

/** "Open folder" for one of the account's folders, where the host can open folders (desktop); main finds and checks it. */
export function OpenFolderButton({ folder }: { folder: AccountFolder }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const accountId = useApp((s) => s.accountId);
  const can = useApp((s) => s.info?.capabilities.openFiles === true);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  if (!can || !accountId) return null;
  const open = async () => {
    setError(null);
    try {
      await bridge.invoke('files.openFolder', { accountId, folder });
    } catch (e) {
      setError(toErrorView(e));
    }
  };
  return (
    <span className="open-folder">
      <button type="button" onClick={() => void open()} title={t(`folders.${folder}`)}>
        {t('folders.open', { folder: t(`folders.${folder}`) })}
      </button>
      <ErrorNotice error={error} />
    </span>
  );
}
