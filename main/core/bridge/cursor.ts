import { z } from 'zod';
import { invalid } from './errors';

/**
 * Page cursors are opaque to the renderer: base64url of where the page ended plus the total counted
 * for the first page, so later pages cost one keyset query and no second count.
 */
const cursorSchema = z.object({ k: z.number(), i: z.string().max(200), t: z.number().int().min(0), b: z.boolean().optional() });
/** `lowerBound`: the total is "at least" (rows seen so far, or the capped count). */
export type PageCursor = { key: number; id: string; total: number; lowerBound?: boolean };

export function encodeCursor(c: PageCursor): string {
  return Buffer.from(JSON.stringify({ k: c.key, i: c.id, t: c.total, ...(c.lowerBound ? { b: true } : {}) })).toString('base64url');
}

export function decodeCursor(text: string | null | undefined): PageCursor | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    raw = null;
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) throw invalid('The page cursor is not one this app gave out', { after: 'not a cursor from a previous page' });
  return { key: parsed.data.k, id: parsed.data.i, total: parsed.data.t, lowerBound: parsed.data.b === true };
}
