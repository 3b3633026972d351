import { z } from 'zod';
import { invalid } from './errors';

/**
 * Page cursors are opaque to the renderer: base64url of where the page ended (the order's value of the
 * last row and its id), the order it was in, plus the total counted for the first page, so later pages
 * cost one keyset query and no second count.
 */
const cursorSchema = z.object({
  k: z.union([z.number(), z.string().max(4000)]),
  i: z.string().max(200),
  t: z.number().int().min(0),
  b: z.boolean().optional(),
  s: z.string().max(40).optional(),
});
/** `lowerBound`: the total is "at least" (rows seen so far, or the capped count). `sort`: the order, as "by:dir". */
export type PageCursor = { key: number | string; id: string; total: number; lowerBound?: boolean; sort?: string };

export function encodeCursor(c: PageCursor): string {
  return Buffer.from(
    JSON.stringify({ k: c.key, i: c.id, t: c.total, ...(c.lowerBound ? { b: true } : {}), ...(c.sort ? { s: c.sort } : {}) }),
  ).toString('base64url');
}

const notOurs = () => invalid('The page cursor is not one this app gave out', { after: 'not a cursor from a previous page' });

/**
 * The cursor of a previous page, or null for the first. With `sort`, a cursor from a list in another
 * order is refused: its place means nothing in this one.
 */
export function decodeCursor(text: string | null | undefined, sort?: { by: string; dir: string }): PageCursor | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    raw = null;
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) throw notOurs();
  const c = parsed.data;
  if (sort && (c.s ?? '') !== sortTag(sort)) {
    throw invalid('The page cursor belongs to a list in another order', { after: 'from a list sorted differently' });
  }
  return { key: c.k, id: c.i, total: c.t, lowerBound: c.b === true, ...(c.s ? { sort: c.s } : {}) };
}

/** How a cursor names its order. */
export const sortTag = (sort: { by: string; dir: string }): string => `${sort.by}:${sort.dir}`;

/** A search's total is counted up to here; past it a list says "at least". */
export const COUNT_CAP = 1000;

/** A page's total, and whether it means "at least". */
export interface PageTotal {
  total: number;
  lowerBound: boolean;
}

/**
 * The total a page answers: a later page's comes from its cursor (an "at least" below the cap grows
 * by the rows seen); a first page that holds every row is its own count; any other first page is
 * counted by `count`.
 */
export function pageTotal(cursor: PageCursor | null, items: number, more: boolean, count: () => PageTotal): PageTotal {
  if (cursor) {
    const lowerBound = cursor.lowerBound === true;
    return { total: lowerBound && cursor.total < COUNT_CAP ? cursor.total + items : cursor.total, lowerBound };
  }
  return more ? count() : { total: items, lowerBound: false };
}

/** A count made up to COUNT_CAP + 1 as a first page's total; null (not counted): "at least" the page's `items`. */
export function cappedTotal(n: number | null, items: number): PageTotal {
  return n === null ? { total: items, lowerBound: true } : { total: Math.min(n, COUNT_CAP), lowerBound: n > COUNT_CAP };
}
