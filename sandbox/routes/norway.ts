import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ATG_AGREEMENT_STATUSES, ATG_MANDATE_STATUSES } from '../../shared/enums';
import { atgAgreementCreateBodySchema, atgAgreementPatchBodySchema, kidLayoutProblems } from '../../shared/schemas/atg';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { normalizeAccount } from '../domain/atg-numbers';
import {
  type AgreementRow,
  addMandate,
  agreementsTable,
  agreementView,
  findMandates,
  mandateInputSchema,
  mandatesTable,
  mandateView,
} from '../domain/atg-state';
import { ApiError, badRequest, notFound, parseOr400 } from '../http/errors';
import { paginate, readPage } from '../http/paging';
import { booleanParam, enumArrayParam, stringParam, timeParam } from '../http/query';

type Query = Record<string, unknown>;

/** parse_values works only for fewer results than this (spec: Limits). */
export const PARSE_VALUES_LIMIT = 20;
const read = { anyOf: ['company:read'] };
const write = { anyOf: ['company:write'] };

/** Norwegian consumer invoicing: the B2CNO agreement information, ATG agreements and their mandates. */
export function norwayRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const agreements = agreementsTable(ctx);

  const ownAgreement = (companyId: string, raw: string): AgreementRow => {
    const account = normalizeAccount(raw);
    if (!/^\d{11}$/.test(account)) throw badRequest('Invalid account number', ['account_number: must be 11 digits']);
    const a = agreements.get(account);
    if (!a || a.company_id !== companyId) throw notFound('ATG agreement');
    return a;
  };

  app.get('/v1/services/b2cno', { preHandler: ctx.guard(read) }, async (req) => {
    const { company } = authOf(req);
    const own = agreements.filter((a) => a.company_id === company.id);
    const active = own.filter((a) => a.status === 'ACTIVE').length;
    const efaktura = company.country === 'NO';
    return {
      company_id: company.id,
      status: efaktura || active > 0 ? 'ACTIVE' : 'INACTIVE',
      efaktura: { enabled: efaktura, issuer_id: efaktura ? company.business_id : null },
      avtalegiro: { enabled: active > 0, agreements: own.length, active_agreements: active },
    };
  });

  app.get('/v1/services/atg', { preHandler: ctx.guard(read) }, async (req) => {
    const { company } = authOf(req);
    return agreements.filter((a) => a.company_id === company.id).map(agreementView);
  });

  app.post('/v1/services/atg', { preHandler: ctx.guard(write) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = parseOr400(atgAgreementCreateBodySchema, req.body);
    const problems = kidLayoutProblems(body);
    if (problems.length) throw badRequest('The KID layout does not fit', problems);
    if (agreements.has(body.account_number)) {
      throw new ApiError(409, 'atg_agreement_exists', 'The account already has an ATG agreement', [
        `account_number: ${body.account_number} already has an agreement`,
      ]);
    }
    const now = ctx.nowIso();
    // A new agreement waits for the signer (signer_email) to sign it: PENDING until then.
    const row = agreements.put({
      id: body.account_number,
      company_id: company.id,
      account_number: body.account_number,
      kid_length: body.kid_length,
      reference_position: body.reference_position,
      payment_type_position: body.payment_type_position ?? null,
      signer_email: body.signer_email,
      notification_by_print: body.notification_by_print ?? false,
      notification_by_email: body.notification_by_email ?? false,
      status: 'PENDING',
      created_at: now,
      updated_at: now,
    });
    return reply.code(201).send(agreementView(row));
  });

  app.get('/v1/services/atg/mandates', { preHandler: ctx.guard(read) }, async (req, reply) => {
    const { company } = authOf(req);
    const q = req.query as Query;
    const page = readPage(q, 10);
    const parse = booleanParam(q, 'parse_values') ?? false;
    const query = stringParam(q, 'query')?.trim();
    const found = findMandates(ctx, company.id, {
      query: query || undefined,
      since: timeParam(q, 'timestamp'),
      statuses: enumArrayParam(q, 'status', ATG_MANDATE_STATUSES),
    });
    if (parse && found.length >= PARSE_VALUES_LIMIT) {
      throw badRequest(`parse_values works only for fewer than ${PARSE_VALUES_LIMIT} results; this query has ${found.length}`, [
        `parse_values: narrow the query (query, status, timestamp) to fewer than ${PARSE_VALUES_LIMIT} mandates, or leave parse_values out`,
      ]);
    }
    const rows = paginate(found, page, req, reply);
    return rows.map((m) => mandateView(m, parse ? agreements.get(m.account_number) : undefined));
  });

  app.get('/v1/services/atg/:account_number', { preHandler: ctx.guard(read) }, async (req) => {
    const { company } = authOf(req);
    return agreementView(ownAgreement(company.id, (req.params as { account_number: string }).account_number));
  });

  app.patch('/v1/services/atg/:account_number', { preHandler: ctx.guard(write) }, async (req, reply) => {
    const { company } = authOf(req);
    const a = ownAgreement(company.id, (req.params as { account_number: string }).account_number);
    const body = parseOr400(atgAgreementPatchBodySchema, req.body);
    const next = {
      ...a,
      ...body,
      payment_type_position: body.payment_type_position === undefined ? a.payment_type_position : body.payment_type_position,
    };
    const problems = kidLayoutProblems(next);
    if (problems.length) throw badRequest('The KID layout does not fit', problems);
    agreements.put({ ...next, updated_at: ctx.nowIso() });
    return reply.code(204).send();
  });

  // ---- Admin: mandates from payers, and the agreement's signing (sandbox/docs/detect.md)

  app.post('/__sandbox/companies/:id/atg-mandates', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    if (!ctx.companies.has(id)) throw notFound('Company');
    const many = Array.isArray(req.body);
    const inputs = parseOr400(z.array(mandateInputSchema).min(1).max(1000), many ? req.body : [req.body]);
    const made = inputs.map((input) => mandateView(addMandate(ctx, id, input)));
    return reply.code(201).send(many ? made : made[0]);
  });

  app.patch('/__sandbox/companies/:id/atg-agreements/:account_number', async (req) => {
    const { id, account_number } = req.params as { id: string; account_number: string };
    const body = parseOr400(z.strictObject({ status: z.enum(ATG_AGREEMENT_STATUSES) }), req.body);
    const a = ownAgreement(id, account_number);
    return agreementView(agreements.put({ ...a, status: body.status, updated_at: ctx.nowIso() }));
  });

  app.delete('/__sandbox/companies/:id/atg-mandates', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const table = mandatesTable(ctx, id);
    for (const m of [...table.values()]) table.delete(m.id);
    return reply.code(204).send();
  });
}
