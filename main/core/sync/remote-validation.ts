import type { RemoteValidationMode } from '../../../shared/validation/remote';
import type { ValidationReport } from '../../../shared/validation/report';
import type { SyncContext } from './context';

/** The key a report of the service's validator is stored under beside the local ones (by the file's hash). */
export const REMOTE_RULES_KEY = 'service';

/**
 * How long one file may wait for the validator host, retries included: intake waits for it, and a host
 * that is down must not hold the folder up for the full back-off of a sync call.
 */
export const REMOTE_BUDGET_MS = 45_000;

/**
 * After a check that could not be made, the host is left alone this long (kept per account with the
 * feeds' positions, so it outlives a restart): a folder of a hundred files must not wait
 * for a host that is down a hundred times.
 */
export const REMOTE_PAUSE_MS = 5 * 60_000;
const PAUSE_FEED = 'validator.paused_until';

/**
 * Whether the account's option asks the validator host about this file. `uncovered`: Finvoice (its
 * business rules have no official machine-readable form, so the local check is its structure only),
 * a document the local rules do not know (syntax other), and every file when the local rules are not
 * there at all. `always`: every file the local rules pass; one they already refuse is not sent out to
 * be refused again (the service could not make it pass: the worse report decides), so the report shown
 * for a file is always the one that decided. A file the local check could not read as XML is not sent
 * anywhere to be told the same.
 */
export function wantsRemote(mode: RemoteValidationMode, local: ValidationReport | null): boolean {
  if (mode === 'off') return false;
  if (!local) return true;
  if (local.status === 'unreadable') return false;
  if (mode === 'always') return local.status === 'valid' || local.syntax === 'finvoice' || local.syntax === 'other';
  return local.syntax === 'finvoice' || local.syntax === 'other';
}

/**
 * The report that decides whether the file is held back. For a format the local rules do not cover,
 * the service's word stands (it may know rules the app does not); with `always`, a fatal finding of
 * either one holds it back. Without a remote report, the local one decides, as before.
 */
export function decidingReport(
  mode: RemoteValidationMode,
  local: ValidationReport | null,
  remote: ValidationReport | null,
): ValidationReport | null {
  if (!remote) return local;
  if (mode === 'always' && local && local.status !== 'valid') return local;
  return remote;
}

/**
 * Asks the validator host about one file, once per content (the report is stored by hash like the
 * local one). Never throws: a host that is down, refuses the token or answers garbage is told in the
 * activity log, and the file goes on with the local result; it is never lost nor held back for that.
 */
export async function remoteReport(ctx: SyncContext, bytes: Uint8Array, sha256: string, name: string): Promise<ValidationReport | null> {
  const stored = ctx.store.validationReports.get(sha256, REMOTE_RULES_KEY);
  if (stored) return stored;
  const key = ctx.account.id;
  // Intake prepares several files side by side. Until the host has answered once, one file's call finds
  // out whether it is there and the others wait for it: a host that is down is asked by one file (and
  // its retries), then left alone, instead of by every file taken in at the same moment.
  for (let probe = probes.get(key); probe; probe = probes.get(key)) await probe;
  const pausedUntil = Number(ctx.store.cursors.get(key, PAUSE_FEED) ?? 0);
  if (ctx.now() < pausedUntil) {
    const again = new Date(pausedUntil).toISOString();
    notMade(ctx, name, `the validator could not be reached a moment ago; it is asked again from ${again}`);
    return null;
  }
  if (answering.has(key)) return ask(ctx, bytes, sha256, name);
  const call = ask(ctx, bytes, sha256, name);
  const settled = call.then(() => undefined);
  probes.set(key, settled);
  try {
    return await call;
  } finally {
    if (probes.get(key) === settled) probes.delete(key);
  }
}

/** Per account: the call finding out whether the host answers, while one runs. */
const probes = new Map<string, Promise<void>>();
/** Accounts whose validator host answered its last call: their files are asked side by side. */
const answering = new Set<string>();

async function ask(ctx: SyncContext, bytes: Uint8Array, sha256: string, name: string): Promise<ValidationReport | null> {
  try {
    const report = await ctx.api.validator.validate({ name, data: bytes }, { signal: AbortSignal.timeout(REMOTE_BUDGET_MS) });
    answering.add(ctx.account.id);
    ctx.store.validationReports.put(sha256, REMOTE_RULES_KEY, report);
    ctx.store.cursors.clear(ctx.account.id, PAUSE_FEED);
    ctx.store.activity.append({
      accountId: ctx.account.id,
      level: report.status === 'valid' ? 'info' : 'warn',
      kind: 'validation.remote',
      message: `${name}: the service's validator says ${verdictOf(report)}`,
      ref: name,
    });
    return report;
  } catch (e) {
    answering.delete(ctx.account.id);
    const why = e instanceof Error ? e.message : String(e);
    ctx.store.cursors.set(ctx.account.id, PAUSE_FEED, String(ctx.now() + REMOTE_PAUSE_MS));
    notMade(ctx, name, why);
    ctx.log.warn('remote validation could not be made', { file: name, error: why });
    return null;
  }
}

function notMade(ctx: SyncContext, name: string, why: string): void {
  const message = `${name}: the check by the service's validator could not be made (${why}); the local check decides`;
  ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'validation.remote_unavailable', message, ref: name });
}

function verdictOf(r: ValidationReport): string {
  if (r.status === 'unreadable') return `it cannot read the file (${r.problem ?? 'no reason given'})`;
  if (r.valid) return r.warningCount ? `valid, with ${r.warningCount} warning(s)` : 'valid';
  return r.fatalCount ? `not valid: ${r.fatalCount} rule(s) broken` : 'not an invoice format it knows';
}
