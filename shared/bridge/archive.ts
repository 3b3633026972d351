/** The sealed archive as the UI sees it (main/core/sync/archive/): a check of an account's kept files, and an export. */

/** What a check found; each list holds at most `ARCHIVE_LIST_MAX` paths (relative to the account's folder), the counts say all. */
export interface ArchiveVerifyView {
  ok: boolean;
  files: number;
  entries: number;
  lastHash: string;
  changed: string[];
  missing: string[];
  added: string[];
  counts: { changed: number; missing: number; added: number; chain: number };
  /** Entries of the chain itself that are damaged: which entry, and how. */
  chain: { line: number; what: 'unreadable' | 'altered' | 'out-of-order' | 'cut-short' }[];
}

export interface ArchiveExportView {
  /** Where the zip was written (Exports/ in the account's folder). */
  path: string;
  files: number;
  bytes: number;
  lastHash: string;
  missing: string[];
  changed: string[];
}

export const ARCHIVE_LIST_MAX = 100;
