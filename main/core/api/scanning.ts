import { z } from 'zod';
import {
  type AutoscanConfig,
  autoscanConfigSchema,
  type ScanPartner,
  type ScanReturnAddress,
  type ScanService,
  scanPartnerSchema,
  scanServiceSchema,
  supplierNotificationResultSchema,
  supplierQueryResultSchema,
} from '../../../shared/schemas/detect';
import type { ServiceClient } from './client';
import { isServiceError } from './errors';
import { FormData } from './transport';

export interface AutoscanBody {
  return_email_address: string;
  features?: Partial<Record<'line_items' | 'attachments' | 'other_documents', boolean>>;
}
export interface SupplierContact {
  name?: string;
  business_id?: string;
  email?: string;
  eia?: string;
}

/** The scan service form: bracketed field names; an empty value clears the field at the service. */
export function scanForm(a: ScanReturnAddress): FormData {
  const form = new FormData();
  if (a.email_address !== undefined) form.append('return_address[email_address]', a.email_address);
  const p = a.postal_address;
  if (p) {
    for (const k of ['street_name', 'city', 'post_code', 'country_code'] as const) {
      const v = p[k];
      if (v !== undefined) form.append(`return_address[postal_address][${k}]`, v);
    }
    for (const line of p.extra_lines ?? []) form.append('return_address[postal_address][extra_lines][]', line);
  }
  return form;
}

/** Scanning: the scan service (paper and PDF to e-invoices), autoscan, and the supplier tools. */
export function scanningApi(client: ServiceClient) {
  return {
    async autoscan(signal?: AbortSignal): Promise<AutoscanConfig> {
      return (await client.json({ method: 'GET', path: '/v1/services/autoscan', signal }, autoscanConfigSchema)).data;
    },
    async setAutoscan(body: AutoscanBody, signal?: AbortSignal): Promise<AutoscanConfig> {
      return (await client.json({ method: 'PUT', path: '/v1/services/autoscan', json: body, signal }, autoscanConfigSchema)).data;
    },
    async disableAutoscan(signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: '/v1/services/autoscan', signal });
    },
    /** The scan service account; null when the company has none (the service answers 404). */
    async scan(signal?: AbortSignal): Promise<ScanService | null> {
      try {
        return (await client.json({ method: 'GET', path: '/v1/services/scan', signal }, scanServiceSchema)).data;
      } catch (e) {
        if (isServiceError(e) && e.status === 404) return null;
        throw e;
      }
    },
    /** Opens the account when missing and sets the fields given (PUT: the same form repeated is harmless). */
    async saveScan(address: ScanReturnAddress, signal?: AbortSignal): Promise<ScanService> {
      return (await client.json({ method: 'PUT', path: '/v1/services/scan', form: scanForm(address), signal }, scanServiceSchema)).data;
    },
    async closeScan(signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: '/v1/services/scan', signal });
    },
    /** Which suppliers still send paper or PDF; `oldest` at most one month back (spec: Limits). */
    async querySuppliers(q: { include_notified?: boolean; oldest_invoice_time?: string }, signal?: AbortSignal) {
      // A query changes nothing: repeating it after a lost answer is harmless.
      return (
        await client.json(
          { method: 'POST', path: '/v1/company/suppliers/query', json: q, idempotent: true, signal },
          supplierQueryResultSchema,
        )
      ).data;
    },
    /** Asks suppliers to send e-invoices; the 201 lists the ones that failed. Never repeated (each sends mail). */
    async notifySuppliers(suppliers: SupplierContact[], signal?: AbortSignal) {
      return (
        await client.json(
          { method: 'POST', path: '/v1/company/suppliers/notifications', json: { suppliers }, idempotent: false, signal },
          supplierNotificationResultSchema,
        )
      ).data;
    },
  };
}

/**
 * The partner's side of the scan service (experimental): which scan partner e-mail address a company it
 * manages uses. Scope partner:scanpartner_scan_service, asked with a token of its own (index.ts).
 */
export const SCAN_PARTNER_SCOPE = 'partner:scanpartner_scan_service';
export function scanPartnerApi(client: ServiceClient) {
  return {
    async get(companyId: string, signal?: AbortSignal): Promise<ScanPartner> {
      return (
        await client.json(
          { method: 'GET', path: '/v1/partner/scan_service/scanpartner', query: { company_id: companyId }, signal },
          scanPartnerSchema,
        )
      ).data;
    },
    /** Sets the address; setting the same again is harmless, so a lost answer is asked again. */
    async set(body: { company_id: string; scanpartner_email_address: string }, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'POST', path: '/v1/partner/scan_service/scanpartner', json: body, idempotent: true, signal });
    },
    async remove(companyId: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: '/v1/partner/scan_service/scanpartner', query: { company_id: companyId }, signal });
    },
  };
}
export type ScanPartnerApi = ReturnType<typeof scanPartnerApi>;

export const supplierContactSchema = z.object({
  name: z.string().min(1).max(200).optional(),
  business_id: z.string().min(1).max(40).optional(),
  email: z.email().optional(),
  eia: z.string().min(1).max(100).optional(),
});

export type ScanningApi = ReturnType<typeof scanningApi>;
