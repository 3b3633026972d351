import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView, InvoiceAnswerView, InvoiceDetail } from '../../shared/bridge';
import {
  NEEDS_CLARIFICATION,
  RESPONSE_CODES,
  type ResponseCode,
  STATUS_ACTIONS,
  STATUS_REASONS,
  type StatusAction,
  type StatusReason,
} from '../../shared/invoice-response-codes';
import { revealInvisible } from '../../shared/untrusted-text';
import { useBridge, useFormat } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

/** One answer as a line: its status, its reasons, the text and where it stands. */
function AnswerLine({ a }: { a: InvoiceAnswerView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const why = [...a.reasons.map((r) => t(`answers.reasons.${r}`)), ...a.actions.map((c) => t(`answers.actions.${c}`))].join(', ');
  return (
    <li data-answer={a.code}>
      <strong>{t(`answers.codes.${a.code}`, { defaultValue: a.code })}</strong>
      {why && ` · ${why}`}
      {a.text && ` · “${revealInvisible(a.text)}”`}
      <span className="muted">
        {' '}
        · {f.dateTime(a.at)} · {t(`answers.states.${a.state}`)}
      </span>
      {a.lastError && <span className="inv-warn-text"> · {a.lastError}</span>}
    </li>
  );
}

/**
 * Answers to an invoice (issue 42): on a received one, the answers given and a form to give one (a
 * Peppol Invoice Response, sent through the Outbox by main); on a sent one, the responses received.
 */
export function InvoiceAnswers({
  accountId,
  detail,
  onChanged,
}: {
  accountId: string;
  detail: InvoiceDetail;
  onChanged(code: ResponseCode): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [code, setCode] = useState<ResponseCode>('AP');
  const [reason, setReason] = useState<StatusReason | ''>('');
  const [action, setAction] = useState<StatusAction | ''>('');
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const answers = detail.answers ?? [];
  const received = detail.row.direction === 'RECEIVED';
  if (!received && answers.length === 0) return null;

  const send = async () => {
    setSaving(true);
    setError(null);
    setDone(null);
    try {
      const r = await bridge.invoke('invoices.answer', {
        accountId,
        id: detail.row.id,
        code,
        reasons: reason ? [reason] : [],
        actions: action ? [action] : [],
        text: text.trim() || null,
      });
      setDone(r.already ? t('answers.already') : t('answers.queued', { file: r.answer.file ?? '' }));
      onChanged(code);
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setSaving(false);
    }
  };

  const needsWhy = NEEDS_CLARIFICATION.includes(code);
  return (
    <section aria-labelledby="answers-title" data-answers={received ? 'given' : 'received'}>
      <h3 id="answers-title">{received ? t('answers.titleGiven') : t('answers.titleReceived')}</h3>
      {answers.length > 0 ? (
        <ul>
          {answers.map((a) => (
            <AnswerLine key={`${a.at}-${a.code}-${a.file ?? ''}`} a={a} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('answers.none')}</p>
      )}
      {received && (
        <form
          className="answer-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <fieldset>
            <legend>{t('answers.status')}</legend>
            {RESPONSE_CODES.map((c) => (
              <label key={c} className="radio">
                <input type="radio" name="answer-code" value={c} checked={code === c} onChange={() => setCode(c)} />{' '}
                {t(`answers.codes.${c}`)}
              </label>
            ))}
          </fieldset>
          <label>
            {t('answers.reason')}
            <select value={reason} onChange={(e) => setReason(e.target.value as StatusReason | '')}>
              <option value="">{t('answers.noCode')}</option>
              {STATUS_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`answers.reasons.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('answers.action')}
            <select value={action} onChange={(e) => setAction(e.target.value as StatusAction | '')}>
              <option value="">{t('answers.noCode')}</option>
              {STATUS_ACTIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`answers.actions.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {code === 'UQ' ? t('answers.textQuery') : t('answers.text')}
            <textarea value={text} maxLength={1000} rows={2} onChange={(e) => setText(e.target.value)} />
          </label>
          {needsWhy && <p className="muted">{t('answers.needsWhy')}</p>}
          <button type="submit" disabled={saving}>
            {t('answers.send')}
          </button>
          {done && (
            <p role="status" className="muted">
              {done}
            </p>
          )}
          <ErrorNotice error={error} />
        </form>
      )}
    </section>
  );
}
