import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView, LocalFileView } from '../../shared/bridge';
import { revealInvisible } from '../../shared/untrusted-text';
import { useApp, useBridge, useFormat } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';
import { base64ToBlob, saveBlob } from './file-bytes';
import { RevealButton } from './RevealButton';

/** From this many failed tries on, the reason is shown (one bad answer is not worth a word; the engine agrees). */
const TELL_AFTER_TRIES = 3;

/** The files of an item: open with the system (desktop) or save through the browser (headless), and show each in its folder. */
export function FileList({ accountId, files }: { accountId: string; files: LocalFileView[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const canOpen = useApp((s) => s.info?.capabilities.openFiles === true);
  const [error, setError] = useState<BridgeErrorView | null>(null);

  const open = async (file: LocalFileView) => {
    if (!file.path) return;
    setError(null);
    try {
      if (canOpen) {
        await bridge.invoke('files.open', { accountId, path: file.path });
      } else {
        const got = await bridge.invoke('files.read', { accountId, path: file.path });
        saveBlob(base64ToBlob(got.base64, got.contentType), got.filename, document);
      }
    } catch (e) {
      setError(toErrorView(e));
    }
  };

  if (files.length === 0) return <p className="muted">{t('files.none')}</p>;
  return (
    <>
      <ul className="files">
        {files.map((file) => (
          <li key={`${file.kind}:${file.fileId ?? file.filename}`}>
            <span className="file-kind badge badge-muted">{t(`files.kind.${file.kind}`)}</span>
            <span className="file-name">{revealInvisible(file.filename)}</span>
            <span className="muted">{file.size !== null ? f.bytes(file.size) : ''}</span>
            {file.state === 'done' && file.path ? (
              <button
                type="button"
                className="link"
                onClick={() => void open(file)}
                aria-label={`${canOpen ? t('files.open') : t('files.save')}: ${file.filename}`}
              >
                {canOpen ? t('files.open') : t('files.save')}
              </button>
            ) : (
              <span className="muted">{t(`files.state.${file.state}`)}</span>
            )}
            {file.state === 'done' && file.path && (
              <RevealButton
                accountId={accountId}
                target={{ path: file.path }}
                label={t('files.showInFolder')}
                name={`${t('files.showInFolder')}: ${file.filename}`}
              />
            )}
            {file.state !== 'done' && file.error && (file.state === 'failed' || (file.tries ?? 0) >= TELL_AFTER_TRIES) && (
              <span className="file-error">{t('files.tries', { count: file.tries ?? 0, error: file.error })}</span>
            )}
          </li>
        ))}
      </ul>
      <ErrorNotice error={error} />
    </>
  );
}
