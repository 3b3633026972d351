import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../../main/core/store/fts-query';
import { invoiceQueryNarrows } from '../../../shared/bridge/list-search';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

describe('toFtsQuery', () => {
  it('quotes every word as a prefix string and drops words with nothing to search', () => {
    expect(toFtsQuery('järv')).toBe('"järv"*');
    expect(toFtsQuery('  INV-20   acme ')).toBe('"INV-20"* "acme"*');
    expect(toFtsQuery('say "hi"')).toBe('"say"* """hi"""*');
    expect(toFtsQuery('a - * ( ) "" b')).toBe('"a"* "b"*');
    expect(toFtsQuery('')).toBeNull();
    expect(toFtsQuery(' -*"() ')).toBeNull();
    // found by the property below: SQLite ends the query text at a NUL
    expect(toFtsQuery('ぁ\u0000x\ty')).toBe('"ぁ"* "x"* "y"*');
  });
});

describe('invoice search', () => {
  function seeded() {
    const t = storeWithAccount();
    const add = (id: string, number: string, sender: string, recipient = 'Acme AS', reference: string | null = null) =>
      t.store.invoices.upsert(
        t.account.id,
        'RECEIVED',
        invoice(id, { number, reference, sender: { name: sender }, recipient: { name: recipient } }),
      );
    add('1', 'INV-2024-0042', 'Järvenpää Oy');
    add('2', 'INV-2024-0043', 'Ærø AS');
    add('3', '2025-17', 'Bergen Fisk AS', 'Nordic Parts "NEAR" Ltd', 'RF18 5390 0754 7034');
    add('4', 'A-100', 'Smith & Sons (UK) Ltd*', 'Trondheim Kommune');
    t.store.invoices.upsert(t.account.id, 'SENT', invoice('s', { number: 'INV-2024-0099', sender: { name: 'Acme AS' } }));
    return t;
  }

  it('finds by prefix of the invoice number, of any word, and by reference', () => {
    const { store, account } = seeded();
    const search = (text: string) =>
      store.invoices
        .list(account.id, { direction: 'RECEIVED', search: text }, 50)
        .items.map((i) => i.id)
        .sort();
    expect(search('INV-2024')).toEqual(['1', '2']);
    expect(search('inv-2024-004')).toEqual(['1', '2']);
    expect(search('INV-2024-0043')).toEqual(['2']);
    expect(search('0042')).toEqual(['1']);
    expect(search('2025')).toEqual(['3']);
    expect(search('rf18 5390')).toEqual(['3']);
    expect(search('trond')).toEqual(['4']);
    expect(search('INV-2024-0099')).toEqual([]); // that one is SENT
  });

  it('finds non-ASCII names by prefix, in any case, and without their accents', () => {
    const { store, account } = seeded();
    const search = (text: string) =>
      store.invoices
        .list(account.id, { direction: 'RECEIVED', search: text }, 50)
        .items.map((i) => i.id)
        .sort();
    expect(search('Järvenpää Oy')).toEqual(['1']);
    expect(search('järv')).toEqual(['1']);
    expect(search('JÄRVENPÄÄ')).toEqual(['1']);
    expect(search('jarvenpaa')).toEqual(['1']);
    expect(search('Ærø')).toEqual(['2']);
    expect(search('ærø as')).toEqual(['2']);
    expect(search('ÆR')).toEqual(['2']);
    expect(search('oy ærø')).toEqual([]); // words are ANDed
  });

  it('treats quotes, stars, minus, NEAR, AND/OR/NOT and parentheses as plain text', () => {
    const { store, account } = seeded();
    const search = (text: string) =>
      store.invoices
        .list(account.id, { direction: 'RECEIVED', search: text }, 50)
        .items.map((i) => i.id)
        .sort();
    expect(search('"NEAR"')).toEqual(['3']);
    expect(search('NEAR')).toEqual(['3']);
    expect(search('near(bergen nordic)')).toEqual([]);
    expect(search('Smith & Sons (UK)')).toEqual(['4']);
    expect(search('Ltd*')).toEqual(['3', '4']);
    expect(search('-bergen')).toEqual(['3']);
    expect(search('bergen OR ærø')).toEqual([]);
    expect(search('NOT bergen')).toEqual([]);
    expect(search('sender_name:bergen')).toEqual([]);
    expect(search('"unbalanced')).toEqual([]);
    expect(search('bergen"')).toEqual(['3']);
    expect(search('(')).toEqual(['1', '2', '3', '4']); // nothing searchable: no filter, like an empty box
  });

  it('combines search with filters, paging and count', () => {
    const { store, account } = seeded();
    store.invoices.setHandled(account.id, '2', true);
    const f = { direction: 'RECEIVED' as const, search: 'inv', handled: false };
    expect(store.invoices.count(account.id, f)).toBe(1);
    expect(store.invoices.list(account.id, f, 10).items.map((i) => i.id)).toEqual(['1']);
    const first = store.invoices.list(account.id, { direction: 'RECEIVED', search: 'as' }, 1);
    expect(first.next).not.toBeNull();
    const second = store.invoices.list(account.id, { direction: 'RECEIVED', search: 'as' }, 1, first.next!);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(2);
  });

  it('follows renames and removals of mirrored invoices', () => {
    const { store, account } = seeded();
    store.invoices.upsert(account.id, 'RECEIVED', invoice('1', { number: 'INV-2024-0042', sender: { name: 'Kuopio Trading Oy' } }));
    expect(store.invoices.count(account.id, { direction: 'RECEIVED', search: 'järvenpää' })).toBe(0);
    expect(store.invoices.count(account.id, { direction: 'RECEIVED', search: 'kuopio' })).toBe(1);
    store.accounts.remove(account.id);
    expect(store.db.prepare("SELECT count(*) FROM invoices_fts WHERE invoices_fts MATCH 'kuopio'").pluck().get()).toBe(0);
  });

  it('any text at all is a valid query (property)', () => {
    const { store, account } = seeded();
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('"', '*', '-', 'NEAR(', ')', 'a:b', '^x', '""*', 'AND OR')),
        (text) => {
          const page = store.invoices.list(account.id, { direction: 'RECEIVED', search: text }, 5);
          expect(page.items.length).toBeLessThanOrEqual(5);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a search typed on (the renderer answers "no matches" itself after one that found nothing)', () => {
  // Letters the tokenizer folds (case, accents, a combining mark), ones NFC composes (a Hangul syllable
  // and a final jamo), a Greek sigma, digits, separators and quotes.
  const PIECES = ['a', 'b', 'K', 'k', 'é', 'E', 'ö', 'o', 'Å', '\u0308', '가', '\u11a8', '각', 'Σ', 'σ', '1', '0', '-', ' ', '"', '*', '.'];
  const text = (max: number, pieces = PIECES) => fc.array(fc.constantFrom(...pieces), { maxLength: max }).map((p) => p.join(''));
  /** What is typed: fewer pieces, so the ones that compose meet often enough to be tried. */
  const TYPED = ['가', '\u11a8', 'o', '\u0308', 'Σ', 'K', 'k', '-', ' ', '1', '0', 'é'];

  it('never drops a row: what the longer text matches, the shorter matched too (property)', () => {
    const t = storeWithAccount();
    const names = ['각 Oy', '가나', 'Mö', 'Mo\u0308ller', 'ΟΔΟΣΑ', 'K-10', ...fc.sample(text(8), { numRuns: 120, seed: 17 })];
    for (const [i, name] of names.entries())
      t.store.invoices.upsert(t.account.id, 'RECEIVED', invoice(`n${i}`, { number: `${name}-${i}`, sender: { name } }));
    const ids = (q: string) =>
      new Set(t.store.invoices.list(t.account.id, { direction: 'RECEIVED', search: q }, 500).items.map((r) => r.id));
    let narrowed = 0;
    fc.assert(
      fc.property(text(3, TYPED), text(3, TYPED), (before, typed) => {
        const after = before + typed;
        if (!invoiceQueryNarrows(before, after)) return;
        narrowed++;
        const wider = ids(before);
        for (const id of ids(after)) expect(wider.has(id), `"${after}" matched ${id}, "${before}" did not`).toBe(true);
      }),
      { numRuns: 3000, seed: 4 },
    );
    expect(narrowed).toBeGreaterThan(1500);
  });

  it('asks again when composing changes a letter already typed', () => {
    const t = storeWithAccount();
    t.store.invoices.upsert(t.account.id, 'RECEIVED', invoice('k', { number: 'X-1', sender: { name: '각 Oy' } }));
    const found = (q: string) => t.store.invoices.list(t.account.id, { direction: 'RECEIVED', search: q }, 5).items.length;
    // "가" then a final jamo is "각" in NFC: the store finds it, "가" did not.
    expect(found('가')).toBe(0);
    expect(found('가\u11a8')).toBe(1);
    expect(invoiceQueryNarrows('가', '가\u11a8')).toBe(false);
    expect(invoiceQueryNarrows('nordic ', 'nordic f')).toBe(true);
    expect(invoiceQueryNarrows('INV', 'INV-0')).toBe(true);
    expect(invoiceQueryNarrows('kahvi 12', 'kahvi 1')).toBe(false);
  });
});

describe('invoice search at 100,000 rows (sanity, no timing)', () => {
  it('answers narrow and broad searches with the same order and paging as the plain listing', { timeout: 120_000 }, () => {
    const { store, account } = storeWithAccount();
    const senders = ['Järvenpää Oy', 'Ærø AS', 'Bergen Fisk AS', 'Göteborg Bygg AB', 'Nordic Parts Ltd', 'Tampere Tekniikka Oy'];
    const N = 100_000;
    // received times are shuffled against insertion order, so row ids say nothing about the listing order
    const minute = (i: number) => (i * 7919) % N;
    store.transaction(() => {
      for (let i = 0; i < N; i++) {
        store.invoices.upsert(
          account.id,
          'RECEIVED',
          invoice(`id-${i}`, {
            number: `INV-${String(i).padStart(6, '0')}`,
            reference: `RF${i % 97} ${i}`,
            sender: { name: `${senders[i % senders.length]} ${i % 1000}` },
            recipient: { name: 'Acme AS' },
            received_at: new Date(Date.UTC(2024, 0, 1) + minute(i) * 60_000).toISOString(),
            status: i % 7 === 0 ? 'FAILED' : 'DELIVERED',
          }),
        );
      }
    });
    const newestFirst = (pick: (i: number) => boolean) =>
      Array.from({ length: N }, (_, i) => i)
        .filter(pick)
        .sort((a, b) => minute(b) - minute(a))
        .map((i) => `id-${i}`);
    const all = (filter: Parameters<typeof store.invoices.list>[1]) => {
      const ids: string[] = [];
      let after: Parameters<typeof store.invoices.list>[3];
      do {
        const page = store.invoices.list(account.id, filter, 997, after);
        ids.push(...page.items.map((i) => i.id));
        after = page.next ?? undefined;
      } while (after);
      return ids;
    };

    expect(store.invoices.count(account.id, { direction: 'RECEIVED' })).toBe(N);
    expect(store.invoices.list(account.id, { direction: 'RECEIVED', search: 'INV-099999' }, 5).items.map((i) => i.id)).toEqual([
      'id-99999',
    ]);
    // narrow: 100 matches, read from the search index and sorted
    expect(all({ direction: 'RECEIVED', search: 'inv-0999' })).toEqual(newestFirst((i) => Math.floor(i / 100) === 999));
    // broad: a sixth of all rows, walked in listing order; with a filter on top
    expect(all({ direction: 'RECEIVED', search: 'järv' })).toEqual(newestFirst((i) => i % 6 === 0));
    expect(all({ direction: 'RECEIVED', search: 'ærø', statuses: ['FAILED'] })).toEqual(newestFirst((i) => i % 6 === 1 && i % 7 === 0));
    // everything matches: the first page is the newest rows
    expect(store.invoices.list(account.id, { direction: 'RECEIVED', search: 'a' }, 3).items.map((i) => i.id)).toEqual(
      newestFirst(() => true).slice(0, 3),
    );
    expect(store.invoices.count(account.id, { direction: 'RECEIVED', search: 'acme' })).toBe(N);
    expect(store.invoices.count(account.id, { direction: 'RECEIVED', search: 'acme' }, 1000)).toBe(1000);
    // words are ANDed across columns: the name's number or the reference's number may start with 99
    const tampere99 = (i: number) => i % 6 === 5 && (String(i % 1000).startsWith('99') || String(i).startsWith('99'));
    expect(store.invoices.count(account.id, { direction: 'RECEIVED', search: 'tampere 99' })).toBe(newestFirst(tampere99).length);
    expect(() => store.db.prepare("INSERT INTO invoices_fts (invoices_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
  });
});
