import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVOICE_ACTION_TYPES, RETURN_FORMATS, type SourceFormat } from '../../shared/enums';
import type { XmlReturnFormat } from '../../shared/schemas/invoice';
import { authOf } from '../auth/guard';
import { generateInvoicePdf } from '../domain/invoice-pdf';
import { toPeppolBis3 } from '../domain/invoice-ubl-out';
import { extendedDetails, parsedOf, publicAction, toPublic } from '../domain/invoice-view';
import type { InvoiceRecord } from '../domain/records';
import { ApiError, badRequest, notFound } from '../http/errors';
import { enumArrayParam, enumParam, intParam } from '../http/query';
import { baseUrl, type InvoiceApi, idParam, onlyParams, ownInvoice, sendFile } from './invoices-shared';

/** Source formats whose original file is answered as-is for an XML return_format. */
const SAME_FAMILY: Record<XmlReturnFormat, readonly SourceFormat[]> = {
  PEPPOLBIS30: ['PEPPOLBIS30', 'EHF30', 'UBL21'],
  FINVOICE30: ['FINVOICE30'],
  VISMAXML60: [],
  SIUBL20: [],
  VISMAUBL30: [],
  TEAPPS30: [],
  OIOUBL21: [],
};
/** Formats the sandbox writes itself when the original is in another family. */
const CONVERTIBLE: readonly string[] = ['PEPPOLBIS30'];

export const CHANNEL_DETAILS_VERSIONS = [1, 2] as const;

const safeName = (s: string): string => s.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'invoice';

async function sendImage(api: InvoiceApi, reply: FastifyReply, r: InvoiceRecord, generated: boolean): Promise<FastifyReply> {
  const image = r.internal.image;
  if (!generated && image) {
    const data = api.ctx.store.blobs.get(image.blob);
    if (data) return sendFile(reply, data, 'application/pdf', image.filename);
  }
  // Kept in the blob store with the originals, as the service keeps the image it made: a bounded cache
  // evicted in arrival order missed on every file of a mirror larger than itself.
  const key = `generated-image:${r.id}:${r.revision}`;
  let pdf = api.ctx.store.blobs.get(key);
  if (!pdf) {
    pdf = await generateInvoicePdf(r, parsedOf(api.ctx, r));
    const older = api.images.get(r.id);
    if (older && older !== key) api.ctx.store.blobs.delete(older);
    api.ctx.store.blobs.put(key, pdf);
    api.images.set(r.id, key);
  }
  return sendFile(reply, pdf, 'application/pdf', `invoice-${safeName(r.number ?? r.id)}.pdf`);
}

function sendXml(api: InvoiceApi, reply: FastifyReply, r: InvoiceRecord, format: XmlReturnFormat): FastifyReply {
  const source = (r.source_format ?? 'UNKNOWN') as SourceFormat;
  if (SAME_FAMILY[format].includes(source)) {
    const data = api.ctx.store.blobs.get(r.internal.original.blob);
    if (data) return sendFile(reply, data, 'application/xml', r.internal.original.filename);
  }
  const parsed = CONVERTIBLE.includes(format) ? parsedOf(api.ctx, r) : null;
  if (parsed) return sendFile(reply, toPeppolBis3(parsed), 'application/xml', `${safeName(r.number ?? r.id)}.xml`);
  throw new ApiError(404, 'not_found', `This invoice is not available as ${format}`, [
    `return_format: the invoice is ${source}; the sandbox answers ${format} only for ${SAME_FAMILY[format].join(', ') || 'no source format'}${CONVERTIBLE.includes(format) ? ' and converts parsed invoices to it' : ''}`,
  ]);
}

export function invoiceReadRoutes(app: FastifyInstance, api: InvoiceApi): void {
  const { ctx } = api;
  const guard = ctx.guard({ anyOf: ['invoice:receive', 'invoice:send'], verified: true });

  app.get('/v1/invoices/:id', { preHandler: guard }, async (req, reply) => {
    const { company } = authOf(req);
    const q = onlyParams(req.query, ['return_format']);
    const format = enumParam(q, 'return_format', RETURN_FORMATS);
    const r = ownInvoice(api, company.id, idParam(req));
    switch (format) {
      case undefined:
        return toPublic(r, baseUrl(req));
      case 'EXTENDED_DETAILS':
        return extendedDetails(r, parsedOf(ctx, r), baseUrl(req));
      case 'ORIGINAL_IMAGE':
        if (!r.internal.image)
          throw new ApiError(404, 'not_found', 'This invoice has no original image', [
            'return_format: try GENERATED_IMAGE or ORIGINAL_OR_GENERATED_IMAGE',
          ]);
        return sendImage(api, reply, r, false);
      case 'GENERATED_IMAGE':
        return sendImage(api, reply, r, true);
      case 'ORIGINAL_OR_GENERATED_IMAGE':
        return sendImage(api, reply, r, false);
      default:
        return sendXml(api, reply, r, format);
    }
  });

  app.get('/v1/invoices/:id/actions', { preHandler: guard }, async (req) => {
    const { company } = authOf(req);
    const q = onlyParams(req.query, ['type', 'channel_details_version']);
    const types = enumArrayParam(q, 'type', INVOICE_ACTION_TYPES);
    const version = intParam(q, 'channel_details_version', 1, Number.MAX_SAFE_INTEGER) ?? 1;
    if (!(CHANNEL_DETAILS_VERSIONS as readonly number[]).includes(version)) {
      throw badRequest('Unsupported channel_details_version', [
        `channel_details_version: must be one of ${CHANNEL_DETAILS_VERSIONS.join(', ')}`,
      ]);
    }
    const r = ownInvoice(api, company.id, idParam(req));
    return r.actions.filter((a) => !types || (types as readonly string[]).includes(a.type)).map((a) => publicAction(a, version >= 2));
  });

  app.get('/v1/invoices/:id/files/:file_id', { preHandler: guard }, async (req, reply) => {
    const { company } = authOf(req);
    onlyParams(req.query, []);
    const r = ownInvoice(api, company.id, idParam(req));
    const f = r.internal.attachments.find((a) => a.id === idParam(req, 'file_id'));
    const data = f ? ctx.store.blobs.get(f.blob) : undefined;
    if (!f || !data) throw notFound('File');
    return sendFile(reply, data, f.mimetype, f.filename);
  });
}
