import type { SyncContext } from './context';
import { OVERLAP_MS } from './inbound-invoices';

const PER_PAGE = 100;
const CURSOR = 'documents.created_at';

/** Mirrors received documents page by page, following X-Next-Page, from the watermark less an overlap. */
export async function pollReceivedDocuments(ctx: SyncContext, signal?: AbortSignal): Promise<{ fresh: string[]; requests: number }> {
  const { store, account, api } = ctx;
  const cursor = store.cursors.get(account.id, CURSOR);
  const start = cursor ? new Date(Date.parse(cursor) - OVERLAP_MS).toISOString() : undefined;
  const fresh: string[] = [];
  let requests = 0;
  for (let page = 1; page <= 10_000; page++) {
    const { items, page: info } = await api.documents.list(
      { direction: 'RECEIVED', ...(start ? { created_at_start: start } : {}), sort: ['created_at'], per_page: PER_PAGE, page },
      signal,
    );
    requests++;
    let newest = store.cursors.get(account.id, CURSOR) ?? null;
    store.transaction(() => {
      for (const doc of items) {
        if (store.documents.upsert(account.id, 'RECEIVED', doc) === 'new') fresh.push(doc.id);
        if (doc.last_event) store.documents.addEvent(account.id, doc.id, doc.last_event);
        const at = doc.created_at ?? doc.received_at;
        if (at && (!newest || Date.parse(at) > Date.parse(newest))) newest = at;
      }
      if (newest) store.cursors.set(account.id, CURSOR, newest);
    });
    if (!info.nextPage || items.length === 0) break;
  }
  // Files are listed per new document; each becomes a durable download job.
  for (const id of fresh) {
    const doc = store.documents.get(account.id, id);
    const files = doc?.record.files?.length ? doc.record.files : await api.documents.files(id, signal);
    for (const f of files) store.documentFiles.enqueue(account.id, id, { fileId: f.id, filename: f.filename, fileType: f.type ?? null });
    ctx.events.emit('received', { accountId: account.id, kind: 'document', id });
  }
  return { fresh, requests };
}
