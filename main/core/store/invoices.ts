import type { Database } from 'better-sqlite3';
import type { Direction } from '../../../shared/enums';
import type { Invoice } from '../../../shared/schemas/invoice';
import { flag, sqlList } from './columns';
import type { StoreDeps } from './deps';
import { createInvoiceQueries } from './invoice-queries';
import { INVOICE_SQL, type InvoiceTableRow, type MirroredInvoice, toInvoice } from './invoice-rows';
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
  // The columns read from the record come from the descriptor (shared/mirror/invoice-columns.ts); the
  // keys, the record's JSON and the times are the repository's own.
  const insert = db.prepare<Record<string, string | number | null>>(`
    INSERT INTO invoices (account_id, id, direction, ${INVOICE_SQL.insertColumns}, json, first_seen_at, updated_at)
    VALUES (@accountId, @id, @direction, ${INVOICE_SQL.insertValues}, @json, @now, @now)`);
  // An UPDATE, never INSERT OR REPLACE: the search index's triggers must see the old row (migration 3).
  const update = db.prepare<Record<string, string | number | null>>(
    `UPDATE invoices SET direction = @direction, ${INVOICE_SQL.updateSets}, json = @json, updated_at = @now
     WHERE account_id = @accountId AND id = @id`,
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
    const params = Object.assign(INVOICE_SQL.paramsOf(record), { accountId, id: record.id, direction, json, now: deps.now() });
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
