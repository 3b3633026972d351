import { DOCUMENT_OPTION_FIELDS, INVOICE_OPTION_FIELDS } from '../../../shared/schemas/sending-options';
import type { JsonObject } from '../store/columns';

/**
 * Per-folder sending options (stored per account and folder): their fields and checks live in
 * shared/schemas/sending-options.ts, so the Settings page lists and explains the same ones.
 */
export { DOCUMENT_OPTION_FIELDS, INVOICE_OPTION_FIELDS };

export type FormFields = Record<string, string | string[] | boolean | undefined>;

/** Keeps only the fields the endpoint takes, as strings, booleans or lists of strings. */
export function formFieldsFrom(options: JsonObject, allowed: readonly string[]): FormFields {
  const out: FormFields = {};
  for (const key of allowed) {
    const v = options[key];
    if (typeof v === 'string' || typeof v === 'boolean') out[key] = v;
    else if (typeof v === 'number') out[key] = String(v);
    else if (Array.isArray(v)) out[key] = v.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

/** Parses `key=value` words from the command line into options; true/false become booleans, a,b lists. */
export function parseOptionWords(words: readonly string[], allowed: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const w of words) {
    const i = w.indexOf('=');
    if (i <= 0) throw new Error(`Options are written key=value, not '${w}'`);
    const key = w.slice(0, i);
    const raw = w.slice(i + 1);
    if (!allowed.includes(key)) throw new Error(`Unknown option '${key}'. Known: ${allowed.join(', ')}`);
    out[key] =
      raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : key.endsWith('routes') || key === 'route_order'
            ? raw.split(',').filter(Boolean)
            : raw;
  }
  return out;
}
