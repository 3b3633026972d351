import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ASSIGNMENT_STATUSES, assignmentEventBodySchema, messageBodySchema, threadPatchBodySchema } from '../../shared/schemas/receivables';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import {
  type AssignmentRow,
  applyEvent,
  assignmentsTable,
  assignmentView,
  EVENT_DATA,
  eventsTable,
  eventView,
  messagesTable,
  messageView,
  overview,
  settle,
  threadsTable,
} from '../domain/receivables-assignments';
import { notFound, parseOr400 } from '../http/errors';
import { paginate, readPage } from '../http/paging';
import { booleanParam, enumParam, stringParam, timeParam } from '../http/query';

type Query = Record<string, unknown>;
const scope = { anyOf: ['receivables:assignments'] };
const byNewest = <T extends { created_at?: string; happened_at?: string }>(a: T, b: T) =>
  (b.happened_at ?? b.created_at ?? '').localeCompare(a.happened_at ?? a.created_at ?? '');

/** The receivables host: assignments, their events and messages (scope receivables:assignments). */
export function receivablesAssignmentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const param = (req: FastifyRequest, name: string) => (req.params as Record<string, string>)[name] ?? '';
  const companyOf = (req: FastifyRequest) => authOf(req).company.id;
  const all = (c: string): AssignmentRow[] => {
    const t = assignmentsTable(ctx, c);
    return [...t.values()].map((a) => settle(ctx, t, a));
  };
  const own = (c: string, id: string): AssignmentRow => {
    const t = assignmentsTable(ctx, c);
    const a = t.get(id);
    if (!a) throw notFound('Assignment');
    return settle(ctx, t, a);
  };

  app.get('/v1/assignments', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const q = req.query as Query;
    const status = enumParam(q, 'status', ASSIGNMENT_STATUSES);
    const invoiceId = stringParam(q, 'invoice_id');
    const closed = booleanParam(q, 'closed');
    const since = timeParam(q, 'updated_since');
    const rows = all(c)
      .filter(
        (a) =>
          (status === undefined || a.status === status) &&
          (invoiceId === undefined || a.invoice_id === invoiceId) &&
          (closed === undefined || a.closed === closed) &&
          (since === undefined || Date.parse(a.updated_at) >= since),
      )
      .sort(byNewest);
    return paginate(rows, readPage(q, 20), req, reply).map((a) => assignmentView(ctx, a));
  });

  // Registered before /:assignment_id so that "overview" is not taken for an id.
  app.get('/v1/assignments/overview', { preHandler: ctx.guard(scope) }, async (req) => {
    const c = companyOf(req);
    return overview(ctx, c, all(c));
  });

  app.get('/v1/assignments/:assignment_id', { preHandler: ctx.guard(scope) }, async (req) =>
    assignmentView(ctx, own(companyOf(req), param(req, 'assignment_id'))),
  );

  app.get('/v1/assignments/:assignment_id/events', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const a = own(c, param(req, 'assignment_id'));
    const rows = eventsTable(ctx, c)
      .filter((e) => e.assignment_id === a.id)
      .sort(byNewest);
    return paginate(rows, readPage(req.query as Query, 100), req, reply).map(eventView);
  });

  app.post('/v1/assignments/:assignment_id/events', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const a = own(c, param(req, 'assignment_id'));
    const body = parseOr400(assignmentEventBodySchema, req.body, 'invalid_parameters');
    const data = parseOr400(EVENT_DATA[body.event_type], body.data ?? {}, 'invalid_parameters');
    const at = body.happened_at ? new Date(body.happened_at).toISOString() : ctx.nowIso();
    assignmentsTable(ctx, c).update(a.id, (x) => applyEvent(x, body.event_type, data, ctx.nowIso()));
    // The company's own event is seen by the company already.
    const e = eventsTable(ctx, c).put({
      id: ctx.newId(),
      assignment_id: a.id,
      event_type: body.event_type,
      party_id: c,
      happened_at: at,
      data,
      seen: true,
    });
    return reply.code(201).send(eventView(e));
  });

  app.post('/v1/assignments/:assignment_id/events/:event_id/seen', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const a = own(c, param(req, 'assignment_id'));
    const e = eventsTable(ctx, c).get(param(req, 'event_id'));
    if (!e || e.assignment_id !== a.id) throw notFound('Event');
    eventsTable(ctx, c).update(e.id, (x) => {
      x.seen = true;
    });
    return reply.code(204).send();
  });

  app.get('/v1/events', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const q = req.query as Query;
    const seen = booleanParam(q, 'seen');
    const since = timeParam(q, 'happened_after');
    const rows = eventsTable(ctx, c)
      .filter((e) => (seen === undefined || e.seen === seen) && (since === undefined || Date.parse(e.happened_at) > since))
      .sort(byNewest);
    return paginate(rows, readPage(q, 100), req, reply).map(eventView);
  });

  // ---- Messages: one thread per assignment, opened with it.
  const threadOf = (c: string, id: string) => {
    const t = threadsTable(ctx, c).get(id);
    if (!t) throw notFound('Message thread');
    return t;
  };
  const threadView = (c: string, t: ReturnType<typeof threadOf>) => ({
    ...t,
    unseen_messages: messagesTable(ctx, c).filter((m) => m.thread_id === t.id && !m.seen).length,
  });
  const post = (c: string, threadId: string, assignmentId: string, body: string) => {
    const now = ctx.nowIso();
    threadsTable(ctx, c).update(threadId, (t) => {
      t.updated_at = now;
    });
    return messagesTable(ctx, c).put({
      id: ctx.newId(),
      thread_id: threadId,
      assignment_id: assignmentId,
      sender: 'company',
      body,
      created_at: now,
      seen: true,
    });
  };
  const threadOfAssignment = (c: string, assignmentId: string) => {
    const t = threadsTable(ctx, c).find((x) => x.assignment_id === assignmentId);
    if (!t) throw notFound('Message thread');
    return t;
  };

  app.get('/v1/message_threads', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const rows = [...threadsTable(ctx, c).values()].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    return paginate(rows, readPage(req.query as Query, 20), req, reply).map((t) => threadView(c, t));
  });
  app.get('/v1/message_threads/:thread_id', { preHandler: ctx.guard(scope) }, async (req) => {
    const c = companyOf(req);
    return threadView(c, threadOf(c, param(req, 'thread_id')));
  });
  app.patch('/v1/message_threads/:thread_id', { preHandler: ctx.guard(scope) }, async (req) => {
    const c = companyOf(req);
    const t = threadOf(c, param(req, 'thread_id'));
    const body = parseOr400(threadPatchBodySchema, req.body, 'invalid_parameters');
    return threadView(c, threadsTable(ctx, c).update(t.id, (x) => Object.assign(x, body)) ?? t);
  });
  app.get('/v1/message_threads/:thread_id/messages', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const t = threadOf(c, param(req, 'thread_id'));
    const rows = messagesTable(ctx, c).filter((m) => m.thread_id === t.id);
    return paginate(rows, readPage(req.query as Query, 100), req, reply).map(messageView);
  });
  app.post('/v1/message_threads/:thread_id/messages', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const t = threadOf(c, param(req, 'thread_id'));
    const { body } = parseOr400(messageBodySchema, req.body, 'invalid_parameters');
    return reply.code(201).send(messageView(post(c, t.id, t.assignment_id, body)));
  });
  app.get('/v1/assignments/:assignment_id/messages', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const a = own(c, param(req, 'assignment_id'));
    const rows = messagesTable(ctx, c).filter((m) => m.assignment_id === a.id);
    return paginate(rows, readPage(req.query as Query, 100), req, reply).map(messageView);
  });
  app.post('/v1/assignments/:assignment_id/messages', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const a = own(c, param(req, 'assignment_id'));
    const { body } = parseOr400(messageBodySchema, req.body, 'invalid_parameters');
    return reply.code(201).send(messageView(post(c, threadOfAssignment(c, a.id).id, a.id, body)));
  });
  app.put('/v1/messages/:message_id/seen', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = companyOf(req);
    const m = messagesTable(ctx, c).get(param(req, 'message_id'));
    if (!m) throw notFound('Message');
    messagesTable(ctx, c).update(m.id, (x) => {
      x.seen = true;
    });
    return reply.code(204).send();
  });
}
