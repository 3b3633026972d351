import type { Database } from 'better-sqlite3';
import type { ValidationSummaryView } from '../../../shared/bridge/validation';
import type { NotCheckedReason, ValidationReport } from '../../../shared/validation/report';
import type { StoreDeps } from './deps';

/**
 * Validation reports by content hash and rules version (migration 9): a file is validated once. There
 * is no "newest report of a hash": an outbox row reads the report of its own check (its `check.rules`),
 * as another file of the same bytes checked later must not lend it a verdict it never had.
 */
export function createValidationReportsRepo(db: Database, deps: StoreDeps) {
  const get = db.prepare<[string, string], { report_json: string }>(
    'SELECT report_json FROM validation_reports WHERE sha256 = ? AND rules = ?',
  );
  // The outbox lists a hundred rows and more at every event: their verdicts are read in SQLite, no report parsed.
  // `breaks`: per next pack that the file breaks (packs-check.ts), its date and rule ids, for the row's badge.
  const summaryOf = db.prepare<
    [string, string],
    { status: string; fatal: number | null; warnings: number | null; breaks: string | null; notChecked: string | null }
  >(`
    SELECT status, json_extract(report_json, '$.fatalCount') AS fatal, json_extract(report_json, '$.warningCount') AS warnings,
      json_extract(report_json, '$.notChecked') AS notChecked,
      (SELECT json_group_array(json_object('from', json_extract(u.value, '$.from'), 'rules',
          json((SELECT json_group_array(DISTINCT json_extract(b.value, '$.id')) FROM json_each(u.value, '$.breaks') AS b))))
        FROM json_each(report_json, '$.upcoming') AS u WHERE json_array_length(u.value, '$.breaks') > 0) AS breaks
    FROM validation_reports WHERE sha256 = ? AND rules = ?`);
  const put = db.prepare<{ sha256: string; rules: string; status: string; json: string; now: number }>(`
    INSERT INTO validation_reports (sha256, rules, status, report_json, created_at) VALUES (@sha256, @rules, @status, @json, @now)
    ON CONFLICT (sha256, rules) DO UPDATE SET status = excluded.status, report_json = excluded.report_json, created_at = excluded.created_at`);
  const parse = (row: { report_json: string } | undefined): ValidationReport | null => {
    if (!row) return null;
    try {
      return JSON.parse(row.report_json) as ValidationReport;
    } catch {
      return null; // a damaged report is made again
    }
  };
  return {
    /** The report of these bytes under these rules, if they were validated before. */
    get: (sha256: string, rules: string): ValidationReport | null => parse(get.get(sha256, rules)),
    /** What `get` would say in brief: an outbox row's verdict, from the report of its own check. */
    summary(sha256: string, rules: string): ValidationSummaryView | null {
      const row = summaryOf.get(sha256, rules);
      if (!row) return null;
      const summary: ValidationSummaryView = {
        status: row.status as ValidationReport['status'],
        fatal: row.fatal ?? 0,
        warnings: row.warnings ?? 0,
      };
      const first = row.breaks ? (JSON.parse(row.breaks) as { from: string; rules: string[] }[])[0] : undefined;
      if (first) summary.breaksFrom = first;
      if (row.notChecked) summary.notChecked = row.notChecked as NotCheckedReason;
      return summary;
    },
    put(sha256: string, rules: string, report: ValidationReport): void {
      put.run({ sha256, rules, status: report.status, json: JSON.stringify(report), now: deps.now() });
    },
  };
}

export type ValidationReportsRepo = ReturnType<typeof createValidationReportsRepo>;
