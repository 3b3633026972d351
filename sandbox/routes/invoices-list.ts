import type { FastifyInstance } from 'fastify';
import { DIRECTIONS, type Direction, INVOICE_STATUSES } from '../../shared/enums';
import { authOf } from '../auth/guard';
import { PUBLIC_INVOICE_FIELDS, toPublic } from '../domain/invoice-view';
import type { InvoiceRecord } from '../domain/records';
import { badRequest } from '../http/errors';
import { pageBounds, paginate, readPage } from '../http/paging';
import { arrayParam, enumArrayParam, enumParam, pickFields, stringParam, timeParam } from '../http/query';
import { baseUrl, type InvoiceApi, onlyParams } from './invoices-shared';

const LIST_PARAMS = [
  'direction',
  'status',
  'ids',
  'number',
  'reference',
  'received_at_start',
  'received_at_end',
  'created_at_start',
  'created_at_end',
  'sort',
  'page',
  'per_page',
  'fields',
] as const;
export const MAX_IDS = 100;
export const DEFAULT_PER_PAGE = 10;

const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());
const receivedAt = (r: InvoiceRecord): string => r.received_at ?? r.created_at;

function range(query: Record<string, unknown>, name: 'received_at' | 'created_at'): [string | undefined, string | undefined] {
  const start = iso(timeParam(query, `${name}_start`));
  const end = iso(timeParam(query, `${name}_end`));
  if (start && end && start > end) throw badRequest(`Invalid ${name} range`, [`${name}_start: must not be after ${name}_end`]);
  return [start, end];
}

/** First position in the ascending list whose received_at is >= t (or > t with `after`). */
function bound(api: InvoiceApi, ids: readonly string[], t: string, after: boolean): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const r = api.table.get(ids[mid] as string);
    const v = r ? receivedAt(r) : '';
    if (after ? v <= t : v < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The [lo, hi) positions of the company's ascending list inside the received_at range. */
function receivedWindow(api: InvoiceApi, companyId: string, direction: Direction, start?: string, end?: string): [number, number] {
  const all = api.index.ids(companyId, direction);
  const lo = start ? bound(api, all, start, false) : 0;
  const hi = end ? bound(api, all, end, true) : all.length;
  return [lo, Math.max(lo, hi)];
}

export function invoiceListRoutes(app: FastifyInstance, api: InvoiceApi): void {
  const { ctx } = api;

  app.get('/v1/invoices', { preHandler: ctx.guard({ anyOf: ['invoice:receive', 'invoice:send'], verified: true }) }, async (req, reply) => {
    const { company } = authOf(req);
    const q = onlyParams(req.query, LIST_PARAMS);
    const direction = enumParam(q, 'direction', DIRECTIONS) ?? 'RECEIVED';
    const statuses = enumArrayParam(q, 'status', INVOICE_STATUSES);
    const ids = arrayParam(q, 'ids');
    if (ids && ids.length > MAX_IDS) throw badRequest('Too many ids', [`ids: at most ${MAX_IDS} per query, got ${ids.length}`]);
    const number = stringParam(q, 'number');
    const reference = stringParam(q, 'reference');
    const [recStart, recEnd] = range(q, 'received_at');
    const [creStart, creEnd] = range(q, 'created_at');
    const sort = arrayParam(q, 'sort') ?? ['-received_at'];
    const badSort = sort.filter((s) => s !== 'received_at' && s !== '-received_at');
    if (badSort.length)
      throw badRequest(
        'Invalid sort',
        badSort.map((s) => `sort: '${s}' is not supported; use received_at or -received_at`),
      );
    if (sort.length > 1) throw badRequest('Invalid sort', ['sort: give received_at or -received_at once']);
    const descending = sort[0] === '-received_at';
    const fields = arrayParam(q, 'fields');
    const badFields = (fields ?? []).filter((f) => !(PUBLIC_INVOICE_FIELDS as readonly string[]).includes(f));
    if (badFields.length)
      throw badRequest(
        'Invalid fields',
        badFields.map((f) => `fields: '${f}' is not a field of the invoice`),
      );
    const page = readPage(q, DEFAULT_PER_PAGE);

    const matches = (r: InvoiceRecord): boolean =>
      (!statuses || statuses.includes(r.status)) &&
      (number === undefined || r.number === number) &&
      (reference === undefined || r.reference === reference) &&
      (!creStart || r.created_at >= creStart) &&
      (!creEnd || r.created_at <= creEnd) &&
      (!recStart || receivedAt(r) >= recStart) &&
      (!recEnd || receivedAt(r) <= recEnd);

    // Two tries: the first may find the index stale (something wrote the table directly) and rebuild it.
    for (let attempt = 0; attempt < 2; attempt++) {
      let pageIds: string[];
      const narrowed = statuses || number !== undefined || reference !== undefined || creStart || creEnd;
      if (ids || narrowed) {
        let ordered: readonly string[];
        if (ids) {
          const picked = [...new Set(ids)]
            .map((id) => api.table.get(id))
            .filter((r): r is InvoiceRecord => !!r && r.company_id === company.id && r.direction === direction && matches(r));
          picked.sort((a, b) => (receivedAt(a) < receivedAt(b) ? -1 : receivedAt(a) > receivedAt(b) ? 1 : a.seq - b.seq));
          ordered = picked.map((r) => r.id);
        } else {
          const [lo, hi] = receivedWindow(api, company.id, direction, recStart, recEnd);
          ordered = api.index
            .ids(company.id, direction)
            .slice(lo, hi)
            .filter((id) => {
              const r = api.table.get(id);
              return !!r && matches(r);
            });
        }
        pageIds = paginate(descending ? [...ordered].reverse() : ordered, page, req, reply);
      } else {
        // The index is ordered by received_at: a range is two binary searches and a page is picked by
        // position, so a page costs the same however many invoices the company has.
        const all = api.index.ids(company.id, direction);
        const [lo, hi] = receivedWindow(api, company.id, direction, recStart, recEnd);
        const { start, end } = pageBounds(hi - lo, page, req, reply);
        pageIds = [];
        for (let i = start; i < end; i++) pageIds.push(all[descending ? hi - 1 - i : lo + i] as string);
      }
      const records = api.index.resolve(pageIds);
      if (!records) continue;
      const base = baseUrl(req);
      if (fields) return records.map((r) => pickFields(toPublic(r, base), fields));
      // The real service's sent list shows no uuid (real-service-facts F1): a client must not need one.
      if (direction === 'SENT' && !ctx.config.listUuids)
        return records.map((r) => {
          const { uuid: _left, ...rest } = toPublic(r, base);
          return rest;
        });
      return reply.type('application/json; charset=utf-8').send(`[${records.map((r) => api.json.json(r, base)).join(',')}]`);
    }
    return [];
  });
}
