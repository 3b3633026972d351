import type { BankMessageRow, DocumentRow } from '../../../../shared/bridge/views';
import type { BankMessageJob } from '../../store/bank-messages';
import type { MirroredDocument } from '../../store/documents';
import { decodeCursor, encodeCursor, type PageCursor } from '../cursor';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { documentRow, fileView } from '../views';
import { accountOf } from './common';

type Names = 'documents.list' | 'documents.get' | 'bankMessages.list';

/** Store pages read at a time when a listing has to see every document (a search, or the first count). */
const SCAN_PAGE = 500;

/** Every mirrored document of one direction, newest first (the store offers keyset pages only). */
function* everyDocument(d: BridgeDeps, accountId: string, direction: 'RECEIVED' | 'SENT'): Generator<MirroredDocument> {
  let after: { sortMs: number; id: string } | undefined;
  for (;;) {
    const page = d.engine.store.documents.list(accountId, direction, SCAN_PAGE, after);
    yield* page.items;
    if (!page.next) return;
    after = page.next;
  }
}

/** Search as the service's documents `query` does (id, number, reference), plus the parties' names. */
function matches(doc: MirroredDocument, words: string[]): boolean {
  const hay = [doc.id, doc.number, doc.reference, doc.senderName, doc.recipientName, doc.type].join('\u0000').toLowerCase();
  return words.every((w) => hay.includes(w));
}

const after = (c: PageCursor | null) => (x: { key: number; id: string }) => !c || x.key < c.key || (x.key === c.key && x.id < c.id);

function bankMessageRow(j: BankMessageJob): BankMessageRow {
  return {
    kind: j.kind,
    id: j.id,
    messageType: j.messageType,
    seenAt: new Date(j.seenAt).toISOString(),
    file: fileView('bank_message', j, `${j.kind.toUpperCase()} ${j.id}`, j.id),
  };
}

export function documentHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const store = d.engine.store;
  return {
    /**
     * Without a query: the store's keyset pages, the total counted once for the first page. With one:
     * the account's documents filtered in memory (documents number in the thousands, not the 100,000s
     * invoices do, and the store has no document search yet).
     */
    'documents.list': async (input) => {
      accountOf(d, input.accountId);
      const cursor = decodeCursor(input.after);
      const words = (input.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      let items: MirroredDocument[];
      let total: number;
      let more: boolean;
      if (words.length) {
        const found = [...everyDocument(d, input.accountId, input.direction)].filter((doc) => matches(doc, words));
        const rest = found.filter((doc) => after(cursor)({ key: doc.sortMs, id: doc.id }));
        items = rest.slice(0, input.limit);
        total = cursor?.total ?? found.length;
        more = rest.length > input.limit;
      } else {
        const page = store.documents.list(
          input.accountId,
          input.direction,
          input.limit,
          cursor ? { sortMs: cursor.key, id: cursor.id } : undefined,
        );
        items = page.items;
        more = page.next !== null;
        total = cursor?.total ?? (more ? [...everyDocument(d, input.accountId, input.direction)].length : items.length);
      }
      const last = items[items.length - 1];
      const rows: DocumentRow[] = items.map(documentRow);
      return { items: rows, next: more && last ? encodeCursor({ key: last.sortMs, id: last.id, total }) : null, total };
    },

    'documents.get': async (input) => {
      accountOf(d, input.accountId);
      const doc = store.documents.get(input.accountId, input.id);
      if (!doc) throw invalid(`No document ${input.id} in this account's mirror`, { id: 'no such document' });
      const jobs = store.documentFiles.listForDocument(input.accountId, input.id);
      for (const j of jobs) d.grants.grant(input.accountId, j.state === 'done' ? j.path : null, { table: 'documentFiles', jobId: j.jobId });
      return {
        row: documentRow(doc),
        record: doc.record,
        events: store.documents.listEvents(input.accountId, input.id).map((e) => ({
          code: e.code,
          message: e.message ?? null,
          createdAt: e.created_at,
        })),
        files: jobs.map((j) => fileView('document', j, j.filename, j.fileId)),
      };
    },

    /** The three feeds merged, newest first; bank messages are few, so the merge is in memory. */
    'bankMessages.list': async (input) => {
      accountOf(d, input.accountId);
      const cursor = decodeCursor(input.after);
      const all = (['ri', 'sent', 'error'] as const)
        .flatMap((kind) => store.bankMessages.list(input.accountId, kind))
        .sort((a, b) => b.seenAt - a.seenAt || b.jobId - a.jobId);
      const rest = all.filter((j) => after(cursor)({ key: j.seenAt, id: String(j.jobId).padStart(12, '0') }));
      const items = rest.slice(0, input.limit);
      for (const j of items) d.grants.grant(input.accountId, j.state === 'done' ? j.path : null, { table: 'bankMessages', jobId: j.jobId });
      const last = items[items.length - 1];
      const next =
        rest.length > input.limit && last
          ? encodeCursor({ key: last.seenAt, id: String(last.jobId).padStart(12, '0'), total: all.length })
          : null;
      return { items: items.map(bankMessageRow), next, total: cursor?.total ?? all.length };
    },
  };
}
