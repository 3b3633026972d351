import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BANK_MESSAGE_KINDS, BANK_MESSAGE_TYPES, type BankMessageKind } from '../../shared/enums';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { errorMessageXml, messageXml, randomConsumer } from '../domain/bank-content';
import { type BankMessageRecord, BankMessages } from '../domain/bank-messages';
import { contentDisposition, contentType } from '../domain/document-files';
import { badRequest, notFound, parseOr400 } from '../http/errors';
import { readMultipart, requireFile } from '../http/multipart';
import { enumArrayParam, timeParam } from '../http/query';

type Query = Record<string, unknown>;

const RECEIVE = ['fi_bank_message:receive'];
const SEND = ['fi_bank_message:send'];

/** Both ends of the window are required, and the window may not run backwards. */
function windowOf(q: Query): { start: number; end: number } {
  const missing = ['timestamp_start', 'timestamp_end'].filter((n) => q[n] === undefined || q[n] === '');
  if (missing.length)
    throw badRequest(
      'timestamp_start and timestamp_end are required',
      missing.map((n) => `${n}: required`),
    );
  const start = timeParam(q, 'timestamp_start') as number;
  const end = timeParam(q, 'timestamp_end') as number;
  if (start > end) throw badRequest('timestamp_start is after timestamp_end', ['timestamp_start: must not be after timestamp_end']);
  return { start, end };
}

const adminBodySchema = z.object({
  kind: z.enum(BANK_MESSAGE_KINDS),
  message_type: z.enum(BANK_MESSAGE_TYPES).optional(),
  content: z.string().min(1).max(5_000_000).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

/** Finnish bank messages (consumer e-invoicing, B2CFI) and their admin route. */
export function bankMessageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const messages = new BankMessages(ctx);
  const guard = (anyOf: string[]) => ({ preHandler: ctx.guard({ anyOf }) });

  const own = (companyId: string, id: string, kind?: BankMessageKind): BankMessageRecord => {
    const m = messages.get(companyId, id, kind);
    if (!m) throw notFound('Bank message');
    return m;
  };
  const sendContent = (reply: FastifyReply, m: BankMessageRecord) => {
    const data = messages.content(m);
    if (!data) throw notFound('Bank message content');
    return reply
      .header('Content-Type', contentType(m.mimetype, data))
      .header('Content-Disposition', contentDisposition(m.filename))
      .send(data);
  };

  const listAndRead = (path: string, kind: BankMessageKind, scopes: string[]) => {
    app.get(`/v1/fi_bank_messages/${path}`, guard(scopes), async (req) => {
      const { company } = authOf(req);
      const q = req.query as Query;
      const w = windowOf(q);
      const types = kind === 'sent' ? enumArrayParam(q, 'message_type', BANK_MESSAGE_TYPES) : undefined;
      return messages.ids(company.id, kind, w.start, w.end, types);
    });
    app.get(`/v1/fi_bank_messages/${path}/:id`, guard(scopes), async (req, reply) => {
      const { company } = authOf(req);
      return sendContent(reply, own(company.id, (req.params as { id: string }).id, kind));
    });
  };
  listAndRead('ri_messages', 'ri', RECEIVE);
  // Sent messages are the company's own: a token that may send them may read them back too.
  listAndRead('sent_messages', 'sent', [...RECEIVE, ...SEND]);
  listAndRead('error_messages', 'error', RECEIVE);

  app.delete('/v1/fi_bank_messages/ri_messages/:id', guard(RECEIVE), async (req, reply) => {
    const { company } = authOf(req);
    messages.delete(own(company.id, (req.params as { id: string }).id, 'ri'));
    return reply.code(204).send();
  });

  app.post('/v1/fi_bank_messages', guard(SEND), async (req, reply) => {
    const { company } = authOf(req);
    const file = requireFile(await readMultipart(req), 'file');
    const m = messages.create({ company_id: company.id, kind: 'sent', content: file.data, filename: file.filename });
    // 204 has no body; the Location header names the message for GET /v1/fi_bank_messages/{id}.
    return reply.code(204).header('Location', `/v1/fi_bank_messages/${m.id}`).send();
  });

  app.get('/v1/fi_bank_messages/:id', guard(SEND), async (req) => {
    const { company } = authOf(req);
    const m = own(company.id, (req.params as { id: string }).id, 'sent');
    return { status: m.status ?? 'OK', error_message_id: m.error_message_id };
  });

  app.post('/__sandbox/companies/:company_id/bank-messages', async (req, reply) => {
    const company = ctx.companies.get((req.params as { company_id: string }).company_id);
    if (!company) throw notFound('Company');
    const b = parseOr400(adminBodySchema, req.body);
    if (b.kind === 'ri' && b.message_type && b.message_type !== 'RI') {
      throw badRequest('RI messages are of type RI', ['message_type: must be RI (or left out) for kind ri']);
    }
    if (b.kind === 'error' && b.message_type) throw badRequest('Error messages have no type', ['message_type: leave out for kind error']);
    const timestamp = b.timestamp ? new Date(b.timestamp).toISOString() : ctx.nowIso();
    const type = b.kind === 'error' ? null : (b.message_type ?? (b.kind === 'ri' ? 'RI' : 'SI'));
    const content =
      b.content ??
      (type
        ? messageXml(type, company, randomConsumer(ctx.random), timestamp, String(Math.floor(ctx.random() * 1e9)))
        : errorMessageXml(
            { id: ctx.newId(), type: 'SI', timestamp },
            'REJECTED',
            'The bank rejected the message',
            timestamp,
            String(Math.floor(ctx.random() * 1e9)),
          ));
    const m = messages.create({
      company_id: company.id,
      kind: b.kind,
      content: Buffer.from(content),
      timestamp,
      ...(b.kind === 'sent' && !b.message_type && b.content ? {} : { message_type: type }),
    });
    return reply.code(201).send({
      id: m.id,
      kind: m.kind,
      message_type: m.message_type,
      timestamp: m.timestamp,
      status: m.status,
      error_message_id: m.error_message_id,
    });
  });
}
