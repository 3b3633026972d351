import type { InvoiceAnswerView } from '../../../shared/bridge/views';
import type { InvoiceAnswer, ReceivedResponse } from '../store/invoice-answers';
import type { StoreReader } from '../store/reader';
import { ANSWER_FOLDER } from '../sync/invoice-answers';

const SENT = new Set(['uploaded', 'moving', 'done']);
const FAILED = new Set(['failed', 'needs_user', 'vanished']);

/** An answer given, with where its file stands: written, waiting in the Outbox, sent, or refused. */
export function givenAnswerView(store: StoreReader, a: InvoiceAnswer): InvoiceAnswerView {
  const row = a.state === 'written' ? store.invoiceAnswers.outboxStateOf(a.accountId, `${ANSWER_FOLDER}/${a.fileName}`) : undefined;
  const state: InvoiceAnswerView['state'] =
    a.state === 'writing' ? 'writing' : row && SENT.has(row.state) ? 'sent' : row && FAILED.has(row.state) ? 'failed' : 'waiting';
  return {
    code: a.code,
    reasons: a.reasons,
    actions: a.actions,
    text: a.text,
    at: new Date(a.createdAt).toISOString(),
    state,
    file: a.fileName,
    lastError: state === 'failed' ? (row?.lastError ?? null) : null,
  };
}

/** An Invoice Response received for a sent invoice. */
export function receivedAnswerView(r: ReceivedResponse): InvoiceAnswerView {
  return {
    code: r.code,
    reasons: r.reasons,
    actions: [],
    text: r.text,
    at: r.issued ?? new Date(r.receivedAt).toISOString(),
    state: 'received',
    file: null,
    lastError: null,
  };
}
