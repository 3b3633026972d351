// One mirrored column described once: its name and type in SQLite, how it is read from the service's
// record, how far it reaches and its TypeScript type. The store derives its row types, column lists and
// statements from a table of these (main/core/store/mirror-sql.ts), the bridge its view mappers, and
// shared/bridge/views.ts the rows the renderer gets. Migrations keep their own literal SQL: a released
// one never changes, whatever a descriptor says later (test/unit/store/mirror-columns.test.ts checks
// that every described column exists with its type once the migrations ran).

export type SqlType = 'TEXT' | 'INTEGER' | 'REAL';

/**
 * How far a column reaches: only its table row (`table`), the summary the lists read without the whole
 * record (`summary`), or also the view the renderer gets (`view`, which implies the summary).
 */
export type Reach = 'table' | 'summary' | 'view';

/** How a value is kept in SQLite when not as it is: a boolean as 0 or 1, a list of texts as JSON. */
export type Codec = 'flag' | 'strings';

export interface Column<R, T> {
  /** The column's name in SQLite. */
  readonly name: string;
  readonly sql: SqlType;
  readonly reach: Reach;
  readonly codec?: Codec;
  /** The TypeScript type, for the derived types only: always undefined at run time (`as<T>()`). */
  readonly type: T;
  /**
   * Where the value comes from in the service's record; undefined (an absent field) is written as NULL.
   * A column without it is the store's own (keys, times, the user's flags), written by its own statements.
   */
  readonly read?: (record: R) => T | undefined;
  /**
   * With `read`: a record without the field keeps the mirror's value instead of clearing it, and a new
   * row starts at this one (null: empty).
   */
  readonly keep?: number | string | null;
}

/** Names a column's TypeScript type: the value is undefined, the type is what the derived types read. */
export const as = <T>(): T => undefined as T;

export type Columns<R> = Readonly<Record<string, Column<R, unknown>>>;

/** A descriptor checked against its record type: each `read` answers its column's own type. */
export const describeColumns =
  <R>() =>
  <const D extends { readonly [K in keyof D]: Column<R, TypeOf<D[K]>> }>(d: D): D =>
    d;

export type TypeOf<C> = C extends { readonly type: infer T } ? T : never;

/** The value as SQLite keeps it. */
export type StoredOf<C> = C extends { readonly codec: 'flag' }
  ? number
  : C extends { readonly codec: 'strings' }
    ? string | null
    : TypeOf<C>;

type Reaching<D, R extends Reach> = { [K in keyof D]: D[K] extends { readonly reach: R } ? K : never }[keyof D];

/** What a list reads of each row: every column of the summary, by its TypeScript name. */
export type SummaryOf<D> = { -readonly [K in Reaching<D, 'summary' | 'view'>]: TypeOf<D[K]> };
/** What the renderer gets of each row. */
export type ViewOf<D> = { -readonly [K in Reaching<D, 'view'>]: TypeOf<D[K]> };
/** A row as SQLite answers it (`SELECT *`), by its column names. */
export type TableRowOf<D> = {
  -readonly [K in keyof D as D[K] extends { readonly name: infer N extends string } ? N : never]: StoredOf<D[K]>;
};

/** The keys of the columns that reach at least `reach`, in the descriptor's order. */
export function keysReaching<D extends Columns<never>>(d: D, reach: 'summary' | 'view'): (keyof D & string)[] {
  return Object.keys(d).filter((k) => d[k]!.reach === 'view' || d[k]!.reach === reach);
}

/** Epoch ms of an ISO 8601 time, or undefined when absent or unparsable. */
export function epochMs(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}
