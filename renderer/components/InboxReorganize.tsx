import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, BridgeErrorView, ReorganizeView } from '../../shared/bridge';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

/**
 * "Reorganize the Inbox": moves the files already downloaded into the account's saved layout, after
 * the user confirms. Disabled while the form holds a layout not saved yet (the move follows the saved one).
 */
export function InboxReorganize({ account, unsaved }: { account: AccountView; unsaved: boolean }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(0);
  const [result, setResult] = useState<ReorganizeView | null>(null);
  const [error, setError] = useState<BridgeErrorView | null>(null);

  useEffect(() => {
    if (!busy) return;
    return bridge.subscribe('sync.progress', (p) => {
      if (p.accountId === account.id && p.phase === 'reorganize') setChecked(p.done);
    });
  }, [bridge, busy, account.id]);

  const run = async () => {
    setAsking(false);
    setBusy(true);
    setChecked(0);
    setResult(null);
    setError(null);
    try {
      setResult(await bridge.invoke('accounts.reorganizeInbox', { accountId: account.id }));
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };

  const layout = t(`inbox.layouts.${account.inboxLayout}`);
  return (
    <div className="inbox-reorganize">
      {asking ? (
        <fieldset className="confirm">
          <legend>{t('inbox.question', { name: account.name, layout })}</legend>
          <button type="button" className="primary" onClick={() => void run()}>
            {t('inbox.confirm')}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            {t('common.cancel')}
          </button>
        </fieldset>
      ) : (
        <button type="button" disabled={busy || unsaved} aria-describedby={`inbox-${account.id}-hint`} onClick={() => setAsking(true)}>
          {t('inbox.reorganize')}
        </button>
      )}
      <p className="field-hint" id={`inbox-${account.id}-hint`}>
        {unsaved ? t('inbox.saveFirst') : t('inbox.reorganizeHint')}
      </p>
      {busy && (
        <p className="notice notice-info" role="status">
          {t('inbox.moving', { count: checked })}
        </p>
      )}
      {result && <Outcome result={result} />}
      <ErrorNotice error={error} />
    </div>
  );
}

function Outcome({ result: r }: { result: ReorganizeView }) {
  const { t } = useTranslation();
  const problems = [
    r.failed ? t('inbox.failed', { count: r.failed }) : null,
    r.missing ? t('inbox.missing', { count: r.missing }) : null,
    r.elsewhere ? t('inbox.elsewhere', { count: r.elsewhere }) : null,
    r.finished ? null : t('inbox.unfinished', { error: r.error ?? '' }),
  ].filter((p): p is string => p !== null);
  return (
    <div className={`notice ${problems.length ? 'notice-warn' : 'notice-ok'}`} role="status">
      <p>{t('inbox.moved', { count: r.moved, inPlace: r.inPlace })}</p>
      {problems.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}
