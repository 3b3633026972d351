import { useTranslation } from 'react-i18next';
import type { AccountFolder } from '../../shared/bridge';
import { useApp } from '../stores/context';
import { RevealButton } from './RevealButton';

/** "Open folder" for one of the account's folders, on either host; main finds and checks it. */
export function OpenFolderButton({ folder }: { folder: Exclude<AccountFolder, 'root'> }) {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  if (!accountId) return null;
  const label = t('folders.open', { folder: t(`folders.${folder}`) });
  return <RevealButton accountId={accountId} target={{ folder }} label={label} />;
}
