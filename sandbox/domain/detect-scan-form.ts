import type { FastifyRequest } from 'fastify';
import { scanReturnAddressSchema } from '../../shared/schemas/detect';
import { badRequest, parseOr400 } from '../http/errors';
import { readMultipart } from '../http/multipart';

// The scan service form of the Scanning group (the sandbox files Scanning with Detect: docs/detect.md).

export interface PostalAddress {
  street_name: string | null;
  extra_lines: string[];
  city: string | null;
  post_code: string | null;
  country_code: string | null;
}

export interface ReturnAddress {
  email_address: string | null;
  postal_address: PostalAddress;
}

/** What one POST or PUT changes: a value sets, null (an empty field) clears, a missing field keeps. */
export interface ReturnAddressPatch {
  email_address?: string | null;
  postal_address?: Partial<PostalAddress>;
}

const POSTAL_FIELDS = ['street_name', 'city', 'post_code', 'country_code'] as const;
const FIELD =
  /^return_address\[(email_address)\]$|^return_address\[postal_address\]\[(street_name|city|post_code|country_code|extra_lines)\](?:\[\d*\])?$/;

export const emptyReturnAddress = (): ReturnAddress => ({
  email_address: null,
  postal_address: { street_name: null, extra_lines: [], city: null, post_code: null, country_code: null },
});

/** The request's fields by name, whether sent as multipart, form-urlencoded or nothing at all. */
async function formFields(req: FastifyRequest): Promise<Map<string, string[]>> {
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('multipart/')) return (await readMultipart(req)).fields;
  const out = new Map<string, string[]>();
  if (req.body === undefined || req.body === null) return out;
  if (!type.startsWith('application/x-www-form-urlencoded') || typeof req.body !== 'object') {
    throw badRequest('The scan service takes form fields', [
      'body: send multipart/form-data or application/x-www-form-urlencoded with return_address[...] fields',
    ]);
  }
  for (const [k, v] of Object.entries(req.body as Record<string, string | string[]>)) {
    const name = k.endsWith('[]') ? k.slice(0, -2) : k;
    out.set(name, [...(out.get(name) ?? []), ...(Array.isArray(v) ? v : [v])]);
  }
  return out;
}

/**
 * Reads the bracketed form of POST and PUT /v1/services/scan into a patch, refusing unknown field
 * names (a typo would otherwise be lost without a word) and invalid values (400 with field paths).
 */
export async function readReturnAddressForm(req: FastifyRequest): Promise<ReturnAddressPatch> {
  const fields = await formFields(req);
  const unknown: string[] = [];
  const patch: ReturnAddressPatch = {};
  const postal: Partial<PostalAddress> = {};
  const lines: string[] = [];
  let linesGiven = false;
  for (const [name, values] of fields) {
    const m = FIELD.exec(name);
    if (!m) {
      unknown.push(`${name}: not a field of the scan service`);
      continue;
    }
    const key = m[1] ?? m[2];
    if (key === 'extra_lines') {
      linesGiven = true;
      lines.push(...values.filter((v) => v !== ''));
      continue;
    }
    if (values.length > 1) unknown.push(`${name}: given ${values.length} times`);
    const value = values[0] === undefined || values[0] === '' ? null : values[0].trim();
    if (key === 'email_address') patch.email_address = value;
    else postal[key as (typeof POSTAL_FIELDS)[number]] = value;
  }
  if (unknown.length) throw badRequest('The form has fields the scan service does not know', unknown);
  if (linesGiven) postal.extra_lines = lines;
  if (Object.keys(postal).length) patch.postal_address = postal;
  if (postal.country_code) postal.country_code = postal.country_code.toUpperCase();
  // Validate what is set; nulls only clear.
  const setPostal = Object.fromEntries(Object.entries(postal).filter(([, v]) => v !== null));
  parseOr400(scanReturnAddressSchema, {
    ...(patch.email_address ? { email_address: patch.email_address } : {}),
    ...(Object.keys(setPostal).length ? { postal_address: setPostal } : {}),
  });
  return patch;
}

export function applyReturnAddress(current: ReturnAddress, patch: ReturnAddressPatch): ReturnAddress {
  return {
    email_address: patch.email_address === undefined ? current.email_address : patch.email_address,
    postal_address: { ...current.postal_address, ...patch.postal_address },
  };
}
