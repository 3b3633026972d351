import { DETECT_CHECKS, type DetectCheck, type DetectStatus } from '../../shared/enums';
import type { DetectResult } from '../../shared/schemas/detect';
import type { SandboxContext } from '../context';
import type { Table } from '../store';
import { type AccountsRow, type CheckOutcome, type DeriveDeps, deriveOutcome, okOutcome, outcomeFromCodes } from './detect-derive';
import { REASONS, reasonText } from './detect-reasons';
import { CHECK_TEXTS, type DetectLang } from './detect-texts';
import { INVOICES, type InvoiceRecord } from './records';

export const DETECT_TABLES = {
  config: 'detect_config',
  results: 'detect_results',
  findings: 'detect_findings',
  accounts: 'detect_accounts',
  analyses: 'detect_analyses',
} as const;

/** Per company: the checks run on each received invoice, and the admin flag "service enabled". */
export interface DetectConfigRow {
  id: string;
  on_invoice_receive: DetectCheck[];
  service_enabled: boolean;
  updated_at: string;
}

export interface Finding {
  check: DetectCheck;
  reason_code: string;
}

/** Findings set through the admin API for one invoice; they replace what the checks would derive. */
export interface DetectFindingsRow {
  id: string;
  company_id: string;
  findings: Finding[];
  set_at: string;
}

/** The kept result of one invoice: which checks ran (those enabled when it was computed) and what they found. */
export interface DetectResultRow {
  id: string;
  company_id: string;
  computed_at: string;
  executed: DetectCheck[];
  outcomes: CheckOutcome[];
}

/** Detect's state over the store's tables; cheap to make, holds nothing itself. */
export class DetectState {
  readonly configs: Table<DetectConfigRow>;
  readonly results: Table<DetectResultRow>;
  readonly findings: Table<DetectFindingsRow>;
  readonly invoices: Table<InvoiceRecord>;
  private readonly deps: DeriveDeps;

  constructor(private readonly ctx: SandboxContext) {
    this.configs = ctx.store.table<DetectConfigRow>(DETECT_TABLES.config);
    this.results = ctx.store.table<DetectResultRow>(DETECT_TABLES.results);
    this.findings = ctx.store.table<DetectFindingsRow>(DETECT_TABLES.findings);
    this.invoices = ctx.store.table<InvoiceRecord>(INVOICES);
    this.deps = { invoices: this.invoices, blobs: ctx.store.blobs, accounts: ctx.store.table<AccountsRow>(DETECT_TABLES.accounts) };
  }

  /** A new company has every check enabled and the service on. */
  config(companyId: string): DetectConfigRow {
    return (
      this.configs.get(companyId) ?? {
        id: companyId,
        on_invoice_receive: [...DETECT_CHECKS],
        service_enabled: true,
        updated_at: this.ctx.nowIso(),
      }
    );
  }

  setChecks(companyId: string, checks: DetectCheck[]): DetectConfigRow {
    // Kept in the spec's order, whatever order the query named them in.
    const on = DETECT_CHECKS.filter((c) => checks.includes(c));
    return this.configs.put({ ...this.config(companyId), on_invoice_receive: on, updated_at: this.ctx.nowIso() });
  }

  setServiceEnabled(companyId: string, enabled: boolean): DetectConfigRow {
    return this.configs.put({ ...this.config(companyId), service_enabled: enabled, updated_at: this.ctx.nowIso() });
  }

  /** A received invoice of the company, or undefined (another company's invoice is not there for it). */
  receivedInvoice(companyId: string, invoiceId: string): InvoiceRecord | undefined {
    const inv = this.invoices.get(invoiceId);
    return inv && inv.company_id === companyId && inv.direction === 'RECEIVED' ? inv : undefined;
  }

  /** What each of the five checks finds on the invoice now: the admin's findings, else the derivation. */
  evaluate(inv: InvoiceRecord, checks: readonly DetectCheck[] = DETECT_CHECKS): CheckOutcome[] {
    const set = this.findings.get(inv.id);
    return checks.map((check) => {
      if (!set) return deriveOutcome(this.deps, inv, check);
      const codes = set.findings.filter((f) => f.check === check).map((f) => f.reason_code);
      if (codes.length) return outcomeFromCodes(check, codes);
      // A findings list names every warning: a check it leaves out has none.
      const derived = deriveOutcome(this.deps, inv, check);
      return derived.result === 'WARNING' ? okOutcome(check) : derived;
    });
  }

  /** The kept result, computed at first read from the checks enabled then. */
  result(inv: InvoiceRecord): DetectResultRow {
    return this.results.get(inv.id) ?? this.compute(inv);
  }

  compute(inv: InvoiceRecord): DetectResultRow {
    const executed = this.config(inv.company_id).on_invoice_receive;
    return this.results.put({
      id: inv.id,
      company_id: inv.company_id,
      computed_at: this.ctx.nowIso(),
      executed: [...executed],
      outcomes: this.evaluate(inv, executed),
    });
  }

  setFindings(inv: InvoiceRecord, findings: Finding[]): DetectResultRow {
    this.findings.put({ id: inv.id, company_id: inv.company_id, findings, set_at: this.ctx.nowIso() });
    return this.compute(inv);
  }

  /** Back to the derived findings; the result is computed again at the next read. */
  clearFindings(inv: InvoiceRecord): void {
    this.findings.delete(inv.id);
    this.results.delete(inv.id);
  }
}

export function detectStatus(row: DetectResultRow): DetectStatus {
  if (row.executed.length === 0) return 'DISABLED';
  return row.outcomes.some((o) => o.result === 'WARNING') ? 'WARN' : 'OK';
}

/** The spec's Detect result, its texts in the asked language. */
export function renderResult(row: DetectResultRow, lang: DetectLang): DetectResult {
  return {
    status: detectStatus(row),
    executed_checks: row.executed.map((c) => CHECK_TEXTS[c].friendly_name[lang]),
    findings: row.outcomes.filter((o) => o.result === 'WARNING').flatMap((o) => o.reason_codes.map((code) => reasonText(code, lang))),
  };
}

/**
 * Problems with findings the admin API was given: each code must be one of its check's codes in the
 * spec's table, PENDING codes are not findings, and a check's non-warning code must stand alone.
 */
export function findingsProblems(findings: Finding[]): string[] {
  const out: string[] = [];
  findings.forEach((f, i) => {
    const r = REASONS.get(f.reason_code);
    if (!r) out.push(`findings.${i}.reason_code: '${f.reason_code}' is not a reason code of the spec's table`);
    else if (r.check !== f.check) out.push(`findings.${i}.reason_code: '${f.reason_code}' belongs to ${r.check}, not ${f.check}`);
    else if (r.result === 'PENDING') out.push(`findings.${i}.reason_code: a PENDING code is not a finding`);
  });
  if (out.length) return out;
  for (const check of DETECT_CHECKS) {
    const codes = findings.filter((f) => f.check === check).map((f) => f.reason_code);
    const nonWarning = codes.filter((c) => REASONS.get(c)?.result !== 'WARNING');
    if (nonWarning.length && codes.length > 1)
      out.push(`findings: ${check} has ${nonWarning.join(', ')}, which must be the check's only code (only WARNING codes combine)`);
  }
  return out;
}
