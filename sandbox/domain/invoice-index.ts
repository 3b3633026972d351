import type { Direction } from '../../shared/enums';
import type { Table } from '../store';
import type { InvoiceRecord } from './records';

/**
 * Per company and direction, the ids of its invoices ordered by (received_at, seq) ascending, so a
 * list page is a slice rather than a sort of everything. The table stays the only source of truth:
 * when its size differs from what the index has seen (a seeder, another route module or a reset wrote
 * to it directly) or an indexed id has vanished, the index rebuilds itself from the table.
 */
export class InvoiceIndex {
  private readonly lists = new Map<string, string[]>();
  private seen = -1;

  constructor(private readonly table: Table<InvoiceRecord>) {}

  private static key(companyId: string, direction: Direction): string {
    return `${companyId}|${direction}`;
  }

  private static before(a: InvoiceRecord, b: InvoiceRecord): boolean {
    const ta = a.received_at ?? a.created_at;
    const tb = b.received_at ?? b.created_at;
    return ta < tb || (ta === tb && a.seq < b.seq);
  }

  private rebuild(): void {
    this.lists.clear();
    const records = [...this.table.values()].sort((a, b) => (InvoiceIndex.before(a, b) ? -1 : InvoiceIndex.before(b, a) ? 1 : 0));
    for (const r of records) {
      const k = InvoiceIndex.key(r.company_id, r.direction);
      let list = this.lists.get(k);
      if (!list) {
        list = [];
        this.lists.set(k, list);
      }
      list.push(r.id);
    }
    this.seen = this.table.size;
  }

  private fresh(): void {
    if (this.seen !== this.table.size) this.rebuild();
  }

  /** Record a new invoice that was just put into the table. */
  add(r: InvoiceRecord): void {
    if (this.seen !== this.table.size - 1) {
      this.rebuild();
      return;
    }
    const k = InvoiceIndex.key(r.company_id, r.direction);
    let list = this.lists.get(k);
    if (!list) {
      list = [];
      this.lists.set(k, list);
    }
    // New invoices arrive "now", so this is nearly always an append; backdated ones binary-search.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.table.get(list[mid] as string);
      if (m && InvoiceIndex.before(r, m)) hi = mid;
      else lo = mid + 1;
    }
    list.splice(lo, 0, r.id);
    this.seen = this.table.size;
  }

  /** Ascending ids of one company's invoices in one direction (do not mutate). */
  ids(companyId: string, direction: Direction): readonly string[] {
    this.fresh();
    return this.lists.get(InvoiceIndex.key(companyId, direction)) ?? [];
  }

  /** The records for ids taken from `ids()`; rebuilds and answers null if one has gone missing. */
  resolve(ids: readonly string[]): InvoiceRecord[] | null {
    const out: InvoiceRecord[] = [];
    for (const id of ids) {
      const r = this.table.get(id);
      if (!r) {
        this.rebuild();
        return null;
      }
      out.push(r);
    }
    return out;
  }
}
