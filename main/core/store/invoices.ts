import type { Database } from 'better-sqlite3';
import type { Direction } from '../../../shared/enums';
import type { Invoice } from '../../../shared/schemas/invoice';
import { epochMs, flag, sqlList } from './columns';
import type { StoreDeps } from './deps';
import { createInvoiceQueries } from './invoice-queries';
import { type InvoiceTableRow, type MirroredInvoice, toInvoice } from './invoice-rows';
import { INVOICE_FINAL_DELIVERY } from './outbox';

export type { InvoiceSummary, MirroredInvoice } from './invoice-rows';

export type UpsertOutcome = 'new' | 'changed' | 'unchanged';

/** What naming and checking one of an invoice's files needs: its columns, not its whole record parsed. */
export interface InvoiceFileFacts {
  direction: Direction;
  date: string | null;
  receivedAt: string | null;
  senderName: string | null;
  recipientName: string | null;
  number: string | null;
  sourceFormat: string | null;
}

function columnsOf(record: Invoice) {
  return {
    status: record.status ?? null,
    number: record.number ?? null,
    reference: record.reference ?? null,
    senderName: record.sender?.name ?? null,
    senderBid: record.sender?.bid ?? null,
    recipientName: record.recipient?.name ?? null,
    recipientBid: record.recipient?.bid ?? null,
    date: record.date ?? null,
    dateDue: record.date_due ?? null,
    sum: record.sum ?? null,
    sumTax: record.sum_tax ?? null,
    currency: record.currency ?? null,
    receivedAt: record.received_at ?? null,
    createdAt: record.created_at ?? null,
    sortMs: epochMs(record.received_at) ?? epochMs(record.created_at) ?? 0,
    // the record's flag when the service sends one, else the mirror's own (null keeps it in SQL)
    handled: record.handled === undefined ? null : flag(record.handled),
  };
}

const MIRRORED = `status = @status, number = @number, reference = @reference, sender_name = @senderName,
  sender_bid = @senderBid, recipient_name = @recipientName, recipient_bid = @recipientBid, date = @date,
  date_due = @dateDue, sum = @sum, sum_tax = @sumTax, currency = @currency, received_at = @receivedAt,
  created_at = @createdAt, sort_ms = @sortMs, handled = coalesce(@handled, handled), json = @json, updated_at = @now`;

/**
 * Mirrored sent invoices whose delivery may still change, least recently looked at first: its WHERE is
 * the partial index invoices_unfinished_sent's (migration 16), so the sent history is never read.
 */
export const UNFINISHED_SENT_SQL = `SELECT id FROM invoices WHERE account_id = @account AND direction = 'SENT'
       AND (status IS NULL OR status NOT IN (${sqlList(INVOICE_FINAL_DELIVERY)})) AND updated_at <= @before
     ORDER BY updated_at LIMIT @limit`;

/** Unhandled Detect warnings per account: its WHERE is the partial index invoices_warned_unhandled's (migration 14). */
export const WARNED_UNHANDLED_SQL = `SELECT account_id, count(*) AS n FROM invoices INDEXED BY invoices_warned_unhandled
  WHERE direction = 'RECEIVED' AND detect_status = 'WARN' AND handled = 0 GROUP BY account_id`;

export function createInvoicesRepo(db: Database, deps: StoreDeps) {
  const stored = db.prepare<[string, string], { json: string }>('SELECT json FROM invoices WHERE account_id = ? AND id = ?');
  const insert = db.prepare<Record<string, string | number | null>>(`
    INSERT INTO invoices (account_id, id, direction, status, number, reference, sender_name, sender_bid, recipient_name,
      recipient_bid, date, date_due, sum, sum_tax, currency, received_at, created_at, sort_ms, handled, json,
      first_seen_at, updated_at)
    VALUES (@accountId, @id, @direction, @status, @number, @reference, @senderName, @senderBid, @recipientName,
      @recipientBid, @date, @dateDue, @sum, @sumTax, @currency, @receivedAt, @createdAt, @sortMs, coalesce(@handled, 0), @json,
      @now, @now)`);
  // An UPDATE, never INSERT OR REPLACE: the search index's triggers must see the old row (migration 3).
  const update = db.prepare<Record<string, string | number | null>>(
    `UPDATE invoices SET direction = @direction, ${MIRRORED} WHERE account_id = @accountId AND id = @id`,
  );
  const byId = db.prepare<[string, string], InvoiceTableRow>('SELECT * FROM invoices WHERE account_id = ? AND id = ?');
  // Aliased to the interface's names: no mapping per call (a mirror reads this for every file it writes).
  const fileFacts = db.prepare<[string, string], InvoiceFileFacts>(
    `SELECT direction, date, received_at AS receivedAt, sender_name AS senderName, recipient_name AS recipientName, number,
       json_extract(json, '$.source_format') AS sourceFormat
     FROM invoices WHERE account_id = ? AND id = ?`,
  );
  const handled = db.prepare<{ account: string; id: string; handled: number; now: number }>(
    'UPDATE invoices SET handled = @handled, updated_at = @now WHERE account_id = @account AND id = @id',
  );
  const detect = db.prepare<{ account: string; id: string; status: string | null; findings: string | null; now: number }>(
    `UPDATE invoices SET detect_status = @status, detect_findings_json = @findings, updated_at = @now
     WHERE account_id = @account AND id = @id`,
  );
  const missingDetect = db.prepare<{ account: string; since: number; limit: number }, { id: string }>(
    `SELECT id FROM invoices INDEXED BY invoices_pending_detect
     WHERE account_id = @account AND direction = 'RECEIVED' AND detect_status IS NULL AND first_seen_at >= @since
     ORDER BY first_seen_at DESC LIMIT @limit`,
  );
  const unfinishedSent = db.prepare<{ account: string; before: number; limit: number }, { id: string }>(UNFINISHED_SENT_SQL);
  const warnedUnhandled = db.prepare<[], { account_id: string; n: number }>(WARNED_UNHANDLED_SQL);
  const touch = db.prepare<{ account: string; id: string; now: number }>(
    'UPDATE invoices SET updated_at = @now WHERE account_id = @account AND id = @id',
  );
  const upsert = db.transaction((accountId: string, direction: Direction, record: Invoice): UpsertOutcome => {
    const json = JSON.stringify(record);
    const before = stored.get(accountId, record.id);
    if (before?.json === json) return 'unchanged';
    // Object.assign, not a spread followed by more fields (a hidden class per invoice: columns.ts, patchParams).
    const params = Object.assign(columnsOf(record), { accountId, id: record.id, direction, json, now: deps.now() });
    if (before) {
      update.run(params);
      return 'changed';
    }
    insert.run(params);
    return 'new';
  });

  return {
    /**
     * Mirrors one record as the service answered it. 'changed' means the record differs from the
     * stored one in any field, including fields this app does not know.
     */
    upsert(accountId: string, direction: Direction, record: Invoice): UpsertOutcome {
      return upsert(accountId, direction, record);
    },
    get(accountId: string, id: string): MirroredInvoice | undefined {
      const row = byId.get(accountId, id);
      return row && toInvoice(row);
    },
    /** One invoice's columns for naming and checking its files; the record's JSON stays unparsed. */
    fileFacts(accountId: string, id: string): InvoiceFileFacts | undefined {
      return fileFacts.get(accountId, id);
    },
    setHandled(accountId: string, id: string, value: boolean): boolean {
      return handled.run({ account: accountId, id, handled: flag(value), now: deps.now() }).changes === 1;
    },
    /** The detect result (OK, DISABLED, WARN) and its findings; null clears. */
    setDetect(accountId: string, id: string, status: string | null, findings: readonly unknown[] | null): boolean {
      const params = { account: accountId, id, status, findings: findings === null ? null : JSON.stringify(findings), now: deps.now() };
      return detect.run(params).changes === 1;
    },
    /**
     * Received invoices mirrored in the last week without a Detect result yet (new, or their fetch
     * failed), newest first. Older ones are not retried forever.
     */
    listMissingDetect(accountId: string, limit: number): string[] {
      const since = deps.now() - 7 * 24 * 3600_000;
      return missingDetect.all({ account: accountId, since, limit }).map((r) => r.id);
    },
    /** Mirrored sent invoices whose delivery may still change, not looked at since `before`. */
    listUnfinishedSent(accountId: string, limit: number, before: number): string[] {
      return unfinishedSent.all({ account: accountId, before, limit }).map((r) => r.id);
    },
    /** Per account, received invoices Detect warned about that nobody has marked handled yet. */
    countWarnedUnhandled(): Map<string, number> {
      return new Map(warnedUnhandled.all().map((r) => [r.account_id, r.n]));
    },
    /** Records that the row was checked now, though nothing changed. */
    touch(accountId: string, id: string): void {
      touch.run({ account: accountId, id, now: deps.now() });
    },
    ...createInvoiceQueries(db),
  };
}

export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
