import { describe, expect, it, vi } from 'vitest';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

// Which index a list's statements walk: the filters a few rows pass must never read the table itself.
describe('counting a filtered list', () => {
  it('walks the listing index, never the table with its JSON (4.5 s at 1,000,000 invoices)', () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 30; i++) store.invoices.upsert(account.id, 'RECEIVED', invoice(`i${i}`, { status: 'DELIVERED' }));
    const prepare = vi.spyOn(store.db, 'prepare');
    const filters = [
      { direction: 'RECEIVED', detectWarning: true, handled: false },
      { direction: 'RECEIVED', dateFrom: '2031-01-01' },
    ] as const;
    for (const filter of filters) expect(store.invoices.count(account.id, filter, 1001)).toBe(0);
    // One statement serves every filter (they are bound, not written in): its plan under each.
    const sql = [...new Set(prepare.mock.calls.map(([text]) => text).filter((text) => /count\(\*\)/.test(text)))];
    expect(sql).toHaveLength(1);
    for (const filter of filters) {
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql[0]}`).all({ ...paramsOf(account.id, filter) }) as { detail: string }[])
        .map((p) => p.detail)
        .join(' | ');
      expect(plan).toMatch(/INDEX invoices_listing/);
      expect(plan).not.toMatch(/SCAN i(?! USING)/);
    }
    prepare.mockRestore();
  });
});

/** Every parameter the listing's WHERE names, as the store binds them (null: filter off). */
function paramsOf(
  accountId: string,
  f: { direction: string; detectWarning?: boolean; handled?: boolean; senderName?: string; dateFrom?: string },
) {
  return {
    account: accountId,
    direction: f.direction,
    statuses: null,
    handled: f.handled === undefined ? null : Number(f.handled),
    detectWarning: f.detectWarning === undefined ? null : Number(f.detectWarning),
    senderBid: null,
    senderName: f.senderName ?? null,
    dateFrom: f.dateFrom ?? null,
    dateTo: null,
    receivedFrom: null,
    receivedTo: null,
    sumFrom: null,
    sumTo: null,
    dueFrom: null,
    dueTo: null,
    sums: null,
    max: 1001,
  };
}

describe("one sender's invoices", () => {
  it('are read through the sender index when few: the exact name only, in received order, page by page', () => {
    const { store, account } = storeWithAccount();
    const names = ['Järvenpää Oy', 'JÄRVENPÄÄ OY', 'Järvenpää Oy', 'Other Ab', 'Järvenpää Oy'];
    names.forEach((name, i) => {
      const sender = { eia: '0216:003712345678', bid: '1234567-8', name, country: 'FI' };
      store.invoices.upsert(account.id, 'RECEIVED', invoice(`i${i}`, { sender, received_at: `2025-01-1${i}T08:00:00Z` }));
    });
    const filter = { direction: 'RECEIVED', senderName: 'Järvenpää Oy' } as const;
    const prepare = vi.spyOn(store.db, 'prepare');
    const first = store.invoices.list(account.id, filter, 2);
    const second = store.invoices.list(account.id, filter, 2, first.next ?? undefined);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(['i4', 'i2', 'i0']);
    expect(second.next).toBeNull();
    expect(store.invoices.count(account.id, filter)).toBe(3);
    const statements = prepare.mock.calls.map(([text]) => text).filter((text) => /LIMIT @(limit|max)\b/.test(text));
    expect(statements.length).toBeGreaterThan(0);
    for (const sql of statements) expect(sql).toContain('INDEXED BY invoices_by_sender');
    prepare.mockRestore();
  });
});
