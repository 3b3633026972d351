import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentType } from '../../shared/enums';
import { RESPONSE_CODES, STATUS_REASONS } from '../../shared/invoice-response-codes';
import type { SandboxContext } from '../context';
import { receiveDocument, sendDocumentAs } from '../domain/document-delivery';
import { publicDocument } from '../domain/document-record';
import { sampleDocument } from '../domain/document-sample';
import type { Documents } from '../domain/document-store';
import { invoiceResponseXml } from '../domain/invoice-response-xml';
import { INVOICES, type InvoiceRecord } from '../domain/records';
import { badRequest, conflict, notFound, parseOr400, unprocessable } from '../http/errors';
import { field, readMultipart, requireFile } from '../http/multipart';
import type { CompanyRecord } from '../model';
import { baseUrl } from './documents-upload';

const statusBodySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES),
  message: z.string().min(1).max(1000).optional(),
});

const sentBodySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).default('PROCESSING'),
  type: z.enum(DOCUMENT_TYPES).default('ORDER'),
  number: z.string().min(1).max(100).optional(),
  reference: z.string().min(1).max(255).optional(),
  recipient_eia: z.string().min(1).max(100).optional(),
  recipient_operator: z.string().min(1).max(100).optional(),
  recipient_name: z.string().min(1).max(200).optional(),
  created_at: z.iso.datetime({ offset: true }).optional(),
  transmission_id: z.string().min(1).max(255).optional(),
});

const responseBodySchema = z.strictObject({
  code: z.enum(RESPONSE_CODES),
  reasons: z.array(z.enum(STATUS_REASONS)).max(5).default([]),
  text: z.string().trim().min(1).max(500).optional(),
});

/** Admin API of the documents group (sandbox/docs/documents.md). */
export function documentAdminRoutes(app: FastifyInstance, ctx: SandboxContext, docs: Documents): void {
  const company = (id: string): CompanyRecord => {
    const c = ctx.companies.get(id);
    if (!c) throw notFound('Company');
    return c;
  };

  app.post('/__sandbox/companies/:company_id/received-documents', async (req, reply) => {
    const c = company((req.params as { company_id: string }).company_id);
    const body = await readMultipart(req);
    const file = requireFile(body, 'file');
    const type = field(body, 'type');
    if (type !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
      throw badRequest('Invalid type', [`type: '${type}' is not a document type`]);
    }
    const senderName = field(body, 'sender_name');
    const r = receiveDocument(docs, c, file, {
      transmission_id: ctx.newId(),
      ...(type ? { type: type as DocumentType } : {}),
      ...(senderName ? { sender_name: senderName } : {}),
    });
    if (!r.ok) throw badRequest('The document file could not be read', [`file: ${r.error}`]);
    return reply.code(201).send(publicDocument(r.doc, baseUrl(req)));
  });

  app.post('/__sandbox/companies/:company_id/sent-documents', async (req, reply) => {
    const c = company((req.params as { company_id: string }).company_id);
    const b = parseOr400(sentBodySchema, req.body ?? {});
    const transmissionId = b.transmission_id ?? ctx.newId();
    if (docs.byTransmission(c.id, transmissionId)) {
      throw unprocessable('document_duplicate_transmission_id', 'transmission_id already used', ['transmission_id: already used']);
    }
    const createdAt = b.created_at ? new Date(b.created_at).toISOString() : undefined;
    const number = b.number ?? String(Math.floor(ctx.random() * 900_000) + 100_000);
    const file = sampleDocument(b.type, number, (createdAt ?? ctx.nowIso()).slice(0, 10));
    const r = sendDocumentAs(
      docs,
      c,
      { ...file, mimetype: 'application/xml' },
      {
        status: b.status,
        type: b.type,
        transmission_id: transmissionId,
        recipient: {
          eia: b.recipient_eia ?? '0216:003712345678',
          ...(b.recipient_operator ? { operator: b.recipient_operator } : {}),
          name: b.recipient_name ?? 'Vastaanottaja Oy',
        },
        ...(b.reference ? { reference: b.reference } : {}),
        ...(createdAt ? { created_at: createdAt } : {}),
      },
    );
    if (!r.ok) throw badRequest('The document could not be made', [r.error]);
    return reply.code(201).send(publicDocument(r.doc, baseUrl(req)));
  });

  // The buyer of a sent invoice answers it: an Invoice Response document received by the invoice's sender.
  app.post('/__sandbox/invoices/:invoice_id/invoice-response', async (req, reply) => {
    const inv = ctx.store.table<InvoiceRecord>(INVOICES).get((req.params as { invoice_id: string }).invoice_id);
    if (!inv) throw notFound('Invoice');
    if (inv.direction !== 'SENT') throw conflict(undefined, 'Only a sent invoice is answered by its buyer', ['direction: RECEIVED']);
    const b = parseOr400(responseBodySchema, req.body ?? {});
    const xml = invoiceResponseXml({
      id: `IR-${ctx.newId()}`,
      issueDate: ctx.nowIso().slice(0, 10),
      invoiceNumber: inv.number ?? inv.id,
      code: b.code,
      reasons: b.reasons,
      text: b.text ?? null,
      from: inv.recipient,
      to: inv.sender,
    });
    const r = receiveDocument(
      docs,
      company(inv.company_id),
      { filename: `invoice-response-${inv.number ?? inv.id}.xml`, data: Buffer.from(xml), mimetype: 'application/xml' },
      {
        transmission_id: ctx.newId(),
        type: 'INVOICE_RESPONSE',
        ...(inv.recipient?.name ? { sender_name: inv.recipient.name } : {}),
      },
    );
    if (!r.ok) throw badRequest('The response could not be made', [r.error]);
    return reply.code(201).send(publicDocument(r.doc, baseUrl(req)));
  });

  app.post('/__sandbox/documents/:id/status', async (req) => {
    const doc = docs.table.get((req.params as { id: string }).id);
    if (!doc) throw notFound('Document');
    const b = parseOr400(statusBodySchema, req.body);
    const r = docs.move(doc, b.status, 'route', b.message);
    if (!r.ok)
      throw conflict('document_in_invalid_state', `The document cannot move from ${doc.status} to ${b.status}`, [`status: ${r.reason}`]);
    return publicDocument(doc, baseUrl(req));
  });
}
