import type { SandboxContext } from '../context';
import type { Row } from '../store';

/**
 * Read indexes over tables, so that list and lookup handlers cost the size of their answer rather
 * than a scan of every company's rows. The tables stay the only state: an index is derived from them
 * and rebuilt when a writer has `touch`ed the table since (each write of the company group does).
 * The generation marks live in a table too, so a restart or a reset of the sandbox is noticed.
 * Every writer of an indexed table must call `touch`, or readers keep answering the old rows.
 */
const GENERATIONS = 'index_generations';

interface GenerationRow extends Row {
  token: string;
}

/** Marks a table as changed; indexes over it rebuild on their next read. */
export function touch(ctx: SandboxContext, table: string): void {
  ctx.store.table<GenerationRow>(GENERATIONS).put({ id: table, token: ctx.newId() });
}

export function generation(ctx: SandboxContext, table: string): string | undefined {
  return ctx.store.table<GenerationRow>(GENERATIONS).get(table)?.token;
}

/** Something derived from tables, kept until one of them is touched. */
export class Derived<T> {
  private seen: string | null = null;
  private value: T | undefined;
  constructor(
    private readonly ctx: SandboxContext,
    private readonly tables: readonly string[],
    private readonly build: () => T,
  ) {}

  get(): T {
    // A table no writer has touched yet reads as generation 0: it is empty, as every writer touches.
    // A reset store forgets the marks, so a value built before the reset no longer matches.
    const key = this.tables.map((t) => generation(this.ctx, t) ?? '0').join('|');
    if (this.value === undefined || key !== this.seen) {
      this.value = this.build();
      this.seen = key;
    }
    return this.value;
  }
}

/** The rows of a table grouped by company, in insertion order. */
export class ByCompany<T extends Row & { company_id: string }> {
  private readonly groups: Derived<Map<string, T[]>>;
  constructor(ctx: SandboxContext, table: string) {
    this.groups = new Derived(ctx, [table], () => {
      const m = new Map<string, T[]>();
      for (const row of ctx.store.table<T>(table).values()) {
        const list = m.get(row.company_id);
        if (list) list.push(row);
        else m.set(row.company_id, [row]);
      }
      return m;
    });
  }

  of(companyId: string): readonly T[] {
    return this.groups.get().get(companyId) ?? [];
  }
}
