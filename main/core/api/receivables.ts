import type { z } from 'zod';
import {
  type Assignment,
  type AssignmentCreateBody,
  type AssignmentEvent,
  type AssignmentEventBody,
  type AssignmentMessage,
  type AssignmentOverview,
  assignmentEventListSchema,
  assignmentEventSchema,
  assignmentListSchema,
  assignmentOverviewSchema,
  assignmentSchema,
  type CollectoraPatchBody,
  type CollectoraPutBody,
  type CollectorbPutBody,
  type CollectorcPutBody,
  type CombinedServices,
  combinedServicesSchema,
  type InvoiceAssignment,
  invoiceAssignmentSchema,
  messageListSchema,
  messageSchema,
  type ServiceLevel,
  type ServiceLevelRecord,
  type ServiceState,
  serviceLevelListSchema,
  serviceLevelSchema,
  serviceStateSchema,
} from '../../../shared/schemas/receivables';
import type { ServiceClient } from './client';
import { isServiceError } from './errors';
import { enc } from './invoices';
import { type PageInfo, pageInfo } from './paging';

export interface AssignmentQuery {
  status?: string;
  invoice_id?: string;
  closed?: boolean;
  updated_since?: string;
  page?: number;
  per_page?: number;
}

const RECEIVABLES = 'receivables_url' as const;
/** Pages of one assignment's events or messages read at most: 100 pages is more than any assignment has. */
const MAX_PAGES = 100;
const COLLECTORA = '/v2/services/collectora/receivables';
const COLLECTORB = '/v2/services/collectorb/receivables';

/**
 * Collection and reminder services: onboarding on the base host, an invoice's assignment, and the
 * receivables host's assignments, events and messages (scope receivables:assignments).
 */
export function receivablesApi(client: ServiceClient, maxPages = MAX_PAGES) {
  const get = async <S extends z.ZodType>(path: string, schema: S, host?: typeof RECEIVABLES, signal?: AbortSignal): Promise<z.infer<S>> =>
    (await client.json({ method: 'GET', path, host, signal }, schema)).data;
  /**
   * Every page of a list whose parameters the spec does not show: the first is asked as it is, and
   * `page` is added only when the service's own headers say another follows, so a service that takes no
   * paging parameter is never sent one. Ends on the service's word, on a page with nothing new, or at
   * MAX_PAGES.
   */
  const all = async <T>(
    path: string,
    schema: z.ZodType<T[]>,
    signal?: AbortSignal,
    filters?: Record<string, string | boolean>,
    keyOf: (item: T) => string = (item) => (item as { id: string }).id,
  ): Promise<T[]> => {
    const out: T[] = [];
    const seen = new Set<string>();
    for (let page = 1; page <= maxPages; page++) {
      const query = page === 1 ? filters : { ...filters, page };
      const { data, headers } = await client.json({ method: 'GET', path, host: RECEIVABLES, query, signal }, schema);
      const before = out.length;
      for (const item of data) {
        const key = keyOf(item);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(item);
      }
      const info = pageInfo(headers);
      const more = info.nextPage !== null ? info.nextPage > page : info.totalPages !== null && page < info.totalPages;
      if (!more || out.length === before) break;
    }
    return out;
  };
  return {
    async services(signal?: AbortSignal): Promise<CombinedServices> {
      return get('/v2/services/receivables', combinedServicesSchema, undefined, signal);
    },
    async collectora(signal?: AbortSignal): Promise<ServiceState> {
      return get(COLLECTORA, serviceStateSchema, undefined, signal);
    },
    async joinCollectora(body: CollectoraPutBody, signal?: AbortSignal): Promise<ServiceState> {
      return (await client.json({ method: 'PUT', path: COLLECTORA, json: body, signal }, serviceStateSchema)).data;
    },
    async changeCollectora(body: CollectoraPatchBody, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'PATCH', path: COLLECTORA, json: body, signal });
    },
    async leaveCollectora(signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: COLLECTORA, signal });
    },
    async joinCollectorb(body: CollectorbPutBody, signal?: AbortSignal): Promise<ServiceState> {
      return (await client.json({ method: 'PUT', path: COLLECTORB, json: body, signal }, serviceStateSchema)).data;
    },
    async activateCollectorb(clientCode: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'PATCH', path: COLLECTORB, json: { client_code: clientCode }, signal });
    },
    async leaveCollectorb(signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: COLLECTORB, signal });
    },
    async joinCollectorc(body: CollectorcPutBody, signal?: AbortSignal): Promise<ServiceState> {
      return (await client.json({ method: 'PUT', path: '/v2/services/collectorc/receivables', json: body, signal }, serviceStateSchema))
        .data;
    },

    /** Not repeated after a lost answer: the service refuses a second assignment for the invoice anyway. */
    async createAssignment(invoiceId: string, body: AssignmentCreateBody, signal?: AbortSignal): Promise<InvoiceAssignment> {
      const res = await client.call({ method: 'POST', path: `/v1/invoices/${enc(invoiceId)}/assignment`, json: body, signal });
      try {
        return invoiceAssignmentSchema.parse(JSON.parse(res.body.toString('utf8')));
      } catch {
        // 202 may come without a body: the status read next says where it stands.
        return { status: 'pending' };
      }
    },
    /**
     * The invoice to collectorc's own assignment route. Its body is not shown in the spec; the sandbox
     * takes the body of the v1 route, and so does this call. Not repeated after a lost answer, as above.
     */
    async createCollectorcAssignment(invoiceId: string, body: AssignmentCreateBody, signal?: AbortSignal): Promise<InvoiceAssignment> {
      const path = `/v2/invoices/${enc(invoiceId)}/assignment/collectorc`;
      const res = await client.call({ method: 'POST', path, json: body, signal });
      try {
        return invoiceAssignmentSchema.parse(JSON.parse(res.body.toString('utf8')));
      } catch {
        return { status: 'pending' };
      }
    },
    /** The invoice's assignment status, or null when the invoice has none (404). */
    async invoiceAssignment(invoiceId: string, signal?: AbortSignal): Promise<InvoiceAssignment | null> {
      try {
        return await get(`/v2/invoices/${enc(invoiceId)}/assignment`, invoiceAssignmentSchema, undefined, signal);
      } catch (err) {
        if (isServiceError(err) && err.status === 404) return null;
        throw err;
      }
    },

    async assignments(q: AssignmentQuery = {}, signal?: AbortSignal): Promise<{ items: Assignment[]; page: PageInfo }> {
      const { data, headers } = await client.json(
        { method: 'GET', path: '/v1/assignments', host: RECEIVABLES, query: { ...q }, signal },
        assignmentListSchema,
      );
      return { items: data, page: pageInfo(headers) };
    },
    async assignment(id: string, signal?: AbortSignal): Promise<Assignment> {
      return get(`/v1/assignments/${enc(id)}`, assignmentSchema, RECEIVABLES, signal);
    },
    async overview(signal?: AbortSignal): Promise<AssignmentOverview> {
      return get('/v1/assignments/overview', assignmentOverviewSchema, RECEIVABLES, signal);
    },
    async events(assignmentId: string, signal?: AbortSignal): Promise<AssignmentEvent[]> {
      return all(`/v1/assignments/${enc(assignmentId)}/events`, assignmentEventListSchema, signal);
    },
    async addEvent(assignmentId: string, body: AssignmentEventBody, signal?: AbortSignal): Promise<AssignmentEvent> {
      const path = `/v1/assignments/${enc(assignmentId)}/events`;
      return (await client.json({ method: 'POST', path, host: RECEIVABLES, json: body, signal }, assignmentEventSchema)).data;
    },
    /** Marking seen twice changes nothing, so a lost answer may be repeated. */
    async markEventSeen(assignmentId: string, eventId: string, signal?: AbortSignal): Promise<void> {
      const path = `/v1/assignments/${enc(assignmentId)}/events/${enc(eventId)}/seen`;
      await client.call({ method: 'POST', path, host: RECEIVABLES, idempotent: true, signal });
    },
    /**
     * The company's events over all assignments (GET /v1/events), every page: the agency's and the
     * company's own. `seen` and `happened_after` are the sandbox's filters (their names are not shown).
     */
    async allEvents(filters: { seen?: boolean; happened_after?: string } = {}, signal?: AbortSignal): Promise<AssignmentEvent[]> {
      const query: Record<string, string | boolean> = {};
      if (filters.seen !== undefined) query.seen = filters.seen;
      if (filters.happened_after) query.happened_after = filters.happened_after;
      return all('/v1/events', assignmentEventListSchema, signal, Object.keys(query).length ? query : undefined);
    },
    /** The customers at a non-default service level, every page (full collection service only). */
    async serviceLevels(signal?: AbortSignal): Promise<ServiceLevelRecord[]> {
      return all('/v1/service_levels', serviceLevelListSchema, signal, undefined, (l) => l.customer_bid);
    },
    async serviceLevel(customerBid: string, signal?: AbortSignal): Promise<ServiceLevelRecord> {
      return get(`/v1/service_levels/${enc(customerBid)}`, serviceLevelSchema, RECEIVABLES, signal);
    },
    /** Setting a level twice leaves it the same, so a lost answer may be repeated. */
    async setServiceLevel(customerBid: string, level: ServiceLevel, signal?: AbortSignal): Promise<ServiceLevelRecord> {
      const path = `/v1/service_levels/${enc(customerBid)}`;
      const req = { method: 'PATCH' as const, path, host: RECEIVABLES, json: { service_level: level }, idempotent: true, signal };
      return (await client.json(req, serviceLevelSchema)).data;
    },
    async messages(assignmentId: string, signal?: AbortSignal): Promise<AssignmentMessage[]> {
      return all(`/v1/assignments/${enc(assignmentId)}/messages`, messageListSchema, signal);
    },
    async sendMessage(assignmentId: string, body: string, signal?: AbortSignal): Promise<AssignmentMessage> {
      const path = `/v1/assignments/${enc(assignmentId)}/messages`;
      return (await client.json({ method: 'POST', path, host: RECEIVABLES, json: { body }, signal }, messageSchema)).data;
    },
    async markMessageSeen(messageId: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'PUT', path: `/v1/messages/${enc(messageId)}/seen`, host: RECEIVABLES, signal });
    },
  };
}

export type ReceivablesApi = ReturnType<typeof receivablesApi>;
