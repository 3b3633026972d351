import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import { AccountForm } from '../components/AccountForm';
import { ErrorNotice } from '../components/ErrorNotice';
import { LanguagePicker } from '../components/LanguagePicker';
import { useBridge, useStores } from '../stores/context';
import { toErrorView } from '../stores/errors';

/** No account yet: connect a company, or try the built-in sandbox with its demo company. */
export function FirstRunPage() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const { app } = useStores();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);

  const tryDemo = async () => {
    setBusy(true);
    setError(null);
    try {
      await app.getState().accountAdded(await bridge.invoke('accounts.tryDemo', {}));
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="first-run" id="main">
      <div className="first-run-head">
        <h1>{t('firstRun.title')}</h1>
        <p className="lead">{t('firstRun.lead')}</p>
        <LanguagePicker id="first-run-language" />
      </div>
      <div className="first-run-grid">
        <section className="card">
          <AccountForm onAdded={(a) => void app.getState().accountAdded(a)} />
        </section>
        <section className="card card-accent" aria-labelledby="try-sandbox-title">
          <h2 id="try-sandbox-title">{t('firstRun.sandboxTitle')}</h2>
          <p>{t('firstRun.sandboxText')}</p>
          <ErrorNotice error={error} />
          <button type="button" className="primary" onClick={() => void tryDemo()} disabled={busy}>
            {busy ? t('common.working') : t('firstRun.trySandbox')}
          </button>
        </section>
      </div>
    </main>
  );
}
