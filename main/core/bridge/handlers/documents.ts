import { documentSearchWords } from '../../../../shared/bridge/list-search';
import type { BankMessageRow } from '../../../../shared/bridge/views';
import { DEFAULT_BANK_MESSAGE_SORT } from '../../store/bank-message-pages';
import type { BankMessageJob } from '../../store/bank-messages';
import { DEFAULT_DOCUMENT_SORT, type DocumentCursor, type DocumentSort, type MirroredDocument } from '../../store/documents';
import { decodeCursor, encodeCursor, sortTag } from '../cursor';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { documentRow, fileView } from '../views';
import { accountOf } from './common';

type Names = 'documents.list' | 'documents.get' | 'bankMessages.list';

/** Store pages read at a time when a listing has to look past a page (a search, or the first count). */
const SCAN_PAGE = 500;

type Direction = 'RECEIVED' | 'SENT';

/** The mirrored documents of one direction in `sort` order, from after `from` on (keyset pages of the store). */
function* documentsFrom(d: BridgeDeps, accountId: string, direction: Direction, sort: DocumentSort, from?: DocumentCursor) {
  let after = from;
  for (;;) {
    const page = d.engine.store.documents.list(accountId, direction, SCAN_PAGE, after, sort);
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

function countMatches(docs: Iterable<MirroredDocument>, words: string[]): number {
  let n = 0;
  for (const doc of docs) if (matches(doc, words)) n++;
  return n;
}

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
     * The store's keyset pages in the order asked for; the total is counted once, for the first page.
     * With a query, the pages are read on from the cursor and filtered in memory until one is full
     * (documents number in the thousands, not the 100,000s invoices do, and the store has no document
     * search yet), so a search follows the order and pages the same way.
     */
    'documents.list': async (input) => {
      accountOf(d, input.accountId);
      const sort = input.sort ?? DEFAULT_DOCUMENT_SORT;
      const cursor = decodeCursor(input.after, sort);
      const from = cursor ? { key: cursor.key, id: cursor.id } : undefined;
      const words = documentSearchWords(input.query);
      let items: MirroredDocument[];
      let total: number;
      let more: boolean;
      if (words.length) {
        items = [];
        more = false;
        for (const doc of documentsFrom(d, input.accountId, input.direction, sort, from)) {
          if (!matches(doc, words)) continue;
          if (items.length === input.limit) {
            more = true;
            break;
          }
          items.push(doc);
        }
        total = cursor?.total ?? (more ? countMatches(documentsFrom(d, input.accountId, input.direction, sort), words) : items.length);
      } else {
        const page = store.documents.list(input.accountId, input.direction, input.limit, from, sort);
        items = page.items;
        more = page.next !== null;
        total = cursor?.total ?? (more ? store.documents.count(input.accountId, input.direction) : items.length);
      }
      const last = items[items.length - 1];
      const at = more && last ? store.documents.cursorAt(input.accountId, input.direction, last.id, sort) : null;
      const next = at ? encodeCursor({ key: at.key, id: at.id, total, sort: sortTag(sort) }) : null;
      return { items: items.map(documentRow), next, total };
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

    /** The three feeds as one list in the order asked for (newest seen first by default), keyset-paged by the store. */
    'bankMessages.list': async (input) => {
      accountOf(d, input.accountId);
      const sort = input.sort ?? DEFAULT_BANK_MESSAGE_SORT;
      const cursor = decodeCursor(input.after, sort);
      const from = cursor ? { key: cursor.key, jobId: Number(cursor.id) } : undefined;
      const page = store.bankMessages.page(input.accountId, input.limit, from, sort);
      for (const j of page.items)
        d.grants.grant(input.accountId, j.state === 'done' ? j.path : null, { table: 'bankMessages', jobId: j.jobId });
      const total = cursor?.total ?? (page.next ? store.bankMessages.countAll(input.accountId) : page.items.length);
      const next = page.next ? encodeCursor({ key: page.next.key, id: String(page.next.jobId), total, sort: sortTag(sort) }) : null;
      return { items: page.items.map(bankMessageRow), next, total };
    },
  };
}
