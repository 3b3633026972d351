import type { TrailEntryView, TrailView } from '../../../../shared/bridge/scrutiny';
import type { DocumentEvent } from '../../../../shared/schemas/document';
import type { InvoiceAction } from '../../../../shared/schemas/invoice';
import { ServiceError } from '../../api/errors';
import { CommandError, invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names = 'trail.invoice' | 'trail.document' | 'documents.confirmDelivery';

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** Newest first; steps of the same moment keep the service's order, reversed (it answers oldest first). */
const newestFirst = (list: TrailEntryView[]): TrailEntryView[] =>
  list
    .map((e, i) => ({ e, i }))
    .sort((a, b) => Date.parse(b.e.at) - Date.parse(a.e.at) || b.i - a.i)
    .map((x) => x.e);

function actionEntry(a: InvoiceAction): TrailEntryView {
  const cd = (a as { channel_details?: Record<string, unknown> | null }).channel_details ?? null;
  return {
    at: a.happened_at,
    type: a.type,
    message: a.message ?? null,
    channel: text(cd?.channel) ?? a.channel ?? null,
    destination: text(cd?.destination),
    operator: text(cd?.operator),
    error: a.type === 'ERROR' ? (a.message ?? 'ERROR') : null,
  };
}

function eventEntry(e: DocumentEvent): TrailEntryView {
  const details = Array.isArray(e.details) ? e.details.filter((x): x is string => typeof x === 'string') : [];
  return {
    at: e.created_at,
    type: e.code,
    message: e.message ?? null,
    channel: null,
    destination: null,
    operator: null,
    error: e.code === 'FAILED' ? [e.message, ...details].filter(Boolean).join(': ') || 'FAILED' : null,
  };
}

/** Only a service that cannot be reached falls back to what was kept; a refusal (4xx) is said as it is. */
const offline = (e: unknown): e is ServiceError | Error => !(e instanceof ServiceError) || e.kind === 'retry';

/** The delivery trail of sent invoices and documents, and the user's word that a document arrived. */
export function trailHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const { store } = d.engine;
  const sentDocument = (accountId: string, id: string) => {
    accountOf(d, accountId);
    const doc = store.documents.get(accountId, id);
    if (!doc) throw invalid(`No document ${id} in this account's mirror`, { id: 'no such document' });
    return doc;
  };
  return {
    'trail.invoice': async (input) => {
      accountOf(d, input.accountId);
      const inv = store.invoices.get(input.accountId, input.invoiceId);
      if (!inv) throw invalid(`No invoice ${input.invoiceId} in this account's mirror`, { invoiceId: 'no such invoice' });
      const fetchedAt = d.now();
      try {
        const actions = await (await apiOf(d, input.accountId)).invoices.actions(input.invoiceId);
        return { entries: newestFirst(actions.map(actionEntry)), route: null, source: 'live', fetchedAt, offlineReason: null };
      } catch (e) {
        if (!offline(e)) throw e;
        // The mirrored record carries the actions as of the last poll (without channel details).
        const kept = newestFirst((inv.record.actions ?? []).map(actionEntry));
        return { entries: kept, route: null, source: 'kept', fetchedAt: inv.updatedAt, offlineReason: (e as Error).message };
      }
    },
    'trail.document': async (input) => {
      const doc = sentDocument(input.accountId, input.documentId);
      const r = doc.record;
      const route = { channel: r.network ?? null, destination: r.recipient?.eia ?? null, operator: r.recipient?.operator ?? null };
      const view = (source: TrailView['source'], offlineReason: string | null, fetchedAt: number, events: DocumentEvent[]): TrailView => ({
        entries: newestFirst(events.map(eventEntry)),
        route,
        source,
        fetchedAt,
        offlineReason,
      });
      try {
        const events = await (await apiOf(d, input.accountId)).documents.events(input.documentId);
        // Kept in the mirror as they come, so the trail reads the same offline.
        d.engine.keep.documentEvents(input.accountId, input.documentId, events);
        // The service's own order, not the mirror's: events of one moment were kept in the order they were first seen.
        return view('live', null, d.now(), events);
      } catch (e) {
        if (!offline(e)) throw e;
        return view('kept', (e as Error).message, 0, store.documents.listEvents(input.accountId, input.documentId));
      }
    },
    'documents.confirmDelivery': async (input) => {
      const doc = sentDocument(input.accountId, input.id);
      const api = await apiOf(d, input.accountId);
      try {
        await api.documents.confirmDelivery(input.id);
      } catch (e) {
        if (e instanceof ServiceError && e.status === 409) {
          const why = e.details.length ? e.details.join('; ') : e.message;
          throw new CommandError({
            kind: 'skip',
            status: 409,
            code: 'document_in_invalid_state',
            message: `The document is no longer in DELIVERED state: ${why}`,
            details: e.details,
          });
        }
        throw e;
      }
      const fresh = await api.documents.get(input.id);
      d.engine.keep.document(input.accountId, doc.direction, input.id, fresh);
      return { status: fresh.status ?? null };
    },
  };
}
