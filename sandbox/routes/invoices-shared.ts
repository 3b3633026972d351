import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { InvoiceIndex } from '../domain/invoice-index';
import { PublicJsonCache } from '../domain/invoice-view';
import { INVOICES, type InvoiceRecord } from '../domain/records';
import { badRequest, notFound } from '../http/errors';
import type { Table } from '../store';

/** What the invoice route modules share: the table, its list index and a few request helpers. */
export interface InvoiceApi {
  ctx: SandboxContext;
  table: Table<InvoiceRecord>;
  index: InvoiceIndex;
  json: PublicJsonCache;
  /** The blob key of each invoice's generated image, so a new revision's image replaces the old one. */
  images: Map<string, string>;
}

export function invoiceApi(ctx: SandboxContext): InvoiceApi {
  const table = ctx.store.table<InvoiceRecord>(INVOICES);
  return { ctx, table, index: new InvoiceIndex(table), json: new PublicJsonCache(), images: new Map() };
}

/** scheme://host of the request, for absolute hrefs. */
export const baseUrl = (req: FastifyRequest): string => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

/** The caller's invoice; another company's invoice is as missing as one that never existed. */
export function ownInvoice(api: InvoiceApi, companyId: string, id: string): InvoiceRecord {
  const r = api.table.get(id);
  if (!r || r.company_id !== companyId) throw notFound('Invoice');
  return r;
}

export const idParam = (req: FastifyRequest, name = 'id'): string => (req.params as Record<string, string>)[name] ?? '';

/** Refuse query parameters the endpoint does not know (array ones may come as `name[]`). */
export function onlyParams(query: unknown, allowed: readonly string[]): Record<string, unknown> {
  const q = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(q).filter((k) => !allowed.includes(k.endsWith('[]') ? k.slice(0, -2) : k));
  if (unknown.length) {
    throw badRequest(
      'Unknown query parameters',
      unknown.map((k) => `${k}: not a parameter of this endpoint (known: ${allowed.join(', ')})`),
    );
  }
  return q;
}

/** attachment with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
export function sendFile(reply: FastifyReply, data: Buffer, mimetype: string, filename: string): FastifyReply {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply.header('Content-Type', mimetype);
  reply.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  reply.header('Content-Length', String(data.length));
  return reply.send(data);
}
