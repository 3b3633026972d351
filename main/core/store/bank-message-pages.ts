import type { Database, Statement } from 'better-sqlite3';
import type { BankMessageSortKey, ListSort } from '../../../shared/bridge/commands';

export type BankMessageSort = ListSort<BankMessageSortKey>;
export const DEFAULT_BANK_MESSAGE_SORT: BankMessageSort = { by: 'seen', dir: 'desc' };

/** Where the previous page ended: the order's value of its last row and that row's job id. */
export interface BankMessageCursor {
  key: number | string;
  jobId: number;
}

// Each column of the list as the store sorts it, never null; ties go by job id. The three feeds are
// one list here: bank messages number in the hundreds, so no order needs an index of its own.
const EXPR: Record<BankMessageSortKey, string> = {
  seen: 'b.seen_at',
  kind: 'b.kind',
  type: "coalesce(b.message_type, '')",
  id: 'b.id',
  file: 'b.state',
};

type PageParams = { account: string; afterKey?: number | string; afterJob?: number; limit: number };
type Keyed<R> = R & { job_id: number; sort_key: number | string };

/** The account's bank messages of every feed in one order, keyset-paged like the other lists. */
export function createBankMessagePages<R, J>(db: Database, toJob: (r: R) => J) {
  const statements = new Map<string, Statement<PageParams, Keyed<R>>>();
  const pageOf = (sort: BankMessageSort, first: boolean) => {
    const expr = EXPR[sort.by];
    const [cmp, dir] = sort.dir === 'desc' ? ['<', 'DESC'] : ['>', 'ASC'];
    const keyset = first ? '' : `AND ${expr} ${cmp}= @afterKey AND (${expr} ${cmp} @afterKey OR b.job_id ${cmp} @afterJob)`;
    const sql = `SELECT b.*, ${expr} AS sort_key FROM bank_messages b WHERE b.account_id = @account ${keyset}
      ORDER BY ${expr} ${dir}, b.job_id ${dir} LIMIT @limit`;
    let st = statements.get(sql);
    if (!st) {
      st = db.prepare<PageParams, Keyed<R>>(sql);
      statements.set(sql, st);
    }
    return st;
  };
  const count = db.prepare<[string], number>('SELECT count(*) FROM bank_messages WHERE account_id = ?').pluck();

  return {
    page(
      accountId: string,
      limit: number,
      after?: BankMessageCursor,
      sort: BankMessageSort = DEFAULT_BANK_MESSAGE_SORT,
    ): { items: J[]; next: BankMessageCursor | null } {
      const params: PageParams = { account: accountId, limit: limit + 1 };
      const rows = pageOf(sort, !after).all(after ? { ...params, afterKey: after.key, afterJob: after.jobId } : params);
      const last = rows[Math.min(rows.length, limit) - 1];
      return {
        items: rows.slice(0, limit).map(toJob),
        next: rows.length > limit && last ? { key: last.sort_key, jobId: last.job_id } : null,
      };
    },
    countAll(accountId: string): number {
      return count.get(accountId) ?? 0;
    },
  };
}
