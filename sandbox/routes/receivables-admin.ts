import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ASSIGNMENT_EVENT_TYPES } from '../../shared/schemas/receivables';
import type { SandboxContext } from '../context';
import {
  applyEvent,
  assignmentsTable,
  assignmentView,
  defaultEventData,
  EVENT_DATA,
  eventsTable,
  eventView,
  messagesTable,
  messageView,
  settle,
  threadsTable,
} from '../domain/receivables-assignments';
import { AGENCY_PARTY } from '../domain/receivables-services';
import { notFound, parseOr400 } from '../http/errors';

const eventBody = z.strictObject({
  event_type: z.enum(ASSIGNMENT_EVENT_TYPES),
  data: z.record(z.string(), z.unknown()).optional(),
  happened_at: z.iso.datetime({ offset: true }).optional(),
});
const statusBody = z.strictObject({ status: z.enum(['pending', 'ok', 'error']), reason: z.string().min(1).max(500).optional() });
const messageBody = z.strictObject({ body: z.string().trim().min(1).max(4000) });

/** Admin routes (no token): what the agency does, so tests and the demo can show events and messages. */
export function receivablesAdminRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const params = (req: FastifyRequest) => req.params as { company_id: string; assignment_id: string };
  const assignment = (req: FastifyRequest) => {
    const { company_id, assignment_id } = params(req);
    const t = assignmentsTable(ctx, company_id);
    const a = t.get(assignment_id);
    if (!a) throw notFound('Assignment');
    return settle(ctx, t, a);
  };

  app.get('/__sandbox/companies/:company_id/assignments', async (req) => {
    const c = params(req).company_id;
    return [...assignmentsTable(ctx, c).values()].map((a) => assignmentView(ctx, a));
  });

  // The agency raises an event; data the caller leaves out is filled from the assignment and the date.
  app.post('/__sandbox/companies/:company_id/assignments/:assignment_id/events', async (req, reply) => {
    const a = assignment(req);
    const body = parseOr400(eventBody, req.body);
    const today = ctx.nowIso().slice(0, 10);
    const data = parseOr400(EVENT_DATA[body.event_type], body.data ?? defaultEventData(body.event_type, a, today));
    assignmentsTable(ctx, a.company_id).update(a.id, (x) => applyEvent(x, body.event_type, data, ctx.nowIso()));
    const e = eventsTable(ctx, a.company_id).put({
      id: ctx.newId(),
      assignment_id: a.id,
      event_type: body.event_type,
      party_id: AGENCY_PARTY[a.service],
      happened_at: body.happened_at ? new Date(body.happened_at).toISOString() : ctx.nowIso(),
      data,
      seen: false,
    });
    return reply.code(201).send(eventView(e));
  });

  app.post('/__sandbox/companies/:company_id/assignments/:assignment_id/status', async (req) => {
    const a = assignment(req);
    const body = parseOr400(statusBody, req.body);
    const updated = assignmentsTable(ctx, a.company_id).update(a.id, (x) => {
      x.status = body.status;
      x.reason = body.status === 'ok' ? null : (body.reason ?? x.reason);
      x.accept_at = null;
      if (body.status === 'ok' && x.phase === 'waiting') x.phase = x.collection_type === 'collection' ? 'collection' : 'reminder';
      x.updated_at = ctx.nowIso();
    });
    return assignmentView(ctx, updated ?? a);
  });

  app.post('/__sandbox/companies/:company_id/assignments/:assignment_id/messages', async (req, reply) => {
    const a = assignment(req);
    const { body } = parseOr400(messageBody, req.body);
    const thread = threadsTable(ctx, a.company_id).find((t) => t.assignment_id === a.id);
    if (!thread) throw notFound('Message thread');
    const now = ctx.nowIso();
    threadsTable(ctx, a.company_id).update(thread.id, (t) => {
      t.updated_at = now;
    });
    const m = messagesTable(ctx, a.company_id).put({
      id: ctx.newId(),
      thread_id: thread.id,
      assignment_id: a.id,
      sender: 'agency',
      body,
      created_at: now,
      seen: false,
    });
    return reply.code(201).send(messageView(m));
  });
}
