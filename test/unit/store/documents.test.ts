import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/schemas/document';
import { START, storeWithAccount } from './temp-store';

const doc = (id: string, over: Partial<Document> = {}): Document => ({
  id,
  type: 'ORDER',
  status: 'PROCESSING',
  number: `PO-${id}`,
  reference: 'ref',
  sender: { name: 'Ærø AS' },
  recipient: { name: 'Acme AS' },
  transmission_id: `tx-${id}`,
  created_at: '2025-01-10T10:00:00Z',
  received_at: null,
  vendor_extension: [1, 2],
  ...over,
});

describe('document mirror', () => {
  it('answers new, unchanged and changed, and keeps the whole record', () => {
    const { store, account, clock } = storeWithAccount();
    expect(store.documents.upsert(account.id, 'SENT', doc('1'))).toBe('new');
    clock.advance(5);
    expect(store.documents.upsert(account.id, 'SENT', doc('1'))).toBe('unchanged');
    expect(store.documents.upsert(account.id, 'SENT', doc('1', { status: 'DELIVERED' }))).toBe('changed');
    const got = store.documents.get(account.id, '1')!;
    expect(got).toMatchObject({
      direction: 'SENT',
      type: 'ORDER',
      status: 'DELIVERED',
      number: 'PO-1',
      senderName: 'Ærø AS',
      recipientName: 'Acme AS',
      transmissionId: 'tx-1',
      sortMs: Date.UTC(2025, 0, 10, 10),
      firstSeenAt: START,
      updatedAt: START + 5,
    });
    expect(got.record.vendor_extension).toEqual([1, 2]);
    expect(store.documents.get(account.id, '2')).toBeUndefined();
  });

  it('pages newest first per direction', () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 5; i++)
      store.documents.upsert(account.id, 'RECEIVED', doc(`r${i}`, { received_at: `2025-01-0${i + 1}T00:00:00Z` }));
    store.documents.upsert(account.id, 'SENT', doc('s'));
    const first = store.documents.list(account.id, 'RECEIVED', 2);
    const second = store.documents.list(account.id, 'RECEIVED', 2, first.next!);
    const third = store.documents.list(account.id, 'RECEIVED', 2, second.next!);
    expect([first, second, third].flatMap((p) => p.items.map((d) => d.id))).toEqual(['r4', 'r3', 'r2', 'r1', 'r0']);
    expect(third.next).toBeNull();
    expect(store.documents.list(account.id, 'SENT', 10).items.map((d) => d.id)).toEqual(['s']);
  });

  it('records each event once, in time order, and removes them with the document', () => {
    const { store, account } = storeWithAccount();
    store.documents.upsert(account.id, 'SENT', doc('1'));
    const delivered = { code: 'DELIVERED', message: 'Handed to the route', created_at: '2025-01-10T10:05:00Z' };
    expect(store.documents.addEvent(account.id, '1', { code: 'RECEIVED', created_at: '2025-01-10T10:00:00Z' })).toBe(true);
    expect(store.documents.addEvent(account.id, '1', delivered)).toBe(true);
    expect(store.documents.addEvent(account.id, '1', delivered)).toBe(false);
    expect(store.documents.addEvent(account.id, '1', { code: 'RECEIVED', created_at: '2025-01-10T10:00:00Z', message: null })).toBe(false);
    expect(store.documents.listEvents(account.id, '1')).toEqual([{ code: 'RECEIVED', created_at: '2025-01-10T10:00:00Z' }, delivered]);
    expect(() => store.documents.addEvent(account.id, 'unknown', delivered)).toThrow(/FOREIGN KEY/);
  });
});
