import { z } from 'zod';
import {
  type InvoiceReportBody,
  type InvoiceReportDefinition,
  invoiceReportDefinitionSchema,
  invoiceReportSchema,
  type NationalnetAnswer,
  type NationalnetResponseBody,
  nationalnetAnswerSchema,
} from '../../../shared/schemas/invoice';
import type { ServiceClient } from './client';
import { enc } from './invoices';

/**
 * The spec shows no shape for the reasons; the sandbox answers an array, the real service an object
 * (real-service-facts F6) whose shape is not known. Taken in every form it plausibly has: an array of
 * definitions, an object wrapping one, or an object keyed by reason (each a definition or its title).
 */
const definitionsSchema = z.unknown().transform((raw, ctx): InvoiceReportDefinition[] => {
  const list = z.array(invoiceReportDefinitionSchema);
  const direct = list.safeParse(raw);
  if (direct.success) return direct.data;
  if (raw && typeof raw === 'object') {
    const values = Object.values(raw);
    const wrapped = values.filter(Array.isArray);
    if (wrapped.length === 1) {
      const inner = list.safeParse(wrapped[0]);
      if (inner.success) return inner.data;
    }
    const keyed: InvoiceReportDefinition[] = [];
    for (const [reason, v] of Object.entries(raw)) {
      const one = typeof v === 'string' ? { reason, title: v } : v && typeof v === 'object' ? { reason, ...v } : null;
      const parsed = invoiceReportDefinitionSchema.safeParse(one);
      if (parsed.success) keyed.push(parsed.data);
    }
    if (keyed.length > 0) return keyed;
  }
  ctx.addIssue({ code: 'custom', message: 'no report reasons in the answer' });
  return z.NEVER;
});

/** User reports of suspicious senders: the reasons the service offers, and the company's reports on an invoice. */
export function invoiceReportsApi(client: ServiceClient) {
  return {
    async definitions(signal?: AbortSignal) {
      const path = '/v1/invoices/reports/definitions';
      return (await client.json({ method: 'GET', path, signal }, definitionsSchema)).data;
    },
    async list(invoiceId: string, signal?: AbortSignal) {
      const path = `/v1/invoices/${enc(invoiceId)}/reports`;
      return (await client.json({ method: 'GET', path, signal }, z.array(invoiceReportSchema))).data;
    },
    /** 204; a second report by the same company is 409 (no code). */
    async create(invoiceId: string, body: InvoiceReportBody, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'POST', path: `/v1/invoices/${enc(invoiceId)}/reports`, json: body, signal });
    },
    async withdraw(invoiceId: string, reportId: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: `/v1/invoices/${enc(invoiceId)}/reports/${enc(reportId)}`, signal });
    },
    /**
     * A national-network response to the invoice's sender. Not repeated after a lost answer: the same
     * response again is refused (the order allows no step back), which would hide that the first landed.
     */
    async respondNationalnet(invoiceId: string, body: NationalnetResponseBody, signal?: AbortSignal): Promise<NationalnetAnswer> {
      const path = `/v1/invoices/${enc(invoiceId)}/responses/nationalnet`;
      return (await client.json({ method: 'POST', path, json: body, signal }, nationalnetAnswerSchema)).data;
    },
  };
}

export type InvoiceReportsApi = ReturnType<typeof invoiceReportsApi>;
