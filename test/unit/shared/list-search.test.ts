import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentFilterNarrows, invoiceFilterNarrows, unsearchedDocumentKey, unsearchedInvoiceKey } from '../../../renderer/stores/lists';
import { documentQueryNarrows, documentSearchWords } from '../../../shared/bridge/list-search';

/** The host's documents search (bridge/handlers/documents.ts): every word inside the document's text. */
const matches = (hay: string, query: string) => documentSearchWords(query).every((w) => hay.toLowerCase().includes(w));

describe('a documents search typed on', () => {
  it('narrows when each earlier word is inside a later one', () => {
    expect(documentQueryNarrows('inv', 'inv-2')).toBe(true);
    expect(documentQueryNarrows('ab cd', 'abcd')).toBe(true);
    expect(documentQueryNarrows(undefined, 'x')).toBe(true);
    expect(documentQueryNarrows('inv-2', 'inv')).toBe(false);
    // Lower case of a final sigma is not that of the same letter inside a word: "οδος" is not in "οδοσα".
    expect(documentQueryNarrows('ΟΔΟΣ', 'ΟΔΟΣΑ')).toBe(false);
  });

  it('never drops a document the earlier search found (property)', () => {
    const piece = fc.constantFrom('a', 'B', 'Σ', 'σ', 'ς', 'İ', 'i', '1', '-', ' ', 'ß');
    const text = (max: number) => fc.array(piece, { maxLength: max }).map((p) => p.join(''));
    fc.assert(
      // The document's text holds what was typed, so the longer search finds it; did the shorter?
      fc.property(text(4), text(4), text(4), text(4), (head, tail, before, typed) => {
        const after = before + typed;
        const hay = `${head}${after}${tail}`;
        if (documentQueryNarrows(before, after) && matches(hay, after)) expect(matches(hay, before)).toBe(true);
      }),
      { numRuns: 5000, seed: 9 },
    );
  });

  it('is the same filter otherwise', () => {
    expect(documentFilterNarrows({ direction: 'RECEIVED', query: 'a' }, { direction: 'RECEIVED', query: 'ab' })).toBe(true);
    expect(documentFilterNarrows({ direction: 'RECEIVED', query: 'a' }, { direction: 'SENT', query: 'ab' })).toBe(false);
    expect(
      documentFilterNarrows(
        { direction: 'RECEIVED', query: 'a', sort: { by: 'received', dir: 'desc' } },
        { direction: 'RECEIVED', query: 'ab', sort: { by: 'received', dir: 'asc' } },
      ),
    ).toBe(false);
  });
});

describe('an invoice filter with its search typed on', () => {
  it('narrows only when everything but the text is the same', () => {
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: 'nordic ' }, { direction: 'RECEIVED', query: 'nordic f' })).toBe(true);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED' }, { direction: 'RECEIVED', query: 'x' })).toBe(true);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: 'a', status: 'PAID' }, { direction: 'RECEIVED', query: 'ab' })).toBe(false);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: 'a' }, { direction: 'SENT', query: 'ab' })).toBe(false);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: 'ab' }, { direction: 'RECEIVED', query: 'a' })).toBe(false);
  });

  it('never narrows to text that reads as an amount: it finds invoices of that sum besides the words', () => {
    // "1656" finding no number or name says nothing of the invoices of 1656,25 (issue 37).
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: '1656' }, { direction: 'RECEIVED', query: '1656,2' })).toBe(false);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: '1 656' }, { direction: 'RECEIVED', query: '1 656,25' })).toBe(false);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: 'INV' }, { direction: 'RECEIVED', query: 'INV-1656' })).toBe(true);
    expect(invoiceFilterNarrows({ direction: 'RECEIVED', query: '1656' }, { direction: 'RECEIVED', query: '1656 acme' })).toBe(true);
  });
});

describe('the unsearched list a cleared search comes back to', () => {
  it('names invoice filters with no text typed, by everything else in them', () => {
    const base = unsearchedInvoiceKey({ direction: 'RECEIVED', status: 'PAID' });
    expect(base).not.toBeNull();
    expect(unsearchedInvoiceKey({ direction: 'RECEIVED', status: 'PAID', query: '  ', sender: '' })).toBe(base);
    expect(unsearchedInvoiceKey({ direction: 'RECEIVED', status: 'SENT' })).not.toBe(base);
    expect(unsearchedInvoiceKey({ direction: 'RECEIVED', status: 'PAID', query: 'k' })).toBeNull();
    expect(unsearchedInvoiceKey({ direction: 'RECEIVED', status: 'PAID', sender: 'Posten' })).toBeNull();
  });

  it('names documents filters with no search, by direction and order', () => {
    const base = unsearchedDocumentKey({ direction: 'RECEIVED' });
    expect(unsearchedDocumentKey({ direction: 'RECEIVED', query: ' ' })).toBe(base);
    expect(unsearchedDocumentKey({ direction: 'SENT' })).not.toBe(base);
    expect(unsearchedDocumentKey({ direction: 'RECEIVED', sort: { by: 'received', dir: 'asc' } })).not.toBe(base);
    expect(unsearchedDocumentKey({ direction: 'RECEIVED', query: 'x' })).toBeNull();
  });
});
