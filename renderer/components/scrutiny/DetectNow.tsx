import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import type { AnalysisView, DetectStateView } from '../../../shared/bridge/scrutiny';
import { DETECT_CHECKS, type DetectCheck } from '../../../shared/enums';
import { useCommand } from '../../hooks/use-command';
import type { Lang } from '../../i18n/langs';
import { useBridge, useFormat } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';

/**
 * Detect kept current on a received invoice: opening it asks main to fetch a result that is missing
 * or not final, and "Run checks now" starts the chosen checks; both show as main pushes
 * 'detect.updated' (main polls the service with back-off, the page only listens).
 */
export function DetectNow({
  accountId,
  invoiceId,
  shownStatus,
  onResult,
}: {
  accountId: string;
  invoiceId: string;
  /** The Detect status the detail shows now; a fetched result that differs asks it to read the invoice again. */
  shownStatus: string | null;
  onResult?(): void;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const id = useId();
  const lang = i18n.language as Lang;
  const defs = useCommand('detect.definitions', { accountId, lang });
  const [state, setState] = useState<DetectStateView | null>(null);
  const [chosen, setChosen] = useState<DetectCheck[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);

  useEffect(() => {
    let live = true;
    const read = (refresh: boolean) =>
      bridge
        .invoke('detect.state', { accountId, invoiceId, refresh })
        .then((s) => live && setState(s))
        .catch((e: unknown) => live && setError(toErrorView(e)));
    void read(true);
    const off = bridge.subscribe('detect.updated', (e) => {
      if (e.accountId === accountId && e.invoiceId === invoiceId) void read(false);
    });
    return () => {
      live = false;
      off();
    };
  }, [bridge, accountId, invoiceId]);

  const fetched = state && !state.refreshing ? state.status : shownStatus;
  useEffect(() => {
    if (fetched !== shownStatus) onResult?.();
  }, [fetched, shownStatus, onResult]);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(await bridge.invoke('detect.analysis.run', { accountId, invoiceId, checks: chosen }));
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };

  const byName = new Map((defs.data ?? []).map((d) => [d.name, d]));
  const title = (check: string) => byName.get(check)?.title ?? t(`detect.checks.${check}`, { defaultValue: check });
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('scrutiny.checks.title')}</h3>
      {state?.refreshing && (
        <p className="muted" role="status">
          {t('scrutiny.checks.refreshing')}
        </p>
      )}
      {state && !state.refreshing && state.status !== null && !['OK', 'WARN', 'DISABLED'].includes(state.status) && (
        <p className="muted">{t('scrutiny.checks.notFinal')}</p>
      )}
      {state?.gaveUp && <p className="notice notice-warn">{t('scrutiny.checks.resultGaveUp', { reason: state.gaveUp })}</p>}
      <p className="muted">{t('scrutiny.checks.lead')}</p>
      <ErrorNotice error={defs.error} onRetry={defs.reload} />
      <fieldset className="checks-grid checks-described">
        <legend>{t('scrutiny.checks.choose')}</legend>
        {DETECT_CHECKS.map((c) => (
          <div className="field-check" key={c}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(c)}
                onChange={(e) => setChosen((x) => (e.target.checked ? [...x, c] : x.filter((y) => y !== c)))}
              />{' '}
              {title(c)}
            </label>
            {byName.get(c)?.description && <span className="muted">{byName.get(c)?.description}</span>}
          </div>
        ))}
      </fieldset>
      <button type="button" disabled={busy || chosen.length === 0} onClick={() => void run()}>
        {busy ? t('scrutiny.checks.starting') : t('scrutiny.checks.run')}
      </button>
      <ErrorNotice error={error} />
      {state && state.analyses.length > 0 && (
        <ul className="analyses" aria-label={t('scrutiny.checks.results')} aria-live="polite">
          {state.analyses.map((a) => (
            <AnalysisItem key={a.id} a={a} title={title(a.check)} when={f.dateTime(a.checkedAt ?? a.requestedAt)} />
          ))}
        </ul>
      )}
      {state?.analysesGaveUp && <p className="notice notice-warn">{t('scrutiny.checks.gaveUp', { reason: state.analysesGaveUp })}</p>}
    </section>
  );
}

function AnalysisItem({ a, title, when }: { a: AnalysisView; title: string; when: string }) {
  const { t, i18n } = useTranslation();
  const pending = a.status === 'PENDING';
  const reasonKey = a.reasonCode ? `detect.reasons.${a.reasonCode}` : null;
  const reason = reasonKey && i18n.exists(reasonKey) ? t(reasonKey) : a.text;
  const tone = a.result === 'WARNING' ? 'badge-warn' : a.result === 'OK' ? 'badge-ok' : 'badge-muted';
  return (
    <li data-check={a.check} data-status={a.status}>
      <strong>{title}</strong>{' '}
      <span className={`badge ${pending ? 'badge-muted' : tone}`}>
        {pending ? t('scrutiny.checks.pending') : t(`scrutiny.checks.result.${a.result ?? 'FAILED'}`, { defaultValue: a.result ?? '' })}
      </span>{' '}
      <span className="muted">{when}</span>
      {!pending && reason && <p>{reason}</p>}
    </li>
  );
}
