import { z } from 'zod';
import {
  ACCOUNTABLE_PARTIES,
  assignmentCreateBodySchema,
  COLLECTION_AGENCIES,
  clientCode,
  collectoraPutBodySchema,
  collectorbPutBodySchema,
  collectorcPutBodySchema,
  customerBid,
  SERVICE_LEVELS,
  SERVICE_TYPES,
} from '../schemas/receivables';

// Collection and reminders (issue 13): the inputs of the collection.* commands of shared/bridge/commands.ts.

const accountId = z.string().uuid();
const invoiceId = z.string().min(1).max(200);

export const collectionCommandSchemas = {
  account: z.object({ accountId }),
  /** Joining one service with the body its PUT takes; `body` is checked by that service's schema. */
  join: z.discriminatedUnion('service', [
    z.object({ accountId, service: z.literal('collectora'), body: collectoraPutBodySchema }),
    z.object({ accountId, service: z.literal('collectorb'), body: collectorbPutBodySchema }),
    z.object({ accountId, service: z.literal('collectorc'), body: collectorcPutBodySchema }),
  ]),
  /** collectorb: the client code the agency gave after signing moves it from pending to active. */
  activate: z.object({ accountId, body: z.object({ client_code: clientCode }) }),
  change: z.object({
    accountId,
    body: z
      .object({ accountable_party: z.enum(ACCOUNTABLE_PARTIES).optional(), service_type: z.enum(SERVICE_TYPES).optional() })
      .refine((b) => b.accountable_party !== undefined || b.service_type !== undefined, 'choose what to change'),
  }),
  /** collectorc has no leaving in the spec (its PUT only). */
  leave: z.object({ accountId, service: z.enum(['collectora', 'collectorb']) }),
  send: z.object({
    accountId,
    invoiceId,
    assignment: assignmentCreateBodySchema,
    agency: z.enum(COLLECTION_AGENCIES).default('first-active'),
  }),
  invoice: z.object({ accountId, invoiceId }),
  detail: z.object({ accountId, invoiceId, refresh: z.boolean().default(false) }),
  reply: z.object({ accountId, invoiceId, body: z.object({ body: z.string().trim().min(1).max(4000) }) }),
  states: z.object({ accountId, invoiceIds: z.array(invoiceId).max(500) }),
  /** A payment the payer made directly to the company, recorded on the service's assignment (a `paid` event). */
  directPayment: z.object({
    accountId,
    assignmentId: z.string().min(1).max(200),
    amount: z.number().positive('an amount above zero').max(1e9),
    bookedAt: z.iso.date('a date such as 2026-01-15'),
  }),
  /** A payer's service level on the full collection service (`default` puts it back). */
  setServiceLevel: z.object({ accountId, customerBid, level: z.enum(SERVICE_LEVELS) }),
  /** The company's events over all its assignments; `unseen` keeps only those not yet seen. */
  events: z.object({ accountId, unseen: z.boolean().default(false) }),
};
