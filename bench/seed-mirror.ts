import type { Store } from '../main/core/store';

// A mirror of n received invoices built directly in the store, as if mirrored over the years: the
// renderer speed bench (test/e2e/speed.bench.ts) and the search bench share it, so their queries
// find the same rows. Senders, numbers and references vary the way the speed bench's queries expect.

const FIRST = ['Kuljetus', 'Painotalo', 'Nordic', 'Fjord', 'Byggvaru', 'Kahvi', 'Siivous', 'Elektro', 'Posten', 'Telia', 'Møbel', 'Helse'];
const LAST = ['Oy', 'Ab', 'AS', 'ApS', 'Ltd', 'Group', 'Service', 'Partners'];
const CURRENCIES = ['EUR', 'SEK', 'NOK', 'DKK'];
/** Rows per transaction: one transaction per batch keeps the WAL and the memory of a million rows small. */
const BATCH = 100_000;

/** The speed bench's queries: each typed a key at a time. */
export const SEARCH_QUERIES = [
  'Kuljetus',
  'nordic fjord',
  'INV-0999',
  'Helse-4',
  'Telia Ab',
  'kahvi 12',
  'Møbel',
  'RF1234',
  'Posten-99',
  'xyzzy',
];

/**
 * The rows go in by one prepared INSERT each (the record, its columns and its Detect result at once),
 * with the search index's triggers and the invoices' indexes set aside meanwhile: each index is then
 * built once by sorting and the search index rebuilt in one pass, instead of being kept in step a row
 * at a time (which took a million rows about 6 minutes). The tallies' triggers stay live, as in the app.
 * What is set aside is put back exactly as the schema had it, also when a batch fails.
 */
export function seedInvoices(store: Store, accountId: string, n: number, onBatch?: (done: number) => void): void {
  const db = store.db;
  const setAside = db
    .prepare<[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'invoices' AND sql IS NOT NULL
         AND (type = 'index' OR (type = 'trigger' AND name LIKE 'invoices_fts_%'))`,
    )
    .all();
  for (const o of setAside) db.exec(`DROP ${o.type.toUpperCase()} ${o.name}`);
  try {
    insertRows(store, accountId, n, onBatch);
  } finally {
    for (const o of setAside.filter((x) => x.type === 'index')) db.exec(o.sql);
    db.exec("INSERT INTO invoices_fts (invoices_fts) VALUES ('rebuild')");
    for (const o of setAside.filter((x) => x.type === 'trigger')) db.exec(o.sql);
  }
}

function insertRows(store: Store, accountId: string, n: number, onBatch?: (done: number) => void): void {
  const insert = store.db.prepare(`
    INSERT INTO invoices (account_id, id, direction, status, number, reference, sender_name, sender_bid, recipient_name,
      recipient_bid, date, date_due, sum, sum_tax, currency, received_at, created_at, sort_ms, handled, detect_status,
      detect_findings_json, json, first_seen_at, updated_at)
    VALUES (?, ?, 'RECEIVED', ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)`);
  const t0 = Date.UTC(2018, 0, 1);
  // A million rows over the same eight years as 100,000: the dates stay realistic at any size.
  const step = Math.max(1, Math.floor((8 * 365 * 86_400_000) / n));
  const now = Date.now();
  for (let from = 0; from < n; from += BATCH) {
    store.transaction(() => {
      for (let i = from; i < Math.min(n, from + BATCH); i++) {
        const sender = `${FIRST[i % FIRST.length]} ${FIRST[(i * 7) % FIRST.length]}-${i % 997} ${LAST[i % LAST.length]}`;
        const ms = t0 + i * step;
        const received = new Date(ms).toISOString();
        const record = {
          id: `bench-${i}`,
          number: `INV-${String(i).padStart(6, '0')}`,
          reference: `RF${(i * 31) % 100_000}`,
          status: 'DELIVERED',
          sender: { name: sender, bid: `${1_000_000 + (i % 997)}-${i % 10}` },
          recipient: { name: 'Demo Oy' },
          date: received.slice(0, 10),
          date_due: new Date(ms + 14 * 86_400_000).toISOString().slice(0, 10),
          sum: Math.round(((i * 7919) % 500_000) + 100) / 100,
          sum_tax: 0,
          currency: CURRENCIES[i % CURRENCIES.length]!,
          received_at: received,
          handled: i % 3 === 0,
        };
        const warn = i % 9 === 0;
        insert.run(
          accountId,
          record.id,
          record.status,
          record.number,
          record.reference,
          sender,
          record.sender.bid,
          record.recipient.name,
          record.date,
          record.date_due,
          record.sum,
          record.sum_tax,
          record.currency,
          received,
          ms,
          record.handled ? 1 : 0,
          warn ? 'WARN' : 'OK',
          JSON.stringify(warn ? ['Bank account changed'] : []),
          JSON.stringify(record),
          now,
          now,
        );
      }
    });
    onBatch?.(Math.min(n, from + BATCH));
  }
}
