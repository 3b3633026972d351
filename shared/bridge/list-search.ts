// How a list's search text narrows as a person types on: the renderer answers "no matches" itself for
// text that can only match less than a search that found nothing (renderer/stores/paged-list.ts).
import { amountReadings } from '../amount';

/** The words of a documents search, as the host matches them: each must be in the document's search text. */
export function documentSearchWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * What a documents search looks in, kept on each mirrored row (documents.search_text): as the
 * service's documents `query` does, the id, number and reference, plus the parties' names and the
 * type; lower-cased here, so SQLite's instr() finds a word as String.includes() would, beyond ASCII.
 * NUL apart, so no word spans two fields.
 */
export function documentSearchText(fields: readonly (string | null | undefined)[]): string {
  return fields.join('\u0000').toLowerCase();
}

/**
 * Whether a documents search for `next` can only match documents that `prev` matches: every word of
 * `prev` is inside a word of `next`, so a text holding `next`'s words holds `prev`'s.
 */
export function documentQueryNarrows(prev: string | undefined, next: string | undefined): boolean {
  const later = documentSearchWords(next);
  return documentSearchWords(prev).every((w) => later.some((l) => l.includes(w)));
}

/**
 * Whether an invoice search for `next` can only match invoices that `prev` matches: `next` is `prev`
 * typed on. The search index (FTS5's unicode61, main/core/store/fts-query.ts) folds case and
 * diacritics a character at a time and makes each word a prefix query, so characters added at the end
 * only lengthen the last word's prefix or add words, each one more condition. Compared in NFC, as the
 * store queries: a combining mark typed after a letter changes that letter ("가" then a final jamo is
 * "각", which "가"* does not match). Text that reads as an amount also finds invoices of that sum
 * (main/core/store/invoice-queries.ts), which "1656" finding nothing says nothing of: "1656,25" may.
 */
export function invoiceQueryNarrows(prev: string | undefined, next: string | undefined): boolean {
  if (amountReadings(next ?? '').length > 0) return false;
  return (next ?? '')
    .trim()
    .normalize('NFC')
    .startsWith((prev ?? '').trim().normalize('NFC'));
}
