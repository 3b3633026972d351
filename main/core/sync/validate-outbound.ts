import { readFile } from 'node:fs/promises';
import { VALIDATION_MODES, type ValidationMode } from '../../../shared/schemas/sending-options';
import type { ValidationReport } from '../../../shared/validation/report';
import type { JsonObject } from '../store/columns';
import type { OutboxCheck } from '../store/outbox';
import { defaultValidator, RulesUnavailableError, ValidationCancelledError, validateFile } from '../validate';
import { allPacks } from '../validate/pack-store';
import { dayOf, type RulePack, rulesKeyOf, selectPacks } from '../validate/packs';
import { packsLine, upcomingLines, validateWithPacks } from '../validate/packs-check';
import { unreadable } from '../validate/reports';
import { RULESETS } from '../validate/rulesets';
import { type InvoiceBytes, invoiceBytesOf, isRefusedZip, refusedZipReport } from '../validate/zip-form';
import type { SyncContext } from './context';
import { rulesFaultMessage } from './local-faults';
import { decidingReport, REMOTE_RULES_KEY, remoteReport, wantsRemote } from './remote-validation';

/**
 * What a hot folder does with the local validation (folder option `validation`): `block` keeps a file
 * that breaks a fatal rule out of the upload (it goes to Failed/ with the rules in its note), `warn`
 * sends it and keeps the report, `off` does not validate.
 */

/**
 * The rules a stored report was made with when only the shipped packs are in force and none is next
 * (packs.ts rulesKeyOf gives the same): a new release of the rules validates the same bytes again.
 */
export const RULES_KEY = RULESETS.map((r) => `${r.id}@${r.version}`).join(',');

/**
 * The rule packs a file is checked against if sent now (the engine's clock): those in force that day and
 * the next ones, and the key its report is kept under, which its outbox row's check_rules records.
 */
export function packsNow(ctx: SyncContext): { packs: RulePack[]; day: string; key: string } {
  const packs = allPacks(ctx.rulePacksDir ?? null);
  const day = dayOf(ctx.now());
  return { packs, day, key: rulesKeyOf(selectPacks(packs, day)) };
}

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
  /**
   * The file waits in the Outbox, neither queued nor failed: its folder checks before sending (`block`)
   * and the rules cannot be loaded. The account says so (its `rules` fault) until a check is made again.
   */
  wait: boolean;
  /** What its outbox row keeps of this check (the report that decided is this file's own, by its hash). */
  check: OutboxCheck;
  /**
   * Set when the file is held, in the Outbox queue but not sent, with why: its folder blocks and it could
   * not be checked (too large, too slow, out of memory, or the user cancelled the check). "Send anyway"
   * sends it; taking it out of the Outbox folder withdraws it.
   */
  held: string | null;
}

/**
 * Validates a queued file's private copy once per content (the report is stored with its hash) and
 * decides by the folder's mode. When the compiled rules cannot be loaded, a `block` folder's file
 * waits (the account shows why) and goes out once they load again; only `warn`, the user's choice,
 * sends it unchecked, and its row says so. The service's validator, when the account asks it, may
 * still decide in their place.
 */
export async function checkBeforeSending(
  ctx: SyncContext,
  copy: string,
  sha256: string,
  name: string,
  mode: ValidationMode,
  relPath: string = name,
): Promise<OutboundCheck> {
  if (mode === 'off') return { refusal: null, report: null, wait: false, held: null, check: { mode, rules: null, unchecked: 'off' } };
  const local = await localReport(ctx, copy, sha256, name, relPath);
  const report = await withRemoteCheck(ctx, copy, sha256, name, local.report);
  const unavailable = local.unavailable;
  if (!report) {
    // Only reached when the local rules cannot be loaded (a local report always exists otherwise).
    const why = unavailable?.message ?? 'the official rule sets cannot be loaded.';
    if (mode === 'block') {
      ctx.faults.set('rules', defaultValidator().rulesDir, 'RULES', 0, rulesFaultMessage(why));
      return { refusal: null, report: null, wait: true, held: null, check: { mode, rules: null, unchecked: 'rules_unavailable' } };
    }
    const message = `${name} was sent without the check of the official rules, as its folder is set to warn: ${why}`;
    ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'validation.unavailable', message, ref: name });
    ctx.log.warn('validation rules unavailable; file sent unchecked (warn)', { file: name });
    return { refusal: null, report: null, wait: false, held: null, check: { mode, rules: null, unchecked: 'rules_unavailable' } };
  }
  if (unavailable) {
    const message = `${name}: the local check of the official rules could not be made, so the service's validator decided: ${unavailable.message}`;
    ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'validation.unavailable', message, ref: name });
  }
  const check: OutboxCheck = { mode, rules: report.source === 'service' ? REMOTE_RULES_KEY : local.key, unchecked: null };
  if (report.notChecked) return beyondLimits(ctx, name, mode, report, check);
  if ((mode === 'warn' && !isRefusedZip(report)) || report.status === 'valid')
    return { refusal: null, report, wait: false, held: null, check };
  return { refusal: refusalOf(report), report, wait: false, held: null, check };
}

/** What the file's report says of why it was not checked, in a few words for its row and the activity log. */
const NOT_CHECKED_WORDS = {
  size: 'too large to check here',
  time: 'too large to check here (the check ran out of time)',
  memory: 'too large to check here (the check ran out of memory)',
  cancelled: 'its check was cancelled',
} as const;

/**
 * A file the app could not check for a reason that is not the file's (its report's notChecked): never
 * taken for broken, and never sent as checked. A `block` folder holds it in the queue, said, until the
 * user sends it anyway or takes it out; a `warn` folder sends it, its row and the log saying it was not
 * checked.
 */
function beyondLimits(ctx: SyncContext, name: string, mode: ValidationMode, report: ValidationReport, check: OutboxCheck): OutboundCheck {
  const why = report.notChecked ? NOT_CHECKED_WORDS[report.notChecked] : 'it could not be checked';
  const detail = report.problem ? ` (${report.problem.replace(/\.$/, '')})` : '';
  if (mode === 'block') {
    const held = `Held: it could not be checked, ${why}${detail}. It was not sent, as its folder checks files before sending; choose "Send anyway" to send it unchecked, or take it out of the Outbox folder.`;
    return { refusal: null, report, wait: false, held, check };
  }
  const message = `${name} was sent without the check of the official rules, as its folder is set to warn: it could not be checked, ${why}${detail}.`;
  ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'validation.not_checked', message, ref: name });
  return { refusal: null, report, wait: false, held: null, check };
}

/** The local report, stored by hash; `unavailable` when the compiled rules cannot be loaded. */
async function localReport(
  ctx: SyncContext,
  copy: string,
  sha256: string,
  name: string,
  relPath: string,
): Promise<{ report: ValidationReport | null; unavailable: RulesUnavailableError | null; key: string }> {
  const { packs, day, key } = packsNow(ctx);
  let report = ctx.store.validationReports.get(sha256, key);
  // The user cancelled the check ahead of intake (validate-ahead.ts): that answer stands for this file.
  const cancelled = ctx.checks?.takeCancelled(ctx.account.id, sha256) ?? false;
  // A cancelled check is no verdict on the bytes: the same bytes dropped again are checked again.
  if (report?.notChecked === 'cancelled' && !cancelled) report = null;
  if (!report && cancelled) report = cancelledReport(name);
  if (!report) {
    const run = ctx.checks?.begin(ctx.account.id, relPath, { sha256 });
    try {
      const invoice = await invoiceBytes(copy);
      // A zip beyond the bounds (a bomb) is refused by its own report: no rule runs, nothing is sent.
      report = invoice.bytes
        ? await validateWithPacks(validateFile, invoice.bytes, {
            name,
            packs,
            day,
            ...(run ? { signal: run.signal, onProgress: run.onProgress } : {}),
          })
        : refusedZipReport(name, invoice.refused);
    } catch (e) {
      if (e instanceof ValidationCancelledError) report = cancelledReport(name);
      else if (!(e instanceof RulesUnavailableError)) throw e;
      else return { report: null, unavailable: e, key };
    } finally {
      run?.end();
    }
    ctx.store.validationReports.put(sha256, key, report);
    // The rules loaded: whatever waited for them may go.
    ctx.faults.clear('rules');
  }
  return { report, unavailable: null, key };
}

/** The report of a check the user cancelled: no rules run, and nothing said of the file. */
export function cancelledReport(name: string): ValidationReport {
  return unreadable({ file: name, started: performance.now() }, 'The check was cancelled before it ended.', 'cancelled');
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
  const invoice = await invoiceBytes(copy);
  // A refused zip's own report decides (its local report is that refusal, so this is a last guard).
  if (!invoice.bytes) return local;
  return decidingReport(mode, local, await remoteReport(ctx, invoice.bytes, sha256, name));
}

/** The invoice XML to validate: the file itself, or the XML inside the zip form, unpacked within its bounds. */
async function invoiceBytes(copy: string): Promise<InvoiceBytes> {
  return invoiceBytesOf(await readFile(copy));
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
  // The note names the packs it was refused by, so whoever reads it later knows which release said so.
  const packs = packsLine(report);
  const ahead = upcomingLines(report).map((l) => ` Also: ${l.replace(/^not valid now; /, '')}.`);
  return { message: `${message}${packs ? ` Checked against ${packs}.` : ''}${ahead.join('')}`, details };
}
