import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountFolder, BridgeErrorView } from '../../shared/bridge';
import { useApp, useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

type Said = { kind: 'shown' } | { kind: 'copied' | 'notCopied'; path: string };

/**
 * "Show in folder" for a file the bridge handed out, or for one of the account's folders (its root
 * included). The host shows it in the file manager of the machine the app runs on: the desktop's
 * shell, or the headless host on its own machine. Where that machine cannot (a server without a
 * display), the path is copied for the user, and said.
 */
export function RevealButton({
  accountId,
  target,
  label,
  name,
}: {
  accountId: string;
  target: { path: string } | { folder: AccountFolder };
  label: string;
  /** The accessible name, where the label alone does not say which file. */
  name?: string;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const browser = useApp((s) => s.info?.host === 'browser');
  const [said, setSaid] = useState<Said | null>(null);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const reveal = async () => {
    setError(null);
    setSaid(null);
    try {
      const answer =
        'path' in target
          ? await bridge.invoke('files.showInFolder', { accountId, path: target.path })
          : await bridge.invoke('files.openFolder', { accountId, folder: target.folder });
      const shown = 'shown' in answer ? answer.shown : answer.opened;
      // The desktop's own window is beside the file manager it opened: no word needed there.
      if (shown) return setSaid(browser ? { kind: 'shown' } : null);
      const copied = await navigator.clipboard?.writeText(answer.path).then(
        () => true,
        () => false,
      );
      setSaid({ kind: copied ? 'copied' : 'notCopied', path: answer.path });
    } catch (e) {
      setError(toErrorView(e));
    }
  };
  return (
    <span className="reveal">
      <button type="button" className="link" onClick={() => void reveal()} aria-label={name}>
        {label}
      </button>
      {said && (
        <span className="reveal-said muted" role="status">
          {said.kind === 'shown' ? (
            t('reveal.shown')
          ) : (
            <>
              {t(`reveal.${said.kind}`)}{' '}
              <code className="mono" translate="no">
                {said.path}
              </code>
            </>
          )}
        </span>
      )}
      <ErrorNotice error={error} />
    </span>
  );
}
