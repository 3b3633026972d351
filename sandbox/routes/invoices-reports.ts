import type { FastifyInstance } from 'fastify';
import {
  INVOICE_REPORT_REASONS,
  type InvoiceReport,
  type InvoiceReportReason,
  invoiceReportBodySchema,
  NATIONALNET_RESPONSE_RULES,
  type NationalnetResponse,
  nationalnetResponseBodySchema,
} from '../../shared/schemas/invoice';
import { authOf } from '../auth/guard';
import { action, bumpRevision } from '../domain/invoice-create';
import { ApiError, badRequest, conflict, notFound, parseOr400 } from '../http/errors';
import { type InvoiceApi, idParam, ownInvoice } from './invoices-shared';

/** User reports on received invoices, and national-network responses to their senders. */

const REPORTS = 'invoice_reports';
const NATIONALNET = 'invoice_nationalnet_responses';

interface ReportRow extends InvoiceReport {
  company_id: string;
}

interface ResponseEntry {
  response: NationalnetResponse;
  reason: string | null;
  created_at: string;
}

/** One row per invoice (id = invoice id), so the latest response is one lookup away. */
interface ResponsesRow {
  id: string;
  company_id: string;
  responses: ResponseEntry[];
}

const DEFINITIONS: Record<InvoiceReportReason, { title: string; description: string }> = {
  FRAUD: { title: 'Suspected fraud', description: 'The invoice asks payment for goods or services that were never ordered or received.' },
  SPAM: { title: 'Spam', description: 'The invoice is unsolicited marketing disguised as an invoice.' },
  UNKNOWN_SENDER: { title: 'Unknown sender', description: 'The company has no business relationship with the sender.' },
  WRONG_RECIPIENT: { title: 'Wrong recipient', description: 'The invoice was meant for another company.' },
  CHANGED_BANK_ACCOUNT: { title: 'Changed bank account', description: 'The bank account differs from the one the sender used before.' },
  OTHER: { title: 'Other', description: 'Another reason, told in the description.' },
};

export function invoiceReportRoutes(app: FastifyInstance, api: InvoiceApi): void {
  const { ctx } = api;
  const guard = ctx.guard({ anyOf: ['invoice:receive', 'invoice:send'], verified: true });
  const reports = ctx.store.table<ReportRow>(REPORTS);
  const responses = ctx.store.table<ResponsesRow>(NATIONALNET);
  const publicReport = ({ company_id: _c, ...r }: ReportRow): InvoiceReport => r;

  app.get('/v1/invoices/reports/definitions', { preHandler: guard }, async () =>
    INVOICE_REPORT_REASONS.map((reason) => ({ reason, ...DEFINITIONS[reason] })),
  );

  app.get('/v1/invoices/:id/reports', { preHandler: guard }, async (req) => {
    const { company } = authOf(req);
    const r = ownInvoice(api, company.id, idParam(req));
    return reports.filter((x) => x.invoice_id === r.id && x.company_id === company.id).map(publicReport);
  });

  app.post('/v1/invoices/:id/reports', { preHandler: guard }, async (req, reply) => {
    const { company } = authOf(req);
    const r = ownInvoice(api, company.id, idParam(req));
    const body = parseOr400(invoiceReportBodySchema, req.body);
    if (r.direction !== 'RECEIVED') {
      throw new ApiError(403, 'forbidden', 'Only invoices the company received can be reported', [
        'direction: this invoice was sent by the company',
      ]);
    }
    if (reports.find((x) => x.invoice_id === r.id && x.company_id === company.id)) {
      throw conflict(undefined, 'The company has already reported this invoice', ['invoice: delete the earlier report to report it again']);
    }
    reports.put({
      id: ctx.newId(),
      company_id: company.id,
      invoice_id: r.id,
      reason: [...new Set(body.reason)],
      contact_email: body.contact_email,
      description: body.description ?? null,
      created_at: ctx.nowIso(),
    });
    return reply.code(204).send();
  });

  app.delete('/v1/invoices/:id/reports/:report_id', { preHandler: guard }, async (req, reply) => {
    const { company } = authOf(req);
    const r = ownInvoice(api, company.id, idParam(req));
    const report = reports.get(idParam(req, 'report_id'));
    if (!report || report.invoice_id !== r.id || report.company_id !== company.id) throw notFound('Report');
    reports.delete(report.id);
    return reply.code(204).send();
  });

  app.post(
    '/v1/invoices/:id/responses/nationalnet',
    { preHandler: ctx.guard({ anyOf: ['invoice:receive'], verified: true }) },
    async (req) => {
      const { company } = authOf(req);
      const r = ownInvoice(api, company.id, idParam(req));
      const body = parseOr400(nationalnetResponseBodySchema, req.body);
      const rule = NATIONALNET_RESPONSE_RULES[body.response];
      if (r.direction !== 'RECEIVED')
        throw badRequest('Responses are given to received invoices only', ['direction: this invoice was sent by the company']);
      if (rule.reason && !body.reason)
        throw badRequest(`The response ${body.response} needs a reason`, ['reason: required for UQ, CA and RE']);
      const row = responses.get(r.id);
      const last = row?.responses.at(-1);
      if (last && NATIONALNET_RESPONSE_RULES[last.response].final) {
        throw badRequest('A final response was already given', [`response: ${last.response} is final; no further responses are possible`]);
      }
      if (last && NATIONALNET_RESPONSE_RULES[last.response].rank >= rule.rank) {
        throw badRequest('Responses follow a fixed order', [
          `response: ${body.response} cannot follow ${last.response}; the order is AB, IP, UQ, CA, then AP or RE, then PD`,
        ]);
      }
      const entry: ResponseEntry = { response: body.response, reason: body.reason ?? null, created_at: ctx.nowIso() };
      responses.put({ id: r.id, company_id: company.id, responses: [...(row?.responses ?? []), entry] });
      api.table.update(r.id, (x) => {
        x.actions.push(
          action(
            'INFO',
            null,
            `National network response ${body.response} (${rule.name}) sent to ${x.sender?.name ?? 'the sender'}`,
            entry.created_at,
          ),
        );
        bumpRevision(x);
      });
      return { invoice_id: r.id, ...entry, final: rule.final, responses: [...(row?.responses ?? []), entry] };
    },
  );
}
