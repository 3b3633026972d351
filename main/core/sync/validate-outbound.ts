import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { VALIDATION_MODES, type ValidationMode } from '../../../shared/schemas/sending-options';
import type { ValidationReport } from '../../../shared/validation/report';
import type { JsonObject } from '../store/columns';
import { RulesUnavailableError, validateFile } from '../validate';
import { RULESETS } from '../validate/rulesets';
import type { SyncContext } from './context';
import { decidingReport, remoteReport, wantsRemote } from './remote-validation';

/**
 * What a hot folder does with the local validation (folder option `validation`): `block` keeps a file
 * that breaks a fatal rule out of the upload (it goes to Failed/ with the rules in its note), `warn`
 * sends it and keeps the report, `off` does not validate.
 */

/** The rules a stored report was made with: a new release of the rules validates the same bytes again. */
export const RULES_KEY = RULESETS.map((r) => `${r.id}@${r.version}`).join(',');

/** Invoices are checked and held back by default; trading documents are not invoices, so not checked. */
export function validationModeOf(kind: 'invoice' | 'document', options: JsonObject): ValidationMode {
  const asked = options.validation;
  if (typeof asked === 'string' && (VALIDATION_MODES as readonly string[]).includes(asked)) return asked as ValidationMode;
  return kind === 'invoice' ? 'block' : 'off';
}

export interface OutboundCheck {
  /** Set when the file must not be sent: the reason, and a line per broken rule for the note. */
  refusal: { message: string; details: string[] } | null;
  report: ValidationReport | null;
}

/**
 * Validates a queued file's private copy once per content (the report is stored with its hash) and
 * decides by the folder's mode. When the compiled rules are not there (a checkout where `npm run
 * build:rules` never ran), the file is sent as before and the activity log says it was not checked:
 * the service checks it too, and holding every invoice back would stop the user's business.
 */
export async function checkBeforeSending(
  ctx: SyncContext,
  copy: string,
  sha256: string,
  name: string,
  mode: ValidationMode,
): Promise<OutboundCheck> {
  if (mode === 'off') return { refusal: null, report: null };
  const report = await withRemoteCheck(ctx, copy, sha256, name, await localReport(ctx, copy, sha256, name));
  if (!report) return { refusal: null, report: null };
  if (mode === 'warn' || report.status === 'valid') return { refusal: null, report };
  return { refusal: refusalOf(report), report };
}

/** The local report, stored by hash; null when the compiled rules are not there (the activity log says so). */
async function localReport(ctx: SyncContext, copy: string, sha256: string, name: string): Promise<ValidationReport | null> {
  let report = ctx.store.validationReports.get(sha256, RULES_KEY);
  if (!report) {
    try {
      report = await validateFile(await invoiceBytes(copy), { name });
    } catch (e) {
      if (!(e instanceof RulesUnavailableError)) throw e;
      const message = `${name} was sent without the local check of the official rules: ${e.message}`;
      ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'validation.unavailable', message, ref: name });
      ctx.log.warn('validation rules unavailable; file sent unchecked', { file: name });
      return null;
    }
    ctx.store.validationReports.put(sha256, RULES_KEY, report);
  }
  return report;
}

/**
 * The account's remote validation (sync/remote-validation.ts): when its option asks, the service's
 * validator is asked too, and the report that decides is answered. A remote check that cannot be made
 * leaves the local result to decide.
 */
async function withRemoteCheck(
  ctx: SyncContext,
  copy: string,
  sha256: string,
  name: string,
  local: ValidationReport | null,
): Promise<ValidationReport | null> {
  const mode = ctx.account.remoteValidation;
  if (!wantsRemote(mode, local)) return local;
  return decidingReport(mode, local, await remoteReport(ctx, await invoiceBytes(copy), sha256, name));
}

/** The invoice XML to validate: the file itself, or the XML inside the zip form (invoice, image, attachments). */
async function invoiceBytes(copy: string): Promise<Uint8Array> {
  const data = await readFile(copy);
  if (!data.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return data;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(data, { filter: (f) => f.name.toLowerCase().endsWith('.xml') && f.originalSize < 100 * 1024 * 1024 });
  } catch {
    return data; // not a readable zip: validation says so in plain words
  }
  // The invoice is the largest XML in the zip (attachments' metadata, if any, are small).
  const xml = Object.values(entries).sort((a, b) => b.length - a.length)[0];
  return xml ?? data;
}

function refusalOf(report: ValidationReport): { message: string; details: string[] } {
  if (report.status === 'unreadable') {
    return { message: `The file could not be read as an invoice: ${report.problem ?? 'unknown problem'}`, details: [] };
  }
  const sets = report.rulesets.map((r) => `${r.title} ${r.version}`).join(' and ');
  const by = report.source === 'service' ? "The service's validator says: " : '';
  const fatal = report.issues.filter((i) => i.flag === 'fatal');
  const message =
    fatal.length > 0
      ? `${by}It breaks ${fatal.length} of the official rules the service checks (${sets}). It was not sent; the service would refuse it.`
      : `${by}It is not an invoice in a format the rules know (${report.notes.map((n) => n.text).join(' ') || report.syntax}).`;
  const details = fatal.map((i) => {
    const where = `${i.location}${i.line ? ` (line ${i.line})` : ''}`;
    const what = i.explanation?.en ?? i.text;
    return `${i.id} at ${where}: ${what}`;
  });
  return { message, details };
}
