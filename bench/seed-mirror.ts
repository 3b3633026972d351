import type { Store } from '../main/core/store';

// A mirror of n received invoices built directly in the store, as if mirrored over the years: the
// renderer speed bench (test/e2e/speed.bench.ts) and the search bench share it, so their queries
// find the same rows. Senders, numbers and references vary the way the speed bench's queries expect.

const FIRST = ['Kuljetus', 'Painotalo', 'Nordic', 'Fjord', 'Byggvaru', 'Kahvi', 'Siivous', 'Elektro', 'Posten', 'Telia', 'Møbel', 'Helse'];
const LAST = ['Oy', 'Ab', 'AS', 'ApS', 'Ltd', 'Group', 'Service', 'Partners'];
const CURRENCIES = ['EUR', 'SEK', 'NOK', 'DKK'];
/** Rows per transaction: one transaction per batch keeps the WAL and the memory of a million rows small. */
const BATCH = 50_000;

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

export function seedInvoices(store: Store, accountId: string, n: number, onBatch?: (done: number) => void): void {
  const t0 = Date.UTC(2018, 0, 1);
  // A million rows over the same eight years as 100,000: the dates stay realistic at any size.
  const step = Math.max(1, Math.floor((8 * 365 * 86_400_000) / n));
  for (let from = 0; from < n; from += BATCH) {
    store.transaction(() => {
      for (let i = from; i < Math.min(n, from + BATCH); i++) {
        const sender = `${FIRST[i % FIRST.length]} ${FIRST[(i * 7) % FIRST.length]}-${i % 997} ${LAST[i % LAST.length]}`;
        const id = `bench-${i}`;
        const received = new Date(t0 + i * step).toISOString();
        store.invoices.upsert(accountId, 'RECEIVED', {
          id,
          number: `INV-${String(i).padStart(6, '0')}`,
          reference: `RF${(i * 31) % 100_000}`,
          status: 'DELIVERED',
          sender: { name: sender, bid: `${1_000_000 + (i % 997)}-${i % 10}` },
          recipient: { name: 'Demo Oy' },
          date: received.slice(0, 10),
          date_due: new Date(Date.parse(received) + 14 * 86_400_000).toISOString().slice(0, 10),
          sum: Math.round(((i * 7919) % 500_000) + 100) / 100,
          sum_tax: 0,
          currency: CURRENCIES[i % CURRENCIES.length],
          received_at: received,
          handled: i % 3 === 0,
        });
        store.invoices.setDetect(accountId, id, i % 9 === 0 ? 'WARN' : 'OK', i % 9 === 0 ? ['Bank account changed'] : []);
      }
    });
    onBatch?.(Math.min(n, from + BATCH));
  }
}
