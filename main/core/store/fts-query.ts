/** Longer input is pasted text, not a search; the cap keeps the query small. */
const MAX_WORDS = 16;
const HAS_TOKEN = /[\p{L}\p{N}]/u;
/** Control characters separate tokens anyway, and SQLite reads a NUL as the end of the query text. */
const CONTROL = /\p{Cc}/gu;

/**
 * Turns whatever a user typed into an FTS5 query that is always valid and never means more than the
 * words typed. Each whitespace-separated word becomes a quoted string (inner quotes doubled), so
 * `*`, `-`, `:`, parentheses, NEAR, AND, OR and NOT are plain text; the trailing `*` makes it a
 * prefix query for as-you-type search. Words are ANDed; within a word the tokenizer's pieces must be
 * adjacent, so "INV-20" finds "INV-2024-0042". Words with no letter or digit would be empty phrases,
 * which match nothing, so they are dropped; control characters (a NUL would end the query text inside
 * SQLite) become spaces. Answers null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  const words = text
    .normalize('NFC')
    .replace(CONTROL, ' ')
    .split(/\s+/u)
    .filter((w) => HAS_TOKEN.test(w))
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ');
}
