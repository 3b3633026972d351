import { z } from 'zod';
import { type InvoiceReportBody, invoiceReportDefinitionSchema, invoiceReportSchema } from '../../../shared/schemas/invoice';
import type { ServiceClient } from './client';
import { enc } from './invoices';

/** User reports of suspicious senders: the reasons the service offers, and the company's reports on an invoice. */
export function invoiceReportsApi(client: ServiceClient) {
  return {
    async definitions(signal?: AbortSignal) {
      const path = '/v1/invoices/reports/definitions';
      return (await client.json({ method: 'GET', path, signal }, z.array(invoiceReportDefinitionSchema))).data;
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
  };
}

export type InvoiceReportsApi = ReturnType<typeof invoiceReportsApi>;
