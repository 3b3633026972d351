import type { Database } from 'better-sqlite3';
import { type Direction, DOCUMENT_FINAL_STATUSES } from '../../../shared/enums';
import { type Document, type DocumentEvent, documentEventSchema, documentSchema } from '../../../shared/schemas/document';
import { epochMs } from './columns';
import type { StoreDeps } from './deps';

export type UpsertOutcome = 'new' | 'changed' | 'unchanged';

export interface MirroredDocument {
  accountId: string;
  id: string;
  direction: Direction;
  type: string | null;
  status: string | null;
  number: string | null;
  reference: string | null;
  senderName: string | null;
  recipientName: string | null;
  transmissionId: string | null;
  createdAt: string | null;
  receivedAt: string | null;
  /** received_at (else created_at) in epoch ms; the listing's order. */
  sortMs: number;
  firstSeenAt: number;
  updatedAt: number;
  /** The record exactly as the service answered, unknown fields kept. */
  record: Document;
}

export interface DocumentCursor {
  sortMs: number;
  id: string;
}

interface DocumentRecord {
  account_id: string;
  id: string;
  direction: Direction;
  type: string | null;
  status: string | null;
  number: string | null;
  reference: string | null;
  sender_name: string | null;
  recipient_name: string | null;
  transmission_id: string | null;
  created_at: string | null;
  received_at: string | null;
  sort_ms: number;
  json: string;
  first_seen_at: number;
  updated_at: number;
}

const toDocument = (r: DocumentRecord): MirroredDocument => ({
  accountId: r.account_id,
  id: r.id,
  direction: r.direction,
  type: r.type,
  status: r.status,
  number: r.number,
  reference: r.reference,
  senderName: r.sender_name,
  recipientName: r.recipient_name,
  transmissionId: r.transmission_id,
  createdAt: r.created_at,
  receivedAt: r.received_at,
  sortMs: r.sort_ms,
  firstSeenAt: r.first_seen_at,
  updatedAt: r.updated_at,
  record: documentSchema.parse(JSON.parse(r.json)),
});

const columnsOf = (d: Document) => ({
  type: d.type ?? null,
  status: d.status ?? null,
  number: d.number ?? null,
  reference: d.reference ?? null,
  senderName: d.sender?.name ?? null,
  recipientName: d.recipient?.name ?? null,
  transmissionId: d.transmission_id ?? null,
  createdAt: d.created_at ?? null,
  receivedAt: d.received_at ?? null,
  sortMs: epochMs(d.received_at) ?? epochMs(d.created_at) ?? 0,
});

/** The mirror of business documents and their event history. */
export function createDocumentsRepo(db: Database, deps: StoreDeps) {
  const stored = db.prepare<[string, string], { json: string }>('SELECT json FROM documents WHERE account_id = ? AND id = ?');
  const insert = db.prepare<Record<string, string | number | null>>(`
    INSERT INTO documents (account_id, id, direction, type, status, number, reference, sender_name, recipient_name,
      transmission_id, created_at, received_at, sort_ms, json, first_seen_at, updated_at)
    VALUES (@account, @id, @direction, @type, @status, @number, @reference, @senderName, @recipientName,
      @transmissionId, @createdAt, @receivedAt, @sortMs, @json, @now, @now)`);
  const update = db.prepare<Record<string, string | number | null>>(`
    UPDATE documents SET direction = @direction, type = @type, status = @status, number = @number, reference = @reference,
      sender_name = @senderName, recipient_name = @recipientName, transmission_id = @transmissionId,
      created_at = @createdAt, received_at = @receivedAt, sort_ms = @sortMs, json = @json, updated_at = @now
    WHERE account_id = @account AND id = @id`);
  const byId = db.prepare<[string, string], DocumentRecord>('SELECT * FROM documents WHERE account_id = ? AND id = ?');
  const page = db.prepare<{ account: string; direction: Direction; afterMs: number; afterId: string; limit: number }, DocumentRecord>(`
    SELECT * FROM documents WHERE account_id = @account AND direction = @direction AND (sort_ms, id) < (@afterMs, @afterId)
    ORDER BY sort_ms DESC, id DESC LIMIT @limit`);
  const addEvent = db.prepare<Record<string, string | number>>(`
    INSERT INTO document_events (account_id, document_id, code, message, created_at, json, first_seen_at)
    VALUES (@account, @document, @code, @message, @createdAt, @json, @now)
    ON CONFLICT (account_id, document_id, code, message, created_at) DO NOTHING`);
  const events = db.prepare<[string, string], { json: string }>(
    'SELECT json FROM document_events WHERE account_id = ? AND document_id = ? ORDER BY created_at, id',
  );
  const unfinishedSent = db.prepare<{ account: string; before: number; limit: number }, { id: string }>(
    `SELECT id FROM documents WHERE account_id = @account AND direction = 'SENT'
       AND (status IS NULL OR status NOT IN (${DOCUMENT_FINAL_STATUSES.map((x) => `'${x}'`).join(', ')})) AND updated_at <= @before
     ORDER BY updated_at LIMIT @limit`,
  );
  const touch = db.prepare<{ account: string; id: string; now: number }>(
    'UPDATE documents SET updated_at = @now WHERE account_id = @account AND id = @id',
  );
  const upsert = db.transaction((account: string, direction: Direction, record: Document): UpsertOutcome => {
    const json = JSON.stringify(record);
    const before = stored.get(account, record.id);
    if (before?.json === json) return 'unchanged';
    const params = { ...columnsOf(record), account, id: record.id, direction, json, now: deps.now() };
    if (before) {
      update.run(params);
      return 'changed';
    }
    insert.run(params);
    return 'new';
  });

  return {
    upsert(accountId: string, direction: Direction, record: Document): UpsertOutcome {
      return upsert(accountId, direction, record);
    },
    get(accountId: string, id: string): MirroredDocument | undefined {
      const row = byId.get(accountId, id);
      return row && toDocument(row);
    },
    /** Newest first, keyset-paged like the invoice listing. */
    list(
      accountId: string,
      direction: Direction,
      limit: number,
      after?: DocumentCursor,
    ): { items: MirroredDocument[]; next: DocumentCursor | null } {
      const cursor = after ?? { sortMs: Number.MAX_SAFE_INTEGER, id: '' };
      const rows = page.all({ account: accountId, direction, afterMs: cursor.sortMs, afterId: cursor.id, limit: limit + 1 });
      const items = rows.slice(0, limit).map(toDocument);
      const last = items[items.length - 1];
      return { items, next: rows.length > limit && last ? { sortMs: last.sortMs, id: last.id } : null };
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
