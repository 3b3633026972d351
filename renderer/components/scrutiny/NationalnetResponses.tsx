import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import type { NationalnetView } from '../../../shared/bridge/scrutiny';
import { NATIONALNET_RESPONSE_RULES, type NationalnetResponse, nextNationalnetResponses } from '../../../shared/schemas/invoice';
import { useBridge } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';

/** Our codes for the spec's 400, 404 and 503 of the call (main/core/bridge/handlers/scrutiny.ts). */
const OWN_CODES = new Set(['nationalnet_refused', 'nationalnet_unknown', 'nationalnet_unavailable']);

/**
 * Answering a received invoice's sender on the national network. Only the responses that may follow the
 * last one given are offered (a final one ends them); those that need a reason ask for it.
 */
export function NationalnetResponses({ accountId, invoiceId }: { accountId: string; invoiceId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [state, setState] = useState<NationalnetView | null>(null);
  const [response, setResponse] = useState<NationalnetResponse | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const offered = (state?.next ?? nextNationalnetResponses(null)) as NationalnetResponse[];
  const needsReason = response !== '' && NATIONALNET_RESPONSE_RULES[response].reason;
  const name = (r: string) => t(`nationalnet.names.${r}`, { defaultValue: r });

  const send = async () => {
    if (response === '') return;
    setBusy(true);
    setError(null);
    try {
      const next = await bridge.invoke('nationalnet.respond', {
        accountId,
        invoiceId,
        response,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setState(next);
      setResponse('');
      setReason('');
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };
  const last = state?.responses.at(-1);

  return (
    <section aria-labelledby="nationalnet-title">
      <h3 id="nationalnet-title">{t('nationalnet.title')}</h3>
      <p className="muted">{t('nationalnet.lead')}</p>
      {last && <p role="status">{t(state?.final ? 'nationalnet.sentFinal' : 'nationalnet.sent', { response: name(last.response) })}</p>}
      {offered.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label>
            {t('nationalnet.response')}
            <select value={response} onChange={(e) => setResponse(e.target.value as NationalnetResponse | '')} disabled={busy}>
              <option value="">{t('nationalnet.choose')}</option>
              {offered.map((r) => (
                <option key={r} value={r}>
                  {name(r)}
                  {NATIONALNET_RESPONSE_RULES[r].final ? ` (${t('nationalnet.final')})` : ''}
                </option>
              ))}
            </select>
          </label>
          {needsReason && (
            <label>
              {t('nationalnet.reason')}
              <textarea value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} required disabled={busy} />
            </label>
          )}
          <button type="submit" disabled={busy || response === '' || (needsReason && !reason.trim())}>
            {t('nationalnet.send')}
          </button>
        </form>
      )}
      {error?.code && OWN_CODES.has(error.code) ? (
        <p role="alert" className="notice notice-error">
          {t(`nationalnet.errors.${error.code}`)}
        </p>
      ) : (
        <ErrorNotice error={error} />
      )}
    </section>
  );
}
