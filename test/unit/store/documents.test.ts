import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentSearchWords } from '../../../shared/bridge/list-search';
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

describe('document search (in SQLite, migration 21)', () => {
  // Letters whose lower case is not ASCII's (or is longer than the letter), digits and separators.
  const PIECES = ['a', 'B', 'Å', 'å', 'Σ', 'σ', 'ς', 'İ', 'i', 'ß', 'Ø', '1', '-', ' ', '.', 'PO'];
  const text = (max: number) => fc.array(fc.constantFrom(...PIECES), { maxLength: max }).map((p) => p.join(''));

  it('finds what String.includes() finds in the lower-cased fields, page by page, and counts it (property)', () => {
    const { store, account } = storeWithAccount();
    const names = fc.sample(fc.tuple(text(6), text(6), text(4)), { numRuns: 150, seed: 3 });
    const texts = new Map<string, string>();
    names.forEach(([sender, recipient, number], i) => {
      const d = doc(`d${i}`, {
        number,
        reference: i % 5 ? null : `R${i}`,
        sender: { name: sender },
        recipient: { name: recipient },
        created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      });
      store.documents.upsert(account.id, 'RECEIVED', d);
      // What the host's search matched before it ran in SQLite: the fields lower-cased by JavaScript.
      texts.set(d.id, [d.id, d.number, d.reference, sender, recipient, d.type].join('\u0000').toLowerCase());
    });
    const pages = (words: string[]) => {
      const ids: string[] = [];
      let after: Parameters<typeof store.documents.search>[4];
      do {
        const page = store.documents.search(account.id, 'RECEIVED', words, 7, after);
        ids.push(...page.items.map((x) => x.id));
        after = page.next ?? undefined;
      } while (after);
      return ids.sort();
    };
    fc.assert(
      fc.property(text(3), text(2), (a, b) => {
        const words = documentSearchWords(`${a} ${b}`);
        const expected = [...texts].filter(([, hay]) => words.every((w) => hay.includes(w))).map(([id]) => id);
        expect(pages(words)).toEqual(expected.sort());
        expect(store.documents.countMatching(account.id, 'RECEIVED', words, 10_000)).toBe(expected.length);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('keeps the search text on update, and counts only up to the cap', () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 5; i++) store.documents.upsert(account.id, 'SENT', doc(`s${i}`, { sender: { name: 'Åkesson AB' } }));
    expect(store.documents.countMatching(account.id, 'SENT', ['åkesson'], 3)).toBe(3);
    store.documents.upsert(account.id, 'SENT', doc('s0', { sender: { name: 'Berg Oy' } }));
    expect(store.documents.search(account.id, 'SENT', ['åkesson'], 10).items.map((d) => d.id)).toEqual(['s4', 's3', 's2', 's1']);
    expect(store.documents.search(account.id, 'SENT', ['berg'], 10).items.map((d) => d.id)).toEqual(['s0']);
    // Another direction and another account's documents are not searched.
    expect(store.documents.countMatching(account.id, 'RECEIVED', ['berg'], 10)).toBe(0);
  });
});
