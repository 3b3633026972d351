import {
  type AtgAgreement,
  type AtgAgreementCreateBody,
  type AtgAgreementPatchBody,
  type AtgMandate,
  atgAgreementListSchema,
  atgAgreementSchema,
  atgMandateListSchema,
  b2cnoInfoSchema,
} from '../../../shared/schemas/atg';
import type { ServiceClient } from './client';
import { enc } from './invoices';
import { type PageInfo, pageInfo } from './paging';

export interface MandateQuery {
  /** A KID or a reference number. */
  query?: string;
  /** Mandates updated since this timestamp. */
  timestamp?: string;
  status?: string;
  /** Only answered for fewer than 20 results (spec: Limits). */
  parse_values?: boolean;
  page?: number;
  per_page?: number;
}

/** Norwegian consumer invoicing: B2CNO information, ATG (AvtaleGiro) agreements and their mandates. */
export function norwayApi(client: ServiceClient) {
  return {
    async b2cno(signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: '/v1/services/b2cno', signal }, b2cnoInfoSchema)).data;
    },
    async listAgreements(signal?: AbortSignal): Promise<AtgAgreement[]> {
      return (await client.json({ method: 'GET', path: '/v1/services/atg', signal }, atgAgreementListSchema)).data;
    },
    /** Not repeated after a lost answer; a second POST for the account number is refused by the service anyway. */
    async createAgreement(body: AtgAgreementCreateBody, signal?: AbortSignal): Promise<AtgAgreement> {
      return (await client.json({ method: 'POST', path: '/v1/services/atg', json: body, signal }, atgAgreementSchema)).data;
    },
    async getAgreement(accountNumber: string, signal?: AbortSignal): Promise<AtgAgreement> {
      return (await client.json({ method: 'GET', path: `/v1/services/atg/${enc(accountNumber)}`, signal }, atgAgreementSchema)).data;
    },
    async patchAgreement(accountNumber: string, body: AtgAgreementPatchBody, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'PATCH', path: `/v1/services/atg/${enc(accountNumber)}`, json: body, signal });
    },
    async searchMandates(q: MandateQuery = {}, signal?: AbortSignal): Promise<{ items: AtgMandate[]; page: PageInfo }> {
      const { data, headers } = await client.json(
        { method: 'GET', path: '/v1/services/atg/mandates', query: { ...q }, signal },
        atgMandateListSchema,
      );
      return { items: data, page: pageInfo(headers) };
    },
  };
}

export type NorwayApi = ReturnType<typeof norwayApi>;
