import type { Direction } from '../../../shared/enums';
import type { Document, DocumentFile } from '../../../shared/schemas/document';
import type { SyncContext } from './context';
import { OVERLAP_MS } from './inbound-invoices';
import { pageGuard } from './page-guard';

const PER_PAGE = 100;
const CURSOR: Record<Direction, string> = { RECEIVED: 'documents.created_at', SENT: 'documents.sent.created_at' };

/** Mirrors received documents and queues their files. */
export const pollReceivedDocuments = (ctx: SyncContext, signal?: AbortSignal) => pollDocuments(ctx, 'RECEIVED', signal);

/**
 * Mirrors the company's sent documents, ours and those sent by other means, so Sent › Documents
 * shows them with their status; the delivery tracker follows the unfinished ones.
 */
export const pollSentDocuments = (ctx: SyncContext, signal?: AbortSignal) => pollDocuments(ctx, 'SENT', signal);

/**
 * Pages of documents in created_at order from the watermark less an overlap, following X-Next-Page
 * while the page guard lets it.
 * A received document and its file jobs are saved in one transaction with its page: files the list
 * does not carry are asked for before it, so a failure or a crash in between loses nothing (the
 * page is fetched again, the watermark not having moved).
 */
async function pollDocuments(ctx: SyncContext, direction: Direction, signal?: AbortSignal): Promise<{ fresh: string[]; requests: number }> {
  const { store, account, api } = ctx;
  const cursorName = CURSOR[direction];
  const cursor = store.cursors.get(account.id, cursorName);
  const start = cursor ? new Date(Date.parse(cursor) - OVERLAP_MS).toISOString() : undefined;
  const fresh: string[] = [];
  let requests = 0;
  const guard = pageGuard({
    feed: direction === 'RECEIVED' ? 'the received documents list' : 'the sent documents list',
    perPage: PER_PAGE,
    now: ctx.now,
    endsWithoutNextPage: true,
  });
  for (let page = 1; ; page++) {
    if (page > 1) await guard.pace(signal);
    const { items, page: info } = await api.documents.list(
      { direction, ...(start ? { created_at_start: start } : {}), sort: ['created_at'], per_page: PER_PAGE, page },
      signal,
    );
    requests++;
    // A list that misbehaves is told after this page is kept: what it brought is not lost.
    let misbehaves: unknown = null;
    let more = false;
    try {
      more = guard.more(
        items.map((d) => d.id),
        info,
      );
    } catch (e) {
      misbehaves = e;
    }
    const files = new Map<string, DocumentFile[]>();
    if (direction === 'RECEIVED') {
      for (const doc of items.filter((d) => needsFiles(ctx, d))) {
        files.set(doc.id, doc.files?.length ? doc.files : await api.documents.files(doc.id, signal));
        if (!doc.files?.length) requests++;
      }
    }
    let newest = store.cursors.get(account.id, cursorName) ?? null;
    store.transaction(() => {
      for (const doc of items) {
        if (store.documents.upsert(account.id, direction, doc) === 'new') fresh.push(doc.id);
        if (doc.last_event) store.documents.addEvent(account.id, doc.id, doc.last_event);
        for (const f of files.get(doc.id) ?? [])
          store.documentFiles.enqueue(account.id, doc.id, { fileId: f.id, filename: f.filename, fileType: f.type ?? null });
        const at = doc.created_at ?? doc.received_at;
        if (at && (!newest || Date.parse(at) > Date.parse(newest))) newest = at;
      }
      if (newest) store.cursors.set(account.id, cursorName, newest);
    });
    if (misbehaves) {
      emitReceived(ctx, direction, fresh);
      throw misbehaves;
    }
    if (!more) break;
  }
  emitReceived(ctx, direction, fresh);
  return { fresh, requests };
}

function emitReceived(ctx: SyncContext, direction: Direction, fresh: readonly string[]): void {
  if (direction === 'RECEIVED') for (const id of fresh) ctx.events.emit('received', { accountId: ctx.account.id, kind: 'document', id });
}

/** A received document whose files are not queued yet: new, or one an earlier version saved without them. */
function needsFiles(ctx: SyncContext, doc: Document): boolean {
  return ctx.store.documentFiles.listForDocument(ctx.account.id, doc.id).length === 0;
}
