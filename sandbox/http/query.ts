import { badRequest } from './errors';

type Query = Record<string, unknown>;

/**
 * Array query parameters arrive as `name[]=a&name[]=b`, as repeated `name=a&name=b`, or as one
 * comma-separated `name=a,b`; all three mean the same list.
 */
export function arrayParam(query: Query, name: string): string[] | undefined {
  const raw = [query[name], query[`${name}[]`]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  if (raw.length === 0) return undefined;
  return raw
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function enumArrayParam<T extends string>(query: Query, name: string, allowed: readonly T[]): T[] | undefined {
  const values = arrayParam(query, name);
  if (!values) return undefined;
  const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
  if (bad.length)
    throw badRequest(
      `Invalid value for ${name}`,
      bad.map((b) => `${name}: '${b}' is not one of ${allowed.join(', ')}`),
    );
  return values as T[];
}

export function stringParam(query: Query, name: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) throw badRequest(`${name} may be given only once`, [`${name}: given ${v.length} times`]);
  return String(v);
}

export function requiredString(query: Query, name: string): string {
  const v = stringParam(query, name);
  if (v === undefined || v === '') throw badRequest(`${name} is required`, [`${name}: required`]);
  return v;
}

export function enumParam<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v))
    throw badRequest(`Invalid value for ${name}`, [`${name}: '${v}' is not one of ${allowed.join(', ')}`]);
  return v as T;
}

export function booleanParam(query: Query, name: string): boolean | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(`Invalid value for ${name}`, [`${name}: must be true or false`]);
}

export function intParam(query: Query, name: string, min: number, max: number): number | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw badRequest(`Invalid value for ${name}`, [`${name}: must be a whole number`]);
  const n = Number(v);
  if (n < min || n > max) throw badRequest(`Invalid value for ${name}`, [`${name}: must be between ${min} and ${max}`]);
  return n;
}

/** An ISO 8601 timestamp (with offset) or a date; answers epoch milliseconds. */
export function timeParam(query: Query, name: string): number | undefined {
  const v = stringParam(query, name);
  if (v === undefined) return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v);
  const t = ok ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(t)) throw badRequest(`Invalid value for ${name}`, [`${name}: must be an ISO 8601 timestamp`]);
  return t;
}

/** `fields` limits the response to these keys (id always kept). */
export function pickFields<T extends object>(record: T, fields: string[] | undefined): Partial<T> {
  if (!fields) return record;
  const out: Record<string, unknown> = { id: (record as Record<string, unknown>).id };
  for (const f of fields) if (f in record) out[f] = (record as Record<string, unknown>)[f];
  return out as Partial<T>;
}
