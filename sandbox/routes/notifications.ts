import type { FastifyInstance } from 'fastify';
import { subscriptionCreateBodySchema } from '../../shared/schemas/company';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ByCompany, touch } from '../domain/lookup-index';
import { parsePlain } from '../domain/settings-issues';
import { badRequest, notFound } from '../http/errors';
import type { CompanyRecord } from '../model';

export const SUBSCRIPTIONS = 'notification_subscriptions';
export const NOTIFICATION_EVENTS = 'notification_events';

export interface SubscriptionRecord {
  id: string;
  company_id: string;
  destination_type: 'WEBHOOK' | 'VENDOR_WEBHOOK';
  destination: string;
  vendor_key: string | null;
  events: string[];
  created_at: string;
}

/** An event the service would have delivered; the sandbox makes no outgoing calls, it keeps the log. */
export interface NotificationEventRecord {
  id: string;
  company_id: string;
  event: string;
  event_timestamp: string;
  event_data?: Record<string, unknown>;
  /** Subscriptions whose event names match: the ones a delivery would go to. */
  subscription_ids: string[];
}

/** `*` stands for one part; a trailing `*` also stands for every part after it (NETWORKS.*, `*`). */
export function eventMatches(pattern: string, event: string): boolean {
  const p = pattern.split('.');
  const e = event.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '*' && i === p.length - 1) return e.length >= p.length;
    if (p[i] !== '*' && p[i] !== e[i]) return false;
  }
  return p.length === e.length;
}

const toPublic = (s: SubscriptionRecord) => ({
  id: s.id,
  destination_type: s.destination_type,
  destination: s.destination,
  vendor_key: s.vendor_key,
  events: s.events,
  created_at: s.created_at,
});

/**
 * Logs an event for a company and notes which subscriptions it would reach: the company's own
 * WEBHOOKs, and every VENDOR_WEBHOOK of the vendor key the company is linked to (spec: Delivery rules 8).
 */
export function recordEvent(ctx: SandboxContext, company: CompanyRecord, event: string, event_data?: Record<string, unknown>): void {
  const subs = ctx.store.table<SubscriptionRecord>(SUBSCRIPTIONS);
  const reach = subs.filter(
    (s) =>
      (s.destination_type === 'WEBHOOK' ? s.company_id === company.id : company.vendor_linked && s.vendor_key === company.vendor_api_key) &&
      s.events.some((p) => eventMatches(p, event)),
  );
  ctx.store.table<NotificationEventRecord>(NOTIFICATION_EVENTS).put({
    id: ctx.newId(),
    company_id: company.id,
    event,
    event_timestamp: ctx.nowIso(),
    ...(event_data ? { event_data } : {}),
    subscription_ids: reach.map((s) => s.id),
  });
}

export function createSubscription(ctx: SandboxContext, company: CompanyRecord, raw: unknown): SubscriptionRecord {
  const body = parsePlain(subscriptionCreateBodySchema, raw);
  if (body.destination_type === 'WEBHOOK' && body.vendor_key !== undefined) {
    throw badRequest('vendor_key is only for VENDOR_WEBHOOK', ['vendor_key: only for destination_type VENDOR_WEBHOOK']);
  }
  if (body.destination_type === 'VENDOR_WEBHOOK') {
    if (!body.vendor_key) throw badRequest('vendor_key is required for VENDOR_WEBHOOK', ['vendor_key: required for VENDOR_WEBHOOK']);
    if (body.vendor_key !== company.vendor_api_key) {
      throw badRequest('vendor_key is not the vendor key of this company', ['vendor_key: not the vendor key this company was issued with']);
    }
    if (!company.vendor_linked) {
      throw badRequest('The company is not linked to the vendor key', ['vendor_key: link the company first with POST /v1/company/vendors']);
    }
  }
  touch(ctx, SUBSCRIPTIONS);
  return ctx.store.table<SubscriptionRecord>(SUBSCRIPTIONS).put({
    id: ctx.newId(),
    company_id: company.id,
    destination_type: body.destination_type,
    destination: body.destination,
    vendor_key: body.vendor_key ?? null,
    events: [...new Set(body.events)],
    created_at: ctx.nowIso(),
  });
}

/** Notification subscriptions (spec: Notification subscriptions); nothing is delivered. */
export function notificationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const subs = ctx.store.table<SubscriptionRecord>(SUBSCRIPTIONS);
  const events = ctx.store.table<NotificationEventRecord>(NOTIFICATION_EVENTS);
  const subsOf = new ByCompany<SubscriptionRecord>(ctx, SUBSCRIPTIONS);
  const read = { preHandler: ctx.guard({ anyOf: ['company:read'] }) };
  const write = { preHandler: ctx.guard({ anyOf: ['company:write'] }) };
  const own = (companyId: string, id: string) => {
    const s = subs.get(id);
    if (!s || s.company_id !== companyId) throw notFound('Subscription');
    return s;
  };

  app.get('/v1/company/notifications', read, async (req) => {
    const { company } = authOf(req);
    return subsOf.of(company.id).map(toPublic);
  });

  app.post('/v1/company/notifications', write, async (req, reply) => {
    const { company } = authOf(req);
    return reply.code(201).send(toPublic(createSubscription(ctx, company, req.body)));
  });

  app.get('/v1/company/notifications/:id', read, async (req) => {
    const { company } = authOf(req);
    return toPublic(own(company.id, (req.params as { id: string }).id));
  });

  app.delete('/v1/company/notifications/:id', write, async (req, reply) => {
    const { company } = authOf(req);
    subs.delete(own(company.id, (req.params as { id: string }).id).id);
    touch(ctx, SUBSCRIPTIONS);
    return reply.code(204).send();
  });

  // Nothing is ever delivered, so nothing is unacknowledged: the request is accepted and changes nothing.
  app.post('/v1/company/notifications_resend_unacknowledged', write, async (req) => {
    const { company } = authOf(req);
    const count = subsOf.of(company.id).length;
    return { status: 'accepted', subscriptions: count, unacknowledged_events: 0 };
  });

  app.get('/__sandbox/companies/:id/notification_events', async (req) => {
    const id = (req.params as { id: string }).id;
    if (!ctx.companies.has(id)) throw notFound('Company');
    return events.filter((e) => e.company_id === id);
  });
}
