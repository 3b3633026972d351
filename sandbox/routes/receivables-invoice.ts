import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assignmentCreateBodySchema, type CollectionService } from '../../shared/schemas/receivables';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ACCEPT_DELAY_MS, assignmentsTable, invoiceAssignmentView, settle, threadsTable } from '../domain/receivables-assignments';
import { activeService } from '../domain/receivables-services';
import { INVOICES, type InvoiceRecord } from '../domain/records';
import { ApiError, invalidParameters, notFound, parseOr400 } from '../http/errors';
import { baseUrl, idParam } from './invoices-shared';

const forbidden = (message: string, detail: string) => new ApiError(403, 'forbidden', message, [detail]);
const read = { anyOf: ['invoice:send', 'invoice:receive', 'receivables:assignments'] };
const create = { anyOf: ['invoice:send', 'receivables:assignments'] };

/** An invoice's assignment on the base host: POST /v1/invoices/{id}/assignment and its status. */
export function receivablesInvoiceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const invoices = ctx.store.table<InvoiceRecord>(INVOICES);
  const ownInvoice = (companyId: string, id: string) => {
    const r = invoices.get(id);
    if (!r || r.company_id !== companyId) throw notFound('Invoice');
    return r;
  };
  /** The invoice's latest assignment; one that failed may be replaced by a new POST. */
  const latest = (companyId: string, invoiceId: string) => {
    const found = assignmentsTable(ctx, companyId).filter((a) => a.invoice_id === invoiceId);
    return found[found.length - 1];
  };

  for (const v of ['v1', 'v2']) {
    app.get(`/${v}/invoices/:id/assignment`, { preHandler: ctx.guard(read) }, async (req) => {
      const { company } = authOf(req);
      const inv = ownInvoice(company.id, idParam(req));
      const a = latest(company.id, inv.id);
      if (!a) throw notFound('Assignment');
      return invoiceAssignmentView(settle(ctx, assignmentsTable(ctx, company.id), a), baseUrl(req));
    });
  }

  /**
   * Makes the invoice's assignment; `only` names the service it must go to (the collectorc route),
   * otherwise it goes to the first active service.
   */
  const assign = (req: FastifyRequest, reply: FastifyReply, only?: CollectionService) => {
    const { company } = authOf(req);
    const inv = ownInvoice(company.id, idParam(req));
    const body = parseOr400(assignmentCreateBodySchema, req.body, 'invalid_parameters');
    if (inv.direction !== 'SENT') throw forbidden('Only sent invoices can be collected', 'direction: RECEIVED');
    if (inv.status === 'FAILED') {
      throw forbidden('The invoice never reached the payer, so it cannot be collected', 'status: FAILED; reroute the invoice first');
    }
    const service = only ? (activeService(ctx, company.id, only) ? only : undefined) : activeService(ctx, company.id);
    if (!service) {
      throw only
        ? forbidden(`The company has not joined the ${only} service`, `service: join ${only} first (PUT /v2/services/${only}/receivables)`)
        : forbidden('The company has no active collection service', 'service: join a collection service first');
    }
    const before = latest(company.id, inv.id);
    if (before && before.status !== 'error') throw forbidden('The invoice is already in collection', `assignment_id: ${before.id}`);

    const total = body.amounts ? body.amounts.principal + (body.amounts.interest ?? 0) + (body.amounts.fees ?? 0) : null;
    const principal = body.amounts?.principal ?? body.collectable_amount ?? inv.sum;
    if (principal === null) throw invalidParameters('The invoice has no sum', ['collectable_amount: give the amount to collect']);
    if (inv.sum !== null && principal > inv.sum + 0.005) {
      const field = body.amounts ? 'amounts.principal' : 'collectable_amount';
      throw invalidParameters('The amount is more than the invoice', [`${field}: at most ${inv.sum.toFixed(2)}, the invoice's sum`]);
    }
    const payerIds = body.payer_identifiers ?? [];
    const ssns = body.payer_ssns ?? [];
    const identified = payerIds.length > 0 || ssns.length > 0 || Boolean(inv.recipient?.bid);
    const now = ctx.nowIso();
    const id = ctx.newId();
    assignmentsTable(ctx, company.id).put({
      id,
      company_id: company.id,
      invoice_id: inv.id,
      invoice_number: inv.number,
      service,
      collection_type: body.collection_type,
      // Without a way to identify the payer the agency cannot act: the assignment errs at once.
      status: identified ? 'pending' : 'error',
      reason: identified
        ? 'Waiting for the agency to accept the assignment'
        : 'The payer cannot be identified: give a business id or a personal identity number',
      phase: 'waiting',
      closed: false,
      currency: inv.currency ?? 'EUR',
      collectable_amount: total ?? principal,
      amounts: body.amounts ?? null,
      paid_amount: 0,
      credited_amount: 0,
      written_off_amount: 0,
      payer_name: inv.recipient?.name ?? null,
      payer_identifiers: payerIds.length ? payerIds : inv.recipient?.bid ? [inv.recipient.bid] : [],
      payer_ssns: ssns,
      industry_specific_options: body.industry_specific_options ?? null,
      summary: body.assignment_summary ?? null,
      accept_at: identified ? ctx.now() + ACCEPT_DELAY_MS : null,
      created_at: now,
      updated_at: now,
    });
    threadsTable(ctx, company.id).put({
      id: ctx.newId(),
      assignment_id: id,
      subject: `Invoice ${inv.number ?? inv.id}`,
      status: 'open',
      updated_at: now,
    });
    return reply.code(202).send({ status: identified ? 'pending' : 'error', assignment_id: id });
  };

  app.post('/v1/invoices/:id/assignment', { preHandler: ctx.guard(create) }, async (req, reply) => assign(req, reply));
  // The spec shows neither body nor answer: the sandbox takes the v1 body and answers as v1 does.
  app.post('/v2/invoices/:id/assignment/collectorc', { preHandler: ctx.guard(create) }, async (req, reply) =>
    assign(req, reply, 'collectorc'),
  );
}
