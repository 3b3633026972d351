import { describe, expect, it } from 'vitest';
import { createStore } from '../../../main/core/store';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

// Issue 42 item 3: received invoices whose seller identifier, number and total match, on a real SQLite file.
describe('possible duplicates of received invoices', () => {
  function seeded() {
    const t = storeWithAccount();
    const seller = (bid: string) => ({ eia: '0216:003712345678', bid, name: 'Järvenpää Oy', country: 'FI' });
    const add = (direction: 'RECEIVED' | 'SENT', id: string, over: Parameters<typeof invoice>[1] = {}) =>
      t.store.invoices.upsert(t.account.id, direction, invoice(id, { number: 'INV-7', sum: 1240, ...over }));
    add('RECEIVED', 'peppol', { sender: seller('FI12345678') });
    // The same invoice by another channel: its identifier written another way, its number in other case.
    add('RECEIVED', 'scanned', { sender: seller('1234567-8'), number: ' inv-7 ', received_at: '2025-01-12T08:00:00+02:00' });
    add('RECEIVED', 'other-sum', { sender: seller('1234567-8'), sum: 1240.01 });
    add('RECEIVED', 'other-number', { sender: seller('1234567-8'), number: 'INV-8' });
    add('RECEIVED', 'other-seller', { sender: seller('7654321-0') });
    add('RECEIVED', 'other-currency', { sender: seller('1234567-8'), currency: 'SEK' });
    add('RECEIVED', 'no-bid', { sender: { name: 'Järvenpää Oy' } });
    add('RECEIVED', 'no-bid-2', { sender: { name: 'Järvenpää Oy' } });
    // A sent invoice with the same fields is not a received duplicate.
    add('SENT', 'sent', { sender: seller('1234567-8') });
    const ids = ['peppol', 'scanned', 'other-sum', 'other-number', 'other-seller', 'other-currency', 'no-bid', 'no-bid-2', 'sent'];
    const dups = () => new Map([...t.store.duplicates.of(t.account.id, ids)].map(([k, v]) => [k, v.map((d) => d.id)]));
    return { ...t, dups };
  }

  it('marks both of a pair that match on seller identifier, number and total, and nothing else', () => {
    const { dups, store, account } = seeded();
    expect(dups()).toEqual(
      new Map([
        ['peppol', ['scanned']],
        ['scanned', ['peppol']],
      ]),
    );
    // Nothing is hidden or handled: both stay in the list as they were.
    const listed = store.invoices.list(account.id, { direction: 'RECEIVED' }, 50).items.map((i) => [i.id, i.handled]);
    expect(listed).toContainEqual(['peppol', false]);
    expect(listed).toContainEqual(['scanned', false]);
    const first = store.duplicates.of(account.id, ['scanned']).get('scanned')?.[0];
    expect(first).toMatchObject({ id: 'peppol', number: 'INV-7', senderName: 'Järvenpää Oy' });
  });

  it('keeps the user’s "not a duplicate" across a restart, and takes it back', () => {
    const { dups, store, account, file } = seeded();
    store.duplicates.setNotDuplicate(account.id, 'scanned', true);
    expect(dups()).toEqual(new Map());
    store.close();
    const again = createStore(file);
    try {
      expect(again.duplicates.isNotDuplicate(account.id, 'scanned')).toBe(true);
      expect(again.duplicates.of(account.id, ['peppol', 'scanned']).size).toBe(0);
      again.duplicates.setNotDuplicate(account.id, 'scanned', false);
      expect([...again.duplicates.of(account.id, ['peppol', 'scanned']).keys()].sort()).toEqual(['peppol', 'scanned']);
    } finally {
      again.close();
    }
  });

  it('finds a third copy beside the two, and reads the key along its index', () => {
    const { store, account } = seeded();
    store.invoices.upsert(account.id, 'RECEIVED', invoice('again', { number: 'INV-7', sum: 1240, sender: { bid: 'FI 1234567-8' } }));
    expect(
      store.duplicates
        .of(account.id, ['again'])
        .get('again')
        ?.map((d) => d.id),
    ).toEqual(['peppol', 'scanned']);
    const plan = store.db
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM invoices WHERE account_id = ? AND duplicate_key = ?')
      .all(account.id, 'x') as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('invoices_by_duplicate_key');
  });
});
