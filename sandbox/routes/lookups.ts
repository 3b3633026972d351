import type { FastifyInstance } from 'fastify';
import { DOCUMENT_TYPES, LOOKUP_NETWORKS } from '../../shared/enums';
import { sendingPartyBodySchema } from '../../shared/schemas/lookup';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { lookupConsumer } from '../domain/lookup-consumers';
import { ByCompany, touch } from '../domain/lookup-index';
import { directoryReceiver, eiaMatches, publicName, type ReceiverAnswer, ReceiverIndex, sameBid } from '../domain/lookup-receivers';
import { businessIdFromEndpoint, compactId } from '../domain/profile-identifiers';
import { nonEmpty, parsePlain } from '../domain/settings-issues';
import { badRequest, notFound } from '../http/errors';
import { paginate, readPage } from '../http/paging';
import { arrayParam, booleanParam, enumArrayParam, requiredString, stringParam } from '../http/query';

export const SENDING_PARTIES = 'sending_parties';

interface SendingPartyRecord {
  id: string;
  company_id: string;
  identifier: string;
  country: string;
  created_at: string;
}

type Query = Record<string, unknown>;

interface EndpointEntry {
  business_id: string;
  eia: string | null;
  operator: string | null;
  network: string | null;
  name: string | null;
  country: string | null;
  sending: string[];
}
const MAX_IDS = 10;
const COUNTRY = /^[A-Z]{2}$/;

/** A required id list of at most 10 (spec: Limits), each a plausible identifier. */
function idList(q: Query, name: string): string[] {
  const ids = arrayParam(q, name);
  if (!ids?.length) throw badRequest(`${name} is required`, [`${name}: required`]);
  if (ids.length > MAX_IDS) throw badRequest(`Too many ${name}`, [`${name}: at most ${MAX_IDS} per query, got ${ids.length}`]);
  const bad = ids.filter((id) => !/^[A-Za-z0-9 .:_-]{2,64}$/.test(id));
  if (bad.length)
    throw badRequest(
      `Invalid ${name}`,
      bad.map((b) => `${name}: '${b}' is not an identifier`),
    );
  return [...new Set(ids)];
}

function countryParam(q: Query, required: boolean): string | undefined {
  const c = required ? requiredString(q, 'country') : stringParam(q, 'country');
  if (c !== undefined && !COUNTRY.test(c))
    throw badRequest('Invalid country', ['country: must be a 2-letter country code (ISO 3166-1 alpha-2)']);
  return c;
}

/** Recipient and partner look-ups, and sending parties (spec: Lookups). */
export function lookupRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const parties = ctx.store.table<SendingPartyRecord>(SENDING_PARTIES);
  const partiesOf = new ByCompany<SendingPartyRecord>(ctx, SENDING_PARTIES);
  const index = new ReceiverIndex(ctx);
  const lookup = { preHandler: ctx.guard({ anyOf: ['lookup'] }) };

  app.get('/v1/lookup/endpoints', lookup, async (req) => {
    const q = req.query as Query;
    const bids = idList(q, 'business_ids');
    const sending = nonEmpty(enumArrayParam(q, 'sending', ['invoice'] as const));
    const country = countryParam(q, false);
    const receivesInvoices = (r: ReceiverAnswer) => r.document_types.some((d) => d.document_type === 'INVOICE');
    return bids.flatMap((bid): EndpointEntry[] => {
      const known = index.companiesWithBid(bid).find((c) => !country || c.country === country);
      const found = known
        ? index.ofBid(bid).filter((r) => !country || r.participant.country === country)
        : [directoryReceiver(bid, country)].flatMap((r) => (r ? [r] : []));
      const seen = new Set<string>();
      const entries = found
        .filter((r) => (!sending || receivesInvoices(r)) && !seen.has(`${r.network}|${r.eia}`) && seen.add(`${r.network}|${r.eia}`))
        .map((r) => ({
          business_id: bid,
          eia: r.eia,
          operator: r.operator,
          network: r.network,
          name: r.participant.name,
          country: r.participant.country,
          sending: receivesInvoices(r) ? ['invoice'] : [],
        }));
      if (entries.length) return entries;
      const fallbackCountry = known?.country ?? country ?? null;
      return [
        { business_id: bid, eia: null, operator: null, network: null, name: known?.name ?? null, country: fallbackCountry, sending: [] },
      ];
    });
  });

  app.get('/v1/lookup/consumers', lookup, async (req) => {
    const answer = lookupConsumer(req.query as Query);
    if (!answer) throw notFound('Consumer');
    return answer;
  });

  app.get('/v1/lookup/receivers', lookup, async (req, reply) => {
    const q = req.query as Query;
    const networks = enumArrayParam(q, 'network', LOOKUP_NETWORKS);
    if (!networks?.length) throw badRequest('network is required', [`network: required, one or more of ${LOOKUP_NETWORKS.join(', ')}`]);
    const eiaText = stringParam(q, 'eia');
    const eia = eiaText === undefined ? undefined : /^(\d{4}):([A-Za-z0-9._-]{1,60})$/.exec(eiaText);
    if (eia === null) throw badRequest('Invalid eia', ['eia: must be scheme:identifier such as 0192:123456789']);
    const bid = stringParam(q, 'bid')?.trim() || undefined;
    const name = stringParam(q, 'name')?.trim().toLowerCase() || undefined;
    const countries = nonEmpty(arrayParam(q, 'country'));
    const badCountry = countries?.filter((c) => !COUNTRY.test(c)) ?? [];
    if (badCountry.length)
      throw badRequest(
        'Invalid country',
        badCountry.map((c) => `country: '${c}' is not a 2-letter country code`),
      );
    const types = nonEmpty(enumArrayParam(q, 'document_type', DOCUMENT_TYPES));
    const variants = booleanParam(q, 'allow_eia_variants') ?? false;
    const page = readPage(q, 10);
    const [scheme, endpointId] = eia ? [eia[1] ?? '', eia[2] ?? ''] : ['', ''];

    const wanted = (r: ReceiverAnswer) =>
      networks.includes(r.network) &&
      (!eia || eiaMatches(r, scheme, endpointId, variants)) &&
      (!bid || sameBid(r.participant.bid, bid)) &&
      (!name || r.participant.name.toLowerCase().includes(name)) &&
      (!countries || countries.includes(r.participant.country)) &&
      (!types || r.document_types.some((d) => types.includes(d.document_type as (typeof DOCUMENT_TYPES)[number])));
    const candidates = bid ? index.ofBid(bid) : eia ? index.ofAddress(scheme, endpointId) : index.all();
    const items = candidates.filter(wanted);
    // The outside world answers only a named company: by bid, or by the bid an eia was made of.
    const outside = bid
      ? { bid, country: countries?.length === 1 ? countries[0] : null }
      : eia
        ? businessIdFromEndpoint(scheme, endpointId)
        : null;
    if (outside && !index.companiesWithBid(outside.bid).length) {
      const r = directoryReceiver(outside.bid, outside.country);
      if (r && wanted(r)) items.push(r);
    }
    return paginate(items, page, req, reply);
  });

  app.get('/v1/partner/lookups/companies', { preHandler: ctx.guard({ anyOf: ['partner:lookups'] }) }, async (req) => {
    const q = req.query as Query;
    const bids = idList(q, 'bids');
    const country = countryParam(q, true);
    return (
      bids
        .flatMap((b) => index.companiesWithBid(b).filter((c) => c.country === country))
        // Two spellings of one business id find the same company once.
        .filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i)
        .map((c) => ({ bid: c.business_id, name: publicName(ctx, c), country: c.country, company_id: c.id }))
    );
  });

  app.get('/v1/data/sending_parties', lookup, async (req) => {
    const { company } = authOf(req);
    const q = req.query as Query;
    const keys = new Set(idList(q, 'identifiers').map(compactId));
    const country = countryParam(q, false);
    return partiesOf
      .of(company.id)
      .filter((p) => keys.has(compactId(p.identifier)) && (!country || p.country === country))
      .map(({ company_id: _c, ...p }) => p);
  });

  app.post('/v1/data/sending_parties', lookup, async (req, reply) => {
    const { company } = authOf(req);
    const body = parsePlain(sendingPartyBodySchema, req.body);
    const key = compactId(body.identifier);
    const existing = partiesOf.of(company.id).find((p) => p.country === body.country && compactId(p.identifier) === key);
    const rec =
      existing ??
      parties.put({
        id: ctx.newId(),
        company_id: company.id,
        identifier: body.identifier,
        country: body.country,
        created_at: ctx.nowIso(),
      });
    if (!existing) touch(ctx, SENDING_PARTIES);
    const { company_id: _c, ...out } = rec;
    return reply.code(existing ? 200 : 201).send(out);
  });
}
