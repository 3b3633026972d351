import type { Database, Statement } from 'better-sqlite3';
import type { DocumentSortKey, ListSort } from '../../../shared/bridge/commands';
import { documentSearchText } from '../../../shared/bridge/list-search';
import { type Direction, DOCUMENT_FINAL_STATUSES } from '../../../shared/enums';
import type { SummaryOf, TableRowOf } from '../../../shared/mirror/columns';
import { DOCUMENT_COLUMNS } from '../../../shared/mirror/document-columns';
import { type Document, type DocumentEvent, documentEventSchema, documentSchema } from '../../../shared/schemas/document';
import { sqlList } from './columns';
import type { StoreDeps } from './deps';
import { mirrorSql } from './mirror-sql';

export type UpsertOutcome = 'new' | 'changed' | 'unchanged';

/** A document of the mirror: its columns (shared/mirror/document-columns.ts) and its record. */
export interface MirroredDocument extends SummaryOf<typeof DOCUMENT_COLUMNS> {
  /** The record exactly as the service answered, unknown fields kept. */
  record: Document;
}

/** Where the previous page ended: the order's value of its last row and that row's id. */
export interface DocumentCursor {
  key: number | string;
  id: string;
}

export type DocumentSort = ListSort<DocumentSortKey>;
export const DEFAULT_DOCUMENT_SORT: DocumentSort = { by: 'received', dir: 'desc' };

/**
 * What each order sorts by, never null (an empty value sorts as the smallest). Documents number in the
 * thousands, so only the listing order has an index; the others sort the account's rows per page.
 * Created times are ISO text with any offset, so they are compared as Julian days, not as text.
 */
function sortExpr(by: DocumentSortKey, direction: Direction): string {
  switch (by) {
    case 'received':
      return 'd.sort_ms';
    case 'type':
      return "coalesce(d.type, '')";
    case 'party':
      return `coalesce(d.${direction === 'SENT' ? 'recipient_name' : 'sender_name'}, '') COLLATE NOCASE`;
    case 'number':
      return "coalesce(d.number, '') COLLATE NOCASE";
    case 'created':
      return 'coalesce(julianday(d.created_at), 0)';
    case 'status':
      return "coalesce(d.status, '')";
  }
}

type DocumentRecord = TableRowOf<typeof DOCUMENT_COLUMNS>;

const DOCUMENT_SQL = mirrorSql(DOCUMENT_COLUMNS, 'd');

const toDocument = (r: DocumentRecord): MirroredDocument =>
  Object.assign(DOCUMENT_SQL.ofRow(r), { record: documentSchema.parse(JSON.parse(r.json)) });

/** The row's search text (migration 21): its id and these columns, in this order. */
const searchTextOf = (id: string, c: Record<string, string | number | null>) =>
  documentSearchText([id, c.number, c.reference, c.senderName, c.recipientName, c.type] as (string | null)[]);

/**
 * Mirrored sent documents whose status may still change, least recently looked at first: its WHERE is
 * the partial index documents_unfinished_sent's (migration 18), so the sent history is never read.
 */
export const UNFINISHED_SENT_DOCUMENTS_SQL = `SELECT id FROM documents WHERE account_id = @account AND direction = 'SENT'
       AND (status IS NULL OR status NOT IN (${sqlList(DOCUMENT_FINAL_STATUSES)})) AND updated_at <= @before
     ORDER BY updated_at LIMIT @limit`;

/** The mirror of business documents and their event history. */
export function createDocumentsRepo(db: Database, deps: StoreDeps) {
  const stored = db.prepare<[string, string], { json: string }>('SELECT json FROM documents WHERE account_id = ? AND id = ?');
  // The columns read from the record come from the descriptor; the keys, JSON, times and search text are the repository's own.
  const insert = db.prepare<Record<string, string | number | null>>(`
    INSERT INTO documents (account_id, id, direction, ${DOCUMENT_SQL.insertColumns}, json, first_seen_at, updated_at, search_text)
    VALUES (@account, @id, @direction, ${DOCUMENT_SQL.insertValues}, @json, @now, @now, @searchText)`);
  const update = db.prepare<Record<string, string | number | null>>(`
    UPDATE documents SET direction = @direction, ${DOCUMENT_SQL.updateSets}, json = @json, updated_at = @now, search_text = @searchText
    WHERE account_id = @account AND id = @id`);
  const byId = db.prepare<[string, string], DocumentRecord>('SELECT * FROM documents WHERE account_id = ? AND id = ?');
  type PageParams = { account: string; direction: Direction; afterKey?: number | string; afterId?: string; limit: number } & Record<
    string,
    unknown
  >;
  const pages = new Map<string, Statement<PageParams, DocumentRecord & { sort_key: number | string }>>();
  /** A search's words as conditions on the search text (bound as @w0, @w1, ...), and their parameters. */
  const wordsOf = (words: readonly string[]) => ({
    sql: words.map((_, i) => `AND instr(d.search_text, @w${i}) > 0`).join(' '),
    params: Object.fromEntries(words.map((w, i) => [`w${i}`, w])),
  });
  /** One statement per order and per first or later page (the keyset condition seeks, as for invoices). */
  const pageOf = (direction: Direction, sort: DocumentSort, first: boolean, matching = '') => {
    const expr = sortExpr(sort.by, direction);
    const [cmp, dir] = sort.dir === 'desc' ? ['<', 'DESC'] : ['>', 'ASC'];
    const keyset = first ? '' : `AND ${expr} ${cmp}= @afterKey AND (${expr} ${cmp} @afterKey OR d.id ${cmp} @afterId)`;
    const sql = `SELECT d.*, ${expr} AS sort_key FROM documents d WHERE d.account_id = @account AND d.direction = @direction
      ${matching} ${keyset} ORDER BY ${expr} ${dir}, d.id ${dir} LIMIT @limit`;
    let st = pages.get(sql);
    if (!st) {
      st = db.prepare<PageParams, DocumentRecord & { sort_key: number | string }>(sql);
      pages.set(sql, st);
    }
    return st;
  };
  const counts = new Map<string, Statement<Record<string, unknown>, number>>();
  // The tallies of migration 20: counting the rows walked the listing index, 121 ms at 1,000,000 documents.
  const countOf = db.prepare<[string, Direction], number>('SELECT n FROM document_tallies WHERE account_id = ? AND direction = ?').pluck();
  const addEvent = db.prepare<Record<string, string | number>>(`
    INSERT INTO document_events (account_id, document_id, code, message, created_at, json, first_seen_at)
    VALUES (@account, @document, @code, @message, @createdAt, @json, @now)
    ON CONFLICT (account_id, document_id, code, message, created_at) DO NOTHING`);
  const events = db.prepare<[string, string], { json: string }>(
    'SELECT json FROM document_events WHERE account_id = ? AND document_id = ? ORDER BY created_at, id',
  );
  const unfinishedSent = db.prepare<{ account: string; before: number; limit: number }, { id: string }>(UNFINISHED_SENT_DOCUMENTS_SQL);
  const touch = db.prepare<{ account: string; id: string; now: number }>(
    'UPDATE documents SET updated_at = @now WHERE account_id = @account AND id = @id',
  );
  const upsert = db.transaction((account: string, direction: Direction, record: Document): UpsertOutcome => {
    const json = JSON.stringify(record);
    const before = stored.get(account, record.id);
    if (before?.json === json) return 'unchanged';
    const columns = DOCUMENT_SQL.paramsOf(record);
    const params = Object.assign(columns, {
      account,
      id: record.id,
      direction,
      json,
      now: deps.now(),
      searchText: searchTextOf(record.id, columns),
    });
    if (before) {
      update.run(params);
      return 'changed';
    }
    insert.run(params);
    return 'new';
  });

  /**
   * A page of the documents holding every word (lower case, documentSearchWords) in their search
   * text, in the list's order and keyset-paged like list(); no words lists them all. Only the page's
   * rows are parsed: the others are passed over inside SQLite.
   */
  function search(
    accountId: string,
    direction: Direction,
    words: readonly string[],
    limit: number,
    after?: DocumentCursor,
    sort: DocumentSort = DEFAULT_DOCUMENT_SORT,
  ): { items: MirroredDocument[]; next: DocumentCursor | null } {
    const matching = wordsOf(words);
    const params: PageParams = { ...matching.params, account: accountId, direction, limit: limit + 1 };
    const rows = pageOf(direction, sort, !after, matching.sql).all(after ? { ...params, afterKey: after.key, afterId: after.id } : params);
    const items = rows.slice(0, limit).map(toDocument);
    const last = rows[items.length - 1];
    return { items, next: rows.length > limit && last ? { key: last.sort_key, id: last.id } : null };
  }

  return {
    upsert(accountId: string, direction: Direction, record: Document): UpsertOutcome {
      return upsert(accountId, direction, record);
    },
    get(accountId: string, id: string): MirroredDocument | undefined {
      const row = byId.get(accountId, id);
      return row && toDocument(row);
    },
    /** Newest first unless `sort` says otherwise, keyset-paged like the invoice listing (ties by id). */
    list(
      accountId: string,
      direction: Direction,
      limit: number,
      after?: DocumentCursor,
      sort: DocumentSort = DEFAULT_DOCUMENT_SORT,
    ): { items: MirroredDocument[]; next: DocumentCursor | null } {
      return search(accountId, direction, [], limit, after, sort);
    },
    search,
    count(accountId: string, direction: Direction): number {
      return countOf.get(accountId, direction) ?? 0;
    },
    /**
     * How many documents hold every word, counted up to `max` (a search's total says "at least" past
     * it). Without words, count() reads the tallies instead.
     */
    countMatching(accountId: string, direction: Direction, words: readonly string[], max: number): number {
      const matching = wordsOf(words);
      const sql = `SELECT count(*) FROM (SELECT 1 FROM documents d WHERE d.account_id = @account AND d.direction = @direction
        ${matching.sql} LIMIT @max)`;
      let st = counts.get(sql);
      if (!st) {
        st = db.prepare<Record<string, unknown>, number>(sql).pluck();
        counts.set(sql, st);
      }
      return st.get({ ...matching.params, account: accountId, direction, max }) ?? 0;
    },
    /** Sent documents not final yet (CONFIRMED_DELIVERY and FAILED are), least recently checked first. */
    listUnfinishedSent(accountId: string, limit: number, before: number): string[] {
      return unfinishedSent.all({ account: accountId, before, limit }).map((r) => r.id);
    },
    /** Records that the row was checked now, though nothing changed. */
    touch(accountId: string, id: string): void {
      touch.run({ account: accountId, id, now: deps.now() });
    },
    /** Records one event of a document; answers true only the first time that event is seen. */
    addEvent(accountId: string, documentId: string, event: DocumentEvent): boolean {
      const params = {
        account: accountId,
        document: documentId,
        code: event.code,
        message: event.message ?? '',
        createdAt: event.created_at,
        json: JSON.stringify(event),
        now: deps.now(),
      };
      return addEvent.run(params).changes === 1;
    },
    listEvents(accountId: string, documentId: string): DocumentEvent[] {
      return events.all(accountId, documentId).map((r) => documentEventSchema.parse(JSON.parse(r.json)));
    },
  };
}

export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
