import type { TakeoverView } from '../../../shared/bridge/partner-services';
import type { Database } from './db';
import type { StoreDeps } from './deps';

interface Row {
  takeover_id: string;
  company_id: string | null;
  label: string | null;
  state: string;
  started_at: number;
  updated_at: number;
}

/** The takeovers this app took part in, newest first (migration 27 says why they are kept). */
export function createTakeoversRepo(db: Database, deps: StoreDeps) {
  const upsert = db.prepare(`
    INSERT INTO partner_takeovers (account_id, takeover_id, company_id, label, state, started_at, updated_at)
    VALUES (@account, @id, @company, @label, @state, @now, @now)
    ON CONFLICT (account_id, takeover_id) DO UPDATE SET
      company_id = coalesce(excluded.company_id, company_id), label = coalesce(excluded.label, label),
      state = excluded.state, updated_at = excluded.updated_at`);
  const list = db.prepare<[string], Row>(
    'SELECT * FROM partner_takeovers WHERE account_id = ? ORDER BY started_at DESC, takeover_id LIMIT 100',
  );
  return {
    /** What the service answered for a takeover; a company or label it did not repeat is kept as it was. */
    save(accountId: string, t: TakeoverView & { label?: string | null }): void {
      upsert.run({
        account: accountId,
        id: t.takeoverId,
        company: t.companyId,
        label: t.label ?? null,
        state: t.state ?? 'STARTED',
        now: deps.now(),
      });
    },
    list: (accountId: string): (TakeoverView & { label: string | null; startedAt: number; updatedAt: number })[] =>
      list.all(accountId).map((r) => ({
        takeoverId: r.takeover_id,
        companyId: r.company_id,
        label: r.label,
        state: r.state,
        startedAt: r.started_at,
        updatedAt: r.updated_at,
      })),
  };
}
