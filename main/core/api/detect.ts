import type { DetectCheck } from '../../../shared/enums';
import { analysisListSchema, checkDefinitionListSchema, detectChecksSchema } from '../../../shared/schemas/detect';
import type { ServiceClient } from './client';

/** Detect: which checks run on received invoices, and what each check is. */
export function detectApi(client: ServiceClient) {
  return {
    async getChecks(signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: '/v1/services/detect/checks', signal }, detectChecksSchema)).data;
    },
    async setChecks(checks: readonly DetectCheck[], signal?: AbortSignal): Promise<void> {
      // An empty list still has to be sent (`on_invoice_receive[]=`): leaving the parameter out is not "none".
      const query = { on_invoice_receive: checks.length ? [...checks] : [''] };
      await client.call({ method: 'PATCH', path: '/v1/services/detect/checks', query, signal });
    },
    /** Every check's definition, translations included; `checks` and `attributes` narrow the answer. */
    async definitions(q: { checks?: DetectCheck[]; attributes?: string[] } = {}, signal?: AbortSignal) {
      const query = { checks: q.checks, check_attributes: q.attributes };
      return (await client.json({ method: 'GET', path: '/v1/definitions/detect/checks', query, signal }, checkDefinitionListSchema)).data;
    },
    /** Starts the checks on a received invoice now; the service answers each in PENDING. */
    async analyze(invoiceId: string, checks: readonly DetectCheck[], signal?: AbortSignal) {
      const query = { resource_id: invoiceId, resource_type: 'INVOICE', checks_to_run: [...checks] };
      return (await client.json({ method: 'POST', path: '/v1/analysis', query, signal }, analysisListSchema)).data;
    },
    /** The invoice's analyses as they stand (404 when none was ever asked for). */
    async analyses(invoiceId: string, signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: `/v1/analysis/${encodeURIComponent(invoiceId)}`, signal }, analysisListSchema)).data;
    },
  };
}

export type DetectApi = ReturnType<typeof detectApi>;
