// How an account's Inbox is laid out: the subfolders a received file goes into under Inbox/Invoices,
// Inbox/Documents and Inbox/BankMessages. Pure, so the engine files by it and the UI can show it.

import { isBundleName, sanitizeFileName } from './filenames';

/** flat: every file in the kind's folder; year: 2026/; year-month: 2026/03/; sender: "Acme Oy"/. */
export const INBOX_LAYOUTS = ['flat', 'year', 'year-month', 'sender'] as const;
export type InboxLayout = (typeof INBOX_LAYOUTS)[number];

/** What a new account gets: a folder that stays small however long it runs. Existing accounts keep 'flat'. */
export const NEW_ACCOUNT_INBOX_LAYOUT: InboxLayout = 'year-month';

/** Longest sender folder name in UTF-8 bytes: the file name inside it may need 200, and Windows paths are short. */
export const MAX_SENDER_FOLDER_BYTES = 80;

/** The folder of items whose sender the service did not name. */
export const UNKNOWN_SENDER_FOLDER = 'Unknown sender';

/** The folder of items without a usable date (never expected: the time an item was mirrored is the last fallback). */
export const UNDATED_FOLDER = 'Undated';

/** What an item's folder is chosen from. Dates are ISO strings as the service wrote them, best first. */
export interface FiledItem {
  /** The item's own date first (an invoice's date), then the fallbacks (received, created, mirrored). */
  dates: readonly (string | null | undefined)[];
  /** The name of the party that sent it (missing: the "Unknown sender" folder). */
  sender?: string | null;
  /** Items that have no sender at all (bank messages). */
  noSender?: boolean;
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** The year and month of the first date that is a real calendar month ('2026-03...'), as written. */
export function yearMonthOf(dates: FiledItem['dates']): { year: string; month: string } | null {
  for (const d of dates) {
    const m = /^(\d{4})-(\d{2})/.exec(d ?? '');
    if (!m) continue;
    const year = Number(m[1]);
    const month = Number(m[2]);
    if (year >= 1900 && year <= 9999 && month >= 1 && month <= 12) return { year: m[1] as string, month: m[2] as string };
  }
  return null;
}

/**
 * A party's name as one folder: what sanitizeFileName makes of it (no separators, no '..', no
 * reserved Windows names, no trailing dots or spaces), cut to MAX_SENDER_FOLDER_BYTES. Never empty.
 */
export function senderFolderName(name: string | null | undefined): string {
  const safe = unbundled(sanitizeFileName(name ?? '', UNKNOWN_SENDER_FOLDER));
  if (byteLength(safe) <= MAX_SENDER_FOLDER_BYTES) return safe;
  let out = '';
  for (const ch of safe) {
    if (byteLength(out + ch) > MAX_SENDER_FOLDER_BYTES) break;
    out += ch;
  }
  // Cutting may leave a trailing dot or space (Windows drops them) or a reserved name's stem.
  return unbundled(sanitizeFileName(out, UNKNOWN_SENDER_FOLDER));
}

/**
 * A sender called `Tool.app` gets the folder `Tool_app`: macOS would open a folder named like a bundle
 * as an application or installer. Its last dot goes (a folder name is a company's name, so no suffix).
 */
function unbundled(name: string): string {
  if (!isBundleName(name)) return name;
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}_${name.slice(dot + 1)}`;
}

/**
 * The subfolders (each one safe path segment) an item goes into under its kind's Inbox folder. An item
 * without a sender (a bank message) is filed by year and month under 'sender': a folder per feed
 * would grow without end, which is what the option is for.
 */
export function inboxSubfolders(layout: InboxLayout, item: FiledItem): string[] {
  if (layout === 'flat') return [];
  if (layout === 'sender' && !item.noSender) return [senderFolderName(item.sender)];
  const ym = yearMonthOf(item.dates);
  if (!ym) return [UNDATED_FOLDER];
  return layout === 'year' ? [ym.year] : [ym.year, ym.month];
}
