/**
 * The sync doctor's findings about an account's folder (main/core/sync/doctor/), and the state of each
 * file the hot folders saw but have not queued. Plain JSON for the bridge, the CLI and the renderer; each
 * finding has a stable `code` the screens word in every language, and `message`, the engine's English
 * sentence for the CLI, the activity log and a "Details" fold.
 */

/** Windows' MAX_PATH: a path of this many characters or more cannot be opened by most Windows programs. */
export const WINDOWS_MAX_PATH = 260;

export type DoctorFinding =
  /** The root lies in a folder a cloud client syncs (OneDrive, Dropbox, Google Drive, iCloud, a macOS File Provider). */
  | { code: 'cloud-folder'; provider: string; path: string }
  /** Files here are online-only placeholders: reading one makes the cloud client fetch it, and dropping one fires no event. */
  | { code: 'online-only'; count: number; examples: string[] }
  /** The root is on a network share: events may not arrive, so the periodic full scan finds what is dropped. */
  | { code: 'network-share'; how: 'unc' | 'mapped' | 'mount'; share: string | null; fsType: string | null; scanSeconds: number }
  /** Files whose path (or the path the app moves or writes them to) is WINDOWS_MAX_PATH characters or more. */
  | { code: 'long-paths'; count: number; examples: { path: string; length: number }[] }
  /** Received files with names longer than `room` characters would get paths past WINDOWS_MAX_PATH here. */
  | { code: 'long-names-room'; room: number; longest: number }
  /** Names in one folder that differ only in case: one of them is lost on Windows and macOS. */
  | { code: 'case-collision'; folder: string; names: string[] }
  /** Files another program keeps open: each is tried again by itself while the others are sent. */
  | { code: 'locked'; count: number; examples: string[] };

export type DoctorCode = DoctorFinding['code'];
export type DoctorFindingView = DoctorFinding & { severity: 'warn' | 'info'; message: string };

export interface DoctorReport {
  accountId: string | null;
  root: string;
  at: string;
  findings: DoctorFindingView[];
  /** Entries looked at, and whether the walk stopped at its cap before the end. */
  looked: number;
  truncated: boolean;
}

/** What a file the hot folders saw is waiting for, before it has an outbox row. */
export const PENDING_STATES = ['settling', 'locked', 'checking', 'held'] as const;
export type PendingState = (typeof PENDING_STATES)[number];

/**
 * Why: still being written (size or time changing), its companions still being written, another program
 * holds it open, the app may not read it, the rule sets cannot be loaded, being copied and checked.
 */
export const PENDING_REASONS = ['writing', 'companions', 'locked', 'denied', 'rules', 'checking'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

export interface PendingFileView {
  accountId: string;
  /** Relative to the account root, forward slashes. */
  file: string;
  kind: 'invoice' | 'document' | 'bank_message';
  documentType: string | null;
  state: PendingState;
  reason: PendingReason;
  since: string;
  /** Opens tried and failed (locked, denied); 0 otherwise. */
  tries: number;
  /** When it is looked at again (settling, locked); null when at the next pass. */
  nextTryAt: string | null;
  /** The system's error code of the last failed open (EBUSY, EACCES...). */
  code: string | null;
}
