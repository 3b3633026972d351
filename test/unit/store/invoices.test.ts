import { describe, expect, it } from 'vitest';
import type { InvoiceCursor } from '../../../main/core/store/invoice-queries';
import { invoice } from './invoice-fixtures';
import { START, storeWithAccount } from './temp-store';

describe('invoice mirror: upsert and get', () => {
  it('answers new, then unchanged for the same record, then changed for any difference', () => {
    const { store, account, clock } = storeWithAccount();
    expect(store.invoices.upsert(account.id, 'RECEIVED', invoice('1'))).toBe('new');
    clock.advance(1000);
    expect(store.invoices.upsert(account.id, 'RECEIVED', invoice('1'))).toBe('unchanged');
    expect(store.invoices.get(account.id, '1')!.updatedAt).toBe(START);
    expect(store.invoices.upsert(account.id, 'RECEIVED', invoice('1', { status: 'FAILED' }))).toBe('changed');
    // a field this app does not know is still a change
    expect(store.invoices.upsert(account.id, 'RECEIVED', invoice('1', { status: 'FAILED', future_field: { kept: false } }))).toBe(
      'changed',
    );
    const got = store.invoices.get(account.id, '1')!;
    expect(got).toMatchObject({ status: 'FAILED', firstSeenAt: START, updatedAt: START + 1000 });
    expect(got.record.future_field).toEqual({ kept: false });
  });

  it('keeps the record whole and fills the columns from it', () => {
    const { store, account } = storeWithAccount();
    store.invoices.upsert(account.id, 'RECEIVED', invoice('7'));
    const got = store.invoices.get(account.id, '7')!;
    expect(got).toMatchObject({
      accountId: account.id,
      id: '7',
      direction: 'RECEIVED',
      number: 'INV-7',
      reference: 'RF18 5390 0754 7034',
      senderName: 'Järvenpää Oy',
      senderBid: '1234567-8',
      recipientName: 'Acme AS',
      recipientBid: '987654321',
      date: '2025-01-09',
      dateDue: '2025-02-08',
      sum: 1240,
      sumTax: 240,
      currency: 'EUR',
      receivedAt: '2025-01-10T08:00:00+02:00',
      sortMs: Date.UTC(2025, 0, 10, 6, 0, 0),
      handled: false,
      detectStatus: null,
      detectFindings: null,
    });
    expect(got.record).toEqual(invoice('7'));
    expect(store.invoices.get(account.id, 'nope')).toBeUndefined();
    expect(store.invoices.get('other-account', '7')).toBeUndefined();
  });

  it('lists each invoice with the same summary as its own view, in every plan (lists read their rows raw)', () => {
    const { store, account } = storeWithAccount();
    store.invoices.upsert(account.id, 'RECEIVED', invoice('7'));
    store.invoices.upsert(account.id, 'RECEIVED', invoice('8', { number: 'INV-8', handled: true, sum: null, currency: null }));
    store.invoices.setDetect(account.id, '8', 'WARN', ['Bank account changed since the last invoice']);
    const own = ['8', '7'].map((id) => {
      const { record: _record, ...summary } = store.invoices.get(account.id, id)!;
      return summary;
    });
    expect(own[0]).toMatchObject({
      handled: true,
      sum: null,
      detectStatus: 'WARN',
      detectFindings: ['Bank account changed since the last invoice'],
    });
    // The listing's own index, a search walked in received order, and a search in another order.
    expect(store.invoices.list(account.id, { direction: 'RECEIVED' }, 10).items).toEqual(own);
    expect(store.invoices.list(account.id, { direction: 'RECEIVED', search: 'INV' }, 10).items).toEqual(own);
    const byNumber = store.invoices.list(account.id, { direction: 'RECEIVED', search: 'INV', sort: { by: 'number', dir: 'desc' } }, 1);
    expect(byNumber.items).toEqual([own[0]]);
    expect(byNumber.next).toEqual({ key: 'INV-8', id: '8' });
  });

  it('orders by the instant received, not by the text of the time', () => {
    const { store, account } = storeWithAccount();
    // 09:30 in Helsinki is 07:30Z, earlier than 08:00Z although its text sorts later
    store.invoices.upsert(account.id, 'RECEIVED', invoice('hel', { received_at: '2025-01-10T09:30:00+02:00' }));
    store.invoices.upsert(account.id, 'RECEIVED', invoice('utc', { received_at: '2025-01-10T08:00:00Z' }));
    store.invoices.upsert(account.id, 'RECEIVED', invoice('none', { received_at: null, created_at: '2025-01-01T00:00:00Z' }));
    const page = store.invoices.list(account.id, { direction: 'RECEIVED' }, 10);
    expect(page.items.map((i) => i.id)).toEqual(['utc', 'hel', 'none']);
  });

  it('handled: the service flag wins when sent, the local one stays when not', () => {
    const { store, account } = storeWithAccount();
    store.invoices.upsert(account.id, 'RECEIVED', invoice('1'));
    expect(store.invoices.setHandled(account.id, '1', true)).toBe(true);
    store.invoices.upsert(account.id, 'RECEIVED', invoice('1', { status: 'PENDING' }));
    expect(store.invoices.get(account.id, '1')!.handled).toBe(true);
    store.invoices.upsert(account.id, 'RECEIVED', invoice('1', { status: 'PENDING', handled: false }));
    expect(store.invoices.get(account.id, '1')!.handled).toBe(false);
    store.invoices.upsert(account.id, 'RECEIVED', invoice('2', { handled: true }));
    expect(store.invoices.get(account.id, '2')!.handled).toBe(true);
    expect(store.invoices.setHandled(account.id, 'missing', true)).toBe(false);
  });

  it('stores the detect result beside the record, and upserts leave it alone', () => {
    const { store, account } = storeWithAccount();
    store.invoices.upsert(account.id, 'RECEIVED', invoice('1'));
    store.invoices.setDetect(account.id, '1', 'WARN', ['Bank account changed since the last invoice']);
    store.invoices.upsert(account.id, 'RECEIVED', invoice('1', { status: 'PENDING' }));
    expect(store.invoices.get(account.id, '1')).toMatchObject({
      detectStatus: 'WARN',
      detectFindings: ['Bank account changed since the last invoice'],
    });
    store.invoices.setDetect(account.id, '1', null, null);
    expect(store.invoices.get(account.id, '1')).toMatchObject({ detectStatus: null, detectFindings: null });
  });
});

describe('invoice mirror: listing', () => {
  function seeded() {
    const t = storeWithAccount();
    const { store, account } = t;
    const day = (d: number) => `2025-01-${String(d).padStart(2, '0')}T10:00:00Z`;
    const rows = [
      invoice('a', { received_at: day(1), date: '2025-01-01', status: 'DELIVERED' }),
      invoice('b', { received_at: day(2), date: '2025-01-02', status: 'PENDING', sender: { name: 'Ærø AS', bid: 'DK1' } }),
      invoice('c', { received_at: day(3), date: '2025-01-03', status: 'FAILED' }),
      invoice('d', { received_at: day(4), date: '2025-01-04', status: 'DELIVERED', sender: { name: 'Ærø AS', bid: 'DK1' } }),
    ];
    for (const r of rows) store.invoices.upsert(account.id, 'RECEIVED', r);
    store.invoices.upsert(account.id, 'SENT', invoice('s', { received_at: day(5) }));
    store.invoices.setHandled(account.id, 'c', true);
    store.invoices.setDetect(account.id, 'b', 'WARN', ['x']);
    store.invoices.setDetect(account.id, 'd', 'OK', []);
    return t;
  }
  const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

  it('filters by direction, status, handled, detect warning, sender and dates, and counts the same way', () => {
    const { store, account } = seeded();
    const list = (f: Parameters<typeof store.invoices.list>[1]) => {
      const page = ids(store.invoices.list(account.id, f, 50));
      expect(store.invoices.count(account.id, f)).toBe(page.length);
      return page;
    };
    expect(list({ direction: 'RECEIVED' })).toEqual(['d', 'c', 'b', 'a']);
    expect(list({ direction: 'SENT' })).toEqual(['s']);
    expect(list({ direction: 'RECEIVED', statuses: ['DELIVERED', 'FAILED'] })).toEqual(['d', 'c', 'a']);
    expect(list({ direction: 'RECEIVED', statuses: [] })).toEqual([]);
    expect(list({ direction: 'RECEIVED', handled: true })).toEqual(['c']);
    expect(list({ direction: 'RECEIVED', handled: false })).toEqual(['d', 'b', 'a']);
    expect(list({ direction: 'RECEIVED', detectWarning: true })).toEqual(['b']);
    expect(list({ direction: 'RECEIVED', detectWarning: false })).toEqual(['d', 'c', 'a']);
    expect(list({ direction: 'RECEIVED', senderBid: 'DK1' })).toEqual(['d', 'b']);
    expect(list({ direction: 'RECEIVED', senderName: 'Järvenpää Oy' })).toEqual(['c', 'a']);
    expect(list({ direction: 'RECEIVED', dateFrom: '2025-01-02', dateTo: '2025-01-03' })).toEqual(['c', 'b']);
    expect(list({ direction: 'RECEIVED', receivedFrom: Date.UTC(2025, 0, 2, 10), receivedTo: Date.UTC(2025, 0, 4, 10) })).toEqual([
      'c',
      'b',
    ]);
    expect(list({ direction: 'RECEIVED', statuses: ['DELIVERED'], senderBid: 'DK1', detectWarning: false })).toEqual(['d']);
    expect(store.invoices.count('nobody', { direction: 'RECEIVED' })).toBe(0);
  });

  it('pages through equal times and a growing mirror without gaps or repeats', () => {
    const { store, account } = storeWithAccount();
    // 5 distinct instants x 9 invoices each: ties are broken by id
    const expected: string[] = [];
    for (let t = 0; t < 5; t++) {
      for (let k = 0; k < 9; k++) {
        const id = `t${t}-${k}`;
        store.invoices.upsert(account.id, 'RECEIVED', invoice(id, { received_at: new Date(START - t * 60_000).toISOString() }));
        expected.push(id);
      }
    }
    expected.sort((x, y) => (x.slice(0, 2) === y.slice(0, 2) ? y.localeCompare(x) : x.localeCompare(y)));

    const seen: string[] = [];
    let after: InvoiceCursor | undefined;
    let pages = 0;
    do {
      const page = store.invoices.list(account.id, { direction: 'RECEIVED' }, 7, after);
      seen.push(...page.items.map((i) => i.id));
      if (pages === 1) {
        // arrivals newer than the first page and edits of rows already shown must not disturb later pages
        store.invoices.upsert(account.id, 'RECEIVED', invoice('late', { received_at: new Date(START + 1).toISOString() }));
        store.invoices.upsert(account.id, 'RECEIVED', invoice(seen[0]!, { status: 'FAILED', received_at: new Date(START).toISOString() }));
      }
      after = page.next ?? undefined;
      pages++;
    } while (after);
    expect(seen).toEqual(expected);
    expect(pages).toBe(7); // 45 rows, 7 per page: the last page is short and says so
  });

  it('answers an empty page and no cursor for an empty mirror, and no cursor when rows fill the page exactly', () => {
    const { store, account } = storeWithAccount();
    expect(store.invoices.list(account.id, { direction: 'RECEIVED' }, 10)).toEqual({ items: [], next: null });
    for (const id of ['1', '2']) store.invoices.upsert(account.id, 'RECEIVED', invoice(id));
    expect(store.invoices.list(account.id, { direction: 'RECEIVED' }, 2).next).toBeNull();
    expect(store.invoices.list(account.id, { direction: 'RECEIVED' }, 1).next).toEqual({ key: Date.UTC(2025, 0, 10, 6), id: '2' });
  });
});
