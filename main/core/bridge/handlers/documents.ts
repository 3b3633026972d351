import { readFile, stat } from 'node:fs/promises';
import { documentSearchWords } from '../../../../shared/bridge/list-search';
import type { BankMessageRow } from '../../../../shared/bridge/views';
import { BANK_MESSAGE_COLUMNS } from '../../../../shared/mirror/bank-message-columns';
import { DEFAULT_BANK_MESSAGE_SORT } from '../../store/bank-message-pages';
import type { BankMessageJob } from '../../store/bank-messages';
import { DEFAULT_DOCUMENT_SORT } from '../../store/documents';
import { viewMapper } from '../../store/mirror-sql';
import { bankMessageLabel } from '../../sync/bank-message-checks';
import { COUNT_CAP, cappedTotal, decodeCursor, encodeCursor, pageTotal, sortTag } from '../cursor';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { documentRow, fileView } from '../views';
import { accountOf } from './common';

type Names = 'documents.list' | 'documents.get' | 'bankMessages.list';

const bankMessageViewOf = viewMapper(BANK_MESSAGE_COLUMNS);

const bankMessageRow = (j: BankMessageJob): BankMessageRow =>
  Object.assign(bankMessageViewOf(j), {
    seenAt: new Date(j.seenAt).toISOString(),
    file: fileView('bank_message', j, `${j.kind.toUpperCase()} ${j.id}`, j.id),
  });

/** The largest file read for its message type: a notification is a few kilobytes (bank-message-checks.ts). */
const TYPE_READ_BYTES = 256 * 1024;

/**
 * The type of each downloaded message whose row has none yet, from its file (the service lists ids
 * only), kept in the store: each file is read once, the first time a page shows it.
 */
async function fillMessageTypes(d: BridgeDeps, accountId: string, items: BankMessageJob[]): Promise<BankMessageJob[]> {
  return Promise.all(
    items.map(async (j) => {
      if (j.messageType !== null || j.state !== 'done' || !j.path) return j;
      const info = await stat(j.path).catch(() => null);
      if (!info?.isFile() || info.size > TYPE_READ_BYTES) return j;
      const data = await readFile(j.path).catch(() => null);
      const messageType = data ? bankMessageLabel(data) : null;
      if (messageType === null) return j;
      d.engine.keep.bankMessageType(accountId, j.kind, j.id, messageType);
      return { ...j, messageType };
    }),
  );
}

export function documentHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const store = d.engine.store;
  return {
    /**
     * The store's keyset pages in the order asked for, of the documents holding every word of the query
     * (searched in SQLite, store/documents.ts). The total is counted once, for the first page, and
     * carried in the cursor; a search's count stops past COUNT_CAP ("at least"), as the invoices' does.
     */
    'documents.list': async (input) => {
      accountOf(d, input.accountId);
      const sort = input.sort ?? DEFAULT_DOCUMENT_SORT;
      const cursor = decodeCursor(input.after, sort);
      const from = cursor ? { key: cursor.key, id: cursor.id } : undefined;
      const words = documentSearchWords(input.query);
      const page = store.documents.search(input.accountId, input.direction, words, input.limit, from, sort);
      const n = page.items.length;
      // Unsearched, the tallies count every document; a search is counted up to the cap.
      const { total, lowerBound } = pageTotal(cursor, n, page.next !== null, () =>
        words.length === 0
          ? { total: store.documents.count(input.accountId, input.direction), lowerBound: false }
          : cappedTotal(store.documents.countMatching(input.accountId, input.direction, words, COUNT_CAP + 1), n),
      );
      const next = page.next ? encodeCursor({ key: page.next.key, id: page.next.id, total, lowerBound, sort: sortTag(sort) }) : null;
      return { items: page.items.map(documentRow), next, total, totalIsLowerBound: lowerBound };
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
      return { items: (await fillMessageTypes(d, input.accountId, page.items)).map(bankMessageRow), next, total };
    },
  };
}
