// Conversions between SQLite column values and the typed rows the repositories answer.

export type JsonObject = Record<string, unknown>;

/** SQLite has no boolean and better-sqlite3 refuses to bind one. */
export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
export const isSet = (value: number): boolean => value !== 0;

export function parseObject(text: string): JsonObject {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('stored JSON is not an object');
  return value as JsonObject;
}

// Epoch ms of an ISO 8601 time: the descriptors' reads use it too (shared/mirror/columns.ts).
export { epochMs } from '../../../shared/mirror/columns';

/** Binds a list for `IN (SELECT value FROM json_each(?))`, which keeps one prepared statement for any length. */
export const jsonList = (values: readonly string[]): string => JSON.stringify(values);

/** Values as an SQL list of string literals, for a WHERE that must match a partial index's text. */
export const sqlList = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');

/**
 * A partial update in one prepared statement: `col = iif(@set_key, @key, col)` per column, so any
 * subset of fields can be written (including to NULL) without building SQL per call.
 */
export function patchAssignments(columns: Readonly<Record<string, string>>): string {
  return Object.entries(columns)
    .map(([key, column]) => `${column} = iif(@set_${key}, @${key}, ${column})`)
    .join(', ');
}

/**
 * The parameters of a `patchAssignments` statement: the statement's own (`fixed`: its id, its time)
 * and, per column, whether the patch sets it and to what; a boolean is bound as 0 or 1 (`flag`).
 * Written into one object, never as `{ ...patchParams(), id }`: Node 20's V8 gives every object made
 * by a spread followed by more properties a hidden class of its own, allocated straight into the old
 * generation, and a drop of many files runs several transitions per file (a megabyte of such garbage
 * every few hundred files, collected only by a full GC).
 */
export function patchParams<P extends { [K in keyof P]?: string | number | boolean | null }>(
  columns: Readonly<Record<keyof NoInfer<P>, string>>,
  patch: Readonly<P>,
  fixed: Readonly<Record<string, string | number | null>>,
): Record<string, string | number | null> {
  const params: Record<string, string | number | null> = Object.assign({}, fixed);
  const values = patch as Readonly<Record<string, string | number | boolean | null | undefined>>;
  for (const key of Object.keys(columns)) {
    const value = values[key];
    params[`set_${key}`] = value === undefined ? 0 : 1;
    params[key] = typeof value === 'boolean' ? flag(value) : (value ?? null);
  }
  return params;
}
