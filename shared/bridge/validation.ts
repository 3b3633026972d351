import { z } from 'zod';
import type { NotCheckedReason, ValidationProgress, ValidationReport, ValidationStatus } from '../validation/report';
import type { RenderedInvoice } from './views';

// The Validate page and the outbox's reports (issue 11): what the bridge carries for local validation.

/**
 * A file the user drops or chooses reaches main in pieces of this size: the HTTP host takes bodies of
 * 8 MB, and a file of up to 100 MB (main's MAX_VALIDATE_BYTES) must still get through, in either transport.
 */
export const VALIDATE_CHUNK_BYTES = 2 * 1024 * 1024;
/** A piece as base64: four characters for every three bytes, rounded up. */
export const VALIDATE_CHUNK_BASE64 = Math.ceil(VALIDATE_CHUNK_BYTES / 3) * 4;

/** Lines of the source around one line an issue points at, for when no rendered part shows it. */
export interface SourceExcerpt {
  /** The line the issue points at (1-based). */
  line: number;
  /** The number of the first line in `lines`. */
  from: number;
  /** The lines as they are in the file (each cut at SOURCE_LINE_CHARS characters). */
  lines: string[];
}
export const SOURCE_CONTEXT_LINES = 3;
export const SOURCE_LINE_CHARS = 400;

/** A report with what the page shows beside it. */
export interface ValidationView {
  report: ValidationReport;
  /** The invoice as the app renders it; null when it cannot be rendered (`renderError` says why). */
  rendered: RenderedInvoice | null;
  renderError: string | null;
  /** One per distinct line the issues point at, in line order. */
  excerpts: SourceExcerpt[];
}

/** What an outbox row shows of its stored report. */
export interface ValidationSummaryView {
  status: ValidationStatus;
  fatal: number;
  warnings: number;
  /** The next rule pack's date and the rules the file breaks from then on, when it breaks any. */
  breaksFrom?: { from: string; rules: string[] };
  /** It was not checked, and why (too large, too slow, out of memory, cancelled): its folder's mode decided. */
  notChecked?: NotCheckedReason;
}

/**
 * A check being made now (main/core/sync/check-board.ts): a file of an account's hot folder, or one handed
 * to the Validate page (accountId null, id the upload's). Pushed as `validate.progress` as it moves on.
 */
export interface CheckProgressView extends ValidationProgress {
  id: string;
  accountId: string | null;
  /** The file's place under the account root, or its name. */
  file: string;
  startedAt: number;
}

const uploadId = z.uuid();

/** The commands of the Validate page, spread into the contract (shared/bridge/commands.ts). */
export const validationCommandSchemas = {
  /** Opens a file the user handed over: its name and size; a file over the limit is refused here, before any byte moves. */
  start: z.object({ name: z.string().trim().min(1).max(255), size: z.number().int().min(0) }),
  /** One piece of the file, in order (offset: the bytes before it). */
  chunk: z.object({ uploadId, offset: z.number().int().min(0), base64: z.base64().max(VALIDATE_CHUNK_BASE64) }),
  /** Every piece is there: validate and answer the report. */
  finish: z.object({ uploadId }),
  /** The stored report of an outbox row (a file in the queue, in Sent/ or in Failed/). */
  outbox: z.object({ id: z.number().int().positive() }),
  /** Stops a check being made (a hot folder's file, or the Validate page's: its uploadId). */
  cancel: z.object({ id: z.uuid() }),
  /** The checks being made now of an account's hot folders. */
  checks: z.object({ accountId: z.uuid() }),
};

/** A rule pack as Settings lists it (issue 41): what it is, its dates, and what it is used for today. */
export interface RulePackView {
  family: string;
  name: string;
  version: string;
  published: string | null;
  mandatoryFrom: string | null;
  builtin: boolean;
  role: 'in-force' | 'next' | 'unused';
}

export interface RulePacksView {
  /** The engine's day the roles are for. */
  day: string;
  packs: RulePackView[];
  /** Installed packs that are not used, and why (an edited pack.json, say). */
  refused: { folder: string; reason: string }[];
}

/** A rule pack is small (about 120 KB for Peppol's two sets): it travels in one piece. */
export const RULE_PACK_MAX_BASE64 = 8 * 1024 * 1024;

export const rulePackCommandSchemas = {
  list: z.object({}),
  install: z.object({ name: z.string().trim().min(1).max(255), base64: z.base64().max(RULE_PACK_MAX_BASE64) }),
};
