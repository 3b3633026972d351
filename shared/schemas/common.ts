import { z } from 'zod';

/**
 * Response records are parsed loosely: unknown fields are kept, so a newer service never breaks an
 * older client. Request bodies are checked by the sandbox with the strict variants in each module.
 */
export const loose = z.looseObject;

/** One reason as the service may write it: a word, or an object naming its field and what is wrong with it. */
const reasonText = (r: unknown, field?: string): string[] => {
  if (typeof r === 'string' || typeof r === 'number') return [field ? `${field}: ${r}` : String(r)];
  if (Array.isArray(r)) return r.flatMap((x) => reasonText(x, field));
  if (r && typeof r === 'object') {
    const o = r as Record<string, unknown>;
    const said = o.message ?? o.reason ?? o.code;
    if (typeof said === 'string') return [typeof o.field === 'string' ? `${o.field}: ${said}` : said];
    return Object.entries(o).flatMap(([k, v]) => reasonText(v, field ? `${field}.${k}` : k));
  }
  return [];
};

/**
 * The schema says `details` is a list of strings; the real service has answered reasons as an object
 * (field to reason). Either is read into lines, so a refusal's code and reasons are never lost to a
 * shape the schema did not foresee; any other shape is dropped, never the whole body.
 */
export const errorBodySchema = z.looseObject({
  code: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  details: z
    .unknown()
    .transform((d) => (d === null ? undefined : reasonText(d)))
    .optional(),
});

export const isoTimestamp = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code (ISO 3166-1 alpha-2)');
export const email = z.email();
export const httpsUrl = z.url({ protocol: /^https$/ });

export const tokenResponseSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const authenticatedStatusSchema = z.looseObject({
  client_id: z.string(),
  expires_at: z.string(),
});

export const currentSchema = z.looseObject({
  user: z.looseObject({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  company: z.looseObject({
    id: z.string(),
    bid: z.string(),
    name: z.string(),
    country: z.string(),
    vat: z.string().nullable().optional(),
  }),
  scopes: z.array(z.string()),
});
export type Current = z.infer<typeof currentSchema>;

export const licenseDataSchema = z.object({
  key: z.string().optional(),
  meta: z
    .object({
      licensing: z.string().optional(),
      erp_name: z.string().optional(),
      erp_version: z.string().optional(),
      erp_user: z.string().optional(),
    })
    .optional(),
});

/** Pagination headers of paged lists (documents, and the sandbox adds them to every paged list). */
export const PAGINATION_HEADERS = ['x-total', 'x-total-pages', 'x-page', 'x-next-page', 'x-prev-page', 'x-per-page', 'link'] as const;
