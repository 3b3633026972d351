import { z } from 'zod';
import { CONSUMER_LOOKUP_ROUTES } from '../../shared/enums';
import { badRequest } from '../http/errors';
import { enumArrayParam, stringParam } from '../http/query';
import { type ConsumerAnswer, consumerEntry } from './lookup-directory';
import { nonEmpty, parsePlain } from './settings-issues';

/** Norwegian national identity number (fødselsnummer): 11 digits with two mod-11 check digits. */
export function isNorwegianSsn(ssn: string): boolean {
  if (!/^\d{11}$/.test(ssn)) return false;
  const d = [...ssn].map(Number);
  const check = (weights: number[]) => {
    const k = 11 - (weights.reduce((s, w, i) => s + w * (d[i] ?? 0), 0) % 11);
    return k === 11 ? 0 : k;
  };
  const k1 = check([3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = check([5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k1 !== 10 && k2 !== 10 && k1 === d[9] && k2 === d[10];
}

const querySchema = z.object({
  ssn: z.string().refine(isNorwegianSsn, 'must be a valid Norwegian national identity number (11 digits)').optional(),
  date_of_birth: z.iso.date('must be a date in the form YYYY-MM-DD').optional(),
  phone_number: z
    .string()
    .regex(/^\+\d{7,15}$/, 'must be in international format such as +4791234567')
    .optional(),
  email: z.email().optional(),
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  postal_code: z
    .string()
    .regex(/^\d{4}$/, 'must be a 4-digit Norwegian postal code')
    .optional(),
  city: z.string().trim().min(1).max(100).optional(),
  reference_number: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, 'must be letters, digits or hyphens')
    .optional(),
  efaktura_identifier: z
    .string()
    .regex(/^\d{9}$/, 'must be 9 digits')
    .optional(),
});
const FIELDS = Object.keys(querySchema.shape) as (keyof z.infer<typeof querySchema>)[];
/** Values that single out one person; a name needs a birth date or postal code beside it. */
const IDENTIFYING = ['ssn', 'phone_number', 'email', 'efaktura_identifier', 'reference_number'] as const;

/**
 * GET /v1/lookup/consumers: validates the query, requires at least one identifying parameter, and
 * answers from the deterministic registry (null when the consumer is not found).
 */
export function lookupConsumer(query: Record<string, unknown>): ConsumerAnswer | null {
  const raw: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = stringParam(query, f);
    if (v !== undefined) raw[f] = v;
  }
  const q = parsePlain(querySchema, raw);
  const routes = nonEmpty(enumArrayParam(query, 'routes', CONSUMER_LOOKUP_ROUTES)) ?? [...CONSUMER_LOOKUP_ROUTES];
  const ids = IDENTIFYING.flatMap((k) => (q[k] ? [q[k]] : []));
  const byName = q.last_name && (q.date_of_birth || q.postal_code);
  if (!ids.length && !byName) {
    throw badRequest('At least one identifying parameter is required', [
      `give one of ${IDENTIFYING.join(', ')}, or last_name with date_of_birth or postal_code`,
    ]);
  }
  const values = ids.length ? ids : [q.first_name ?? '', q.last_name ?? '', q.date_of_birth ?? '', q.postal_code ?? ''];
  const answer = consumerEntry(values, routes, { first: q.first_name, last: q.last_name });
  if (answer && q.efaktura_identifier) answer.efaktura_identifier = q.efaktura_identifier;
  return answer;
}
