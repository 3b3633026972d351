import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INVOICE_ORIGINS } from '../../shared/enums';
import { isoTimestamp } from '../../shared/schemas/common';
import { applyDelivery, newReceivedInvoice, readInvoiceSource } from '../domain/invoice-create';
import { InvoiceFileError } from '../domain/invoice-parsed';
import { toPublic } from '../domain/invoice-view';
import type { InvoiceRecord } from '../domain/records';
import { badRequest, conflict, notFound, parseOr400 } from '../http/errors';
import { readMultipart, requireFile } from '../http/multipart';
import { baseUrl, type InvoiceApi, idParam } from './invoices-shared';

/** Admin API of the invoice group: deliver a received invoice, move a sent invoice's delivery status. */

const receivedFieldsSchema = z.strictObject({
  sender_name: z.string().trim().min(1).max(200).optional(),
  received_at: isoTimestamp.optional(),
  origin: z.enum(INVOICE_ORIGINS).optional(),
});

const statusBodySchema = z.strictObject({
  status: z.enum(['DELIVERED', 'FAILED']),
  message: z.string().trim().min(1).max(1000).optional(),
});

/** Delivery moves the admin route allows: a delivered invoice may still fail later (a bounced mail). */
const ALLOWED: Record<string, readonly string[]> = { PENDING: ['DELIVERED', 'FAILED'], DELIVERED: ['FAILED'] };

export function invoiceAdminRoutes(app: FastifyInstance, api: InvoiceApi): void {
  const { ctx } = api;

  app.post('/__sandbox/companies/:company_id/received-invoices', async (req, reply) => {
    const companyId = idParam(req, 'company_id');
    if (!ctx.companies.has(companyId)) throw notFound('Company');
    const body = await readMultipart(req);
    const fields: Record<string, string> = {};
    for (const [name, values] of body.fields) {
      if (values.length > 1) throw badRequest(`${name} may be given only once`, [`${name}: given ${values.length} times`]);
      if (values[0]) fields[name] = values[0];
    }
    const f = parseOr400(receivedFieldsSchema, fields);
    const file = requireFile(body);
    let src: ReturnType<typeof readInvoiceSource>;
    try {
      src = readInvoiceSource(ctx, file.filename, file.data);
    } catch (err) {
      if (err instanceof InvoiceFileError) throw badRequest(err.message, err.details);
      throw err;
    }
    const at = f.received_at ? new Date(f.received_at).toISOString() : ctx.nowIso();
    const record = newReceivedInvoice(ctx, companyId, src, { at, origin: f.origin ?? 'EXTERNAL', senderName: f.sender_name });
    api.table.put(record);
    api.index.add(record);
    return reply.code(201).send(toPublic(record, baseUrl(req)));
  });

  app.post('/__sandbox/invoices/:invoice_id/status', async (req) => {
    const body = parseOr400(statusBodySchema, req.body);
    const r = api.table.get(idParam(req, 'invoice_id'));
    if (!r) throw notFound('Invoice');
    if (r.direction !== 'SENT') throw conflict(undefined, 'Only sent invoices have a delivery status', ['direction: RECEIVED']);
    if (!(ALLOWED[r.status] ?? []).includes(body.status)) {
      throw conflict(undefined, `A ${r.status} invoice cannot become ${body.status}`, [
        `status: allowed moves are PENDING to DELIVERED or FAILED, and DELIVERED to FAILED`,
      ]);
    }
    const at = ctx.nowIso();
    const updated = api.table.update(r.id, (x) => applyDelivery(x, body.status, body.message, at)) as InvoiceRecord;
    return toPublic(updated, baseUrl(req));
  });
}
