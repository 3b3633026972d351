import { z } from 'zod';
import type { Direction, InvoiceEventState, InvoiceStatus, ReturnFormat } from '../../../shared/enums';
import { detectResultSchema } from '../../../shared/schemas/detect';
import {
  type Invoice,
  invoiceActionSchema,
  invoiceListSchema,
  invoiceSchema,
  type RerouteEinvoiceBody,
  type RerouteEmailBody,
  type ReroutePrintBody,
} from '../../../shared/schemas/invoice';
import type { ServiceClient } from './client';
import { multipart, type Part } from './multipart';
import { type PageInfo, pageInfo } from './paging';

export interface InvoiceListQuery {
  direction?: Direction;
  status?: InvoiceStatus[];
  ids?: string[];
  number?: string;
  reference?: string;
  received_at_start?: string;
  received_at_end?: string;
  created_at_start?: string;
  created_at_end?: string;
  sort?: string[];
  page?: number;
  per_page?: number;
  fields?: string[];
}

export interface FileAnswer {
  data: Buffer;
  contentType: string | null;
  /** The file name the service suggests (Content-Disposition), unsanitized. */
  filename: string | null;
}

export interface InvoiceUpload {
  filename: string;
  data: Buffer;
  uuid: string;
  /** Other form fields of POST /v1/invoices, by their literal names; arrays repeat the field. */
  fields?: Record<string, string | string[] | boolean | undefined>;
}

export function invoicesApi(client: ServiceClient) {
  return {
    async list(q: InvoiceListQuery, signal?: AbortSignal): Promise<{ items: Invoice[]; page: PageInfo }> {
      const { data, headers } = await client.json({ method: 'GET', path: '/v1/invoices', query: { ...q }, signal }, invoiceListSchema);
      return { items: data, page: pageInfo(headers) };
    },
    async get(id: string, signal?: AbortSignal): Promise<Invoice> {
      return (await client.json({ method: 'GET', path: `/v1/invoices/${enc(id)}`, signal }, invoiceSchema)).data;
    },
    async extended(id: string, signal?: AbortSignal): Promise<Invoice> {
      const path = `/v1/invoices/${enc(id)}`;
      return (await client.json({ method: 'GET', path, query: { return_format: 'EXTENDED_DETAILS' }, signal }, invoiceSchema)).data;
    },
    /** The invoice in a file format, or its image (PDF). */
    async file(id: string, format: ReturnFormat, signal?: AbortSignal): Promise<FileAnswer> {
      const res = await client.call({ method: 'GET', path: `/v1/invoices/${enc(id)}`, query: { return_format: format }, signal });
      return fileAnswer(res.headers, res.body);
    },
    async attachment(id: string, fileId: string, signal?: AbortSignal): Promise<FileAnswer> {
      const res = await client.call({ method: 'GET', path: `/v1/invoices/${enc(id)}/files/${enc(fileId)}`, signal });
      return fileAnswer(res.headers, res.body);
    },
    /** Every action the service recorded; version 2 adds each one's channel details (route, destination, operator). */
    async actions(id: string, signal?: AbortSignal, channelDetailsVersion: 1 | 2 = 2) {
      const query = { channel_details_version: channelDetailsVersion };
      return (await client.json({ method: 'GET', path: `/v1/invoices/${enc(id)}/actions`, query, signal }, z.array(invoiceActionSchema)))
        .data;
    },
    /**
     * Uploads with the caller's uuid, so a retry after a lost answer cannot make a second invoice:
     * that is what makes this POST safe to repeat.
     */
    async upload(u: InvoiceUpload, signal?: AbortSignal): Promise<{ invoice: Invoice; created: boolean }> {
      const parts: Part[] = [
        { name: 'file', filename: u.filename, data: u.data },
        { name: 'uuid', value: u.uuid },
      ];
      for (const [k, v] of Object.entries(u.fields ?? {})) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const x of v) parts.push({ name: `${k}[]`, value: x });
        else parts.push({ name: k, value: String(v) });
      }
      const body = multipart(parts);
      const res = await client.call({
        method: 'POST',
        path: '/v1/invoices',
        multipart: body,
        // Not retried here: what the service does with a repeated uuid is not in the spec (the first
        // invoice, a 409, or a second invoice), so a try whose answer was lost goes back to the upload
        // queue, which looks for the invoice it may have made before it sends again (find-sent-invoice.ts).
        idempotent: false,
        accept: 'application/json',
        signal,
      });
      const invoice = parseJson(res.body, invoiceSchema, 'POST /v1/invoices');
      return { invoice, created: res.status === 201 };
    },
    async setEvent(id: string, state: InvoiceEventState, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'PATCH', path: `/v1/invoices/${enc(id)}/invoice_events`, json: { state }, signal });
    },
    async rerouteEinvoice(id: string, body: RerouteEinvoiceBody, signal?: AbortSignal) {
      await client.call({ method: 'PUT', path: `/v1/invoices/${enc(id)}/reroute/einvoice`, json: body, signal });
    },
    async rerouteEmail(id: string, body: RerouteEmailBody, signal?: AbortSignal) {
      await client.call({ method: 'PUT', path: `/v1/invoices/${enc(id)}/reroute/email`, json: body, signal });
    },
    async reroutePrint(id: string, body: ReroutePrintBody, signal?: AbortSignal) {
      await client.call({ method: 'PUT', path: `/v1/invoices/${enc(id)}/reroute/print`, json: body, signal });
    },
    async detectResults(id: string, lang: string, signal?: AbortSignal) {
      const path = `/v1/invoices/${enc(id)}/detect_results`;
      return (await client.json({ method: 'GET', path, query: { lang }, signal }, detectResultSchema)).data;
    },
  };
}

export type InvoicesApi = ReturnType<typeof invoicesApi>;

export const enc = encodeURIComponent;

export function fileAnswer(headers: Record<string, string | string[] | undefined>, data: Buffer): FileAnswer {
  const ct = headers['content-type'];
  const cd = headers['content-disposition'];
  return {
    data,
    contentType: (Array.isArray(ct) ? ct[0] : ct) ?? null,
    filename: dispositionFilename(Array.isArray(cd) ? cd[0] : cd),
  };
}

/** filename* (RFC 5987) wins over filename. */
export function dispositionFilename(cd: string | undefined): string | null {
  if (!cd) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(cd);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(cd);
  return plain ? (plain[2] ?? plain[1] ?? '').trim() || null : null;
}

export function parseJson<S extends z.ZodType>(body: Buffer, schema: S, what: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(body.toString('utf8'));
  } catch {
    throw garbled(what);
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw garbled(what);
  return r.data;
}

import { ServiceError } from './errors';

const garbled = (what: string) => new ServiceError('retry', `The service answered ${what} with something unexpected`, null, 'garbled');
