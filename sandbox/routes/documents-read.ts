import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentPatchBodySchema } from '../../shared/schemas/document';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { contentDisposition, contentType } from '../domain/document-files';
import { fieldsParam, readDocumentQuery, selectDocuments } from '../domain/document-list';
import {
  type DocumentFileRecord,
  type DocumentRecord,
  PUBLIC_DOCUMENT_FIELDS,
  PUBLIC_EVENT_FIELDS,
  publicDocument,
  publicFile,
} from '../domain/document-record';
import type { Documents } from '../domain/document-store';
import { badRequest, conflict, notFound, parseOr400 } from '../http/errors';
import { paginate, readPage } from '../http/paging';
import { arrayParam, pickFields, requiredString } from '../http/query';
import { baseUrl } from './documents-upload';

type Query = Record<string, unknown>;

/** The default page size of GET /v1/documents (spec: Limits). */
export const DOCUMENTS_PER_PAGE = 10;

/** Answer a stored file's bytes as a download. */
function sendFile(ctx: SandboxContext, reply: FastifyReply, file: DocumentFileRecord) {
  const data = ctx.store.blobs.get(file.blob);
  if (!data) throw notFound('File content');
  return reply
    .header('Content-Type', contentType(file.mimetype, data))
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('Content-Length', String(data.length))
    .send(data);
}

/** GET and PATCH of documents, their events and their files. */
export function documentReadRoutes(app: FastifyInstance, ctx: SandboxContext, docs: Documents): void {
  const reading = { preHandler: ctx.guard({ anyOf: ['document:receive', 'document:send'] }) };
  const own = (companyId: string, id: string): DocumentRecord => {
    const d = docs.get(companyId, id);
    if (!d) throw notFound('Document');
    return d;
  };

  app.get('/v1/documents', reading, async (req, reply) => {
    const { company } = authOf(req);
    const q = req.query as Query;
    const page = readPage(q, DOCUMENTS_PER_PAGE);
    const dq = readDocumentQuery(q);
    const selected = selectDocuments(docs, company.id, dq);
    const base = baseUrl(req);
    return paginate(selected, page, req, reply).map((d) => pickFields(publicDocument(d, base), dq.fields));
  });

  app.get('/v1/documents/:id', reading, async (req, reply) => {
    const { company } = authOf(req);
    const q = req.query as Query;
    const doc = own(company.id, (req.params as { id: string }).id);
    const fields = fieldsParam(q, PUBLIC_DOCUMENT_FIELDS);
    const formats = arrayParam(q, 'return_format');
    if (!formats) return pickFields(publicDocument(doc, baseUrl(req)), fields);
    // Documents are not converted: the stored file answers its own format (or ORIGINAL).
    const available = [...doc.supported_formats, 'ORIGINAL'];
    if (!formats.some((f) => available.includes(f))) {
      throw badRequest('Format conversion is not available for documents', [
        `return_format: this document is available as ${available.join(' or ')}`,
      ]);
    }
    const primary = doc.files.find((f) => f.type === 'PRIMARY_FILE') ?? doc.files[0];
    if (!primary) throw notFound('Document file');
    return sendFile(ctx, reply, primary);
  });

  app.patch('/v1/documents/:id', reading, async (req, reply) => {
    const { company } = authOf(req);
    const doc = own(company.id, (req.params as { id: string }).id);
    fieldsParam(req.query as Query, PUBLIC_DOCUMENT_FIELDS);
    const body = parseOr400(documentPatchBodySchema, req.body);
    const r = docs.move(doc, body.status, 'patch');
    if (!r.ok) {
      throw conflict('document_in_invalid_state', `The document is ${doc.status}; only a DELIVERED document can be confirmed`, [
        `status: ${r.reason}`,
      ]);
    }
    return reply.code(204).send();
  });

  app.get('/v1/documents/:id/events', reading, async (req) => {
    const { company } = authOf(req);
    const doc = own(company.id, (req.params as { id: string }).id);
    const fields = fieldsParam(req.query as Query, PUBLIC_EVENT_FIELDS);
    if (!fields) return doc.events;
    return doc.events.map((e) => Object.fromEntries(fields.map((f) => [f, e[f as keyof typeof e]])));
  });

  app.get('/v1/files', reading, async (req) => {
    const { company } = authOf(req);
    const doc = own(company.id, requiredString(req.query as Query, 'document_id'));
    const base = baseUrl(req);
    return doc.files.map((f) => publicFile(f, base));
  });

  app.get('/v1/files/:id', reading, async (req, reply) => {
    const { company } = authOf(req);
    const found = docs.file(company.id, (req.params as { id: string }).id);
    if (!found) throw notFound('File');
    return sendFile(ctx, reply, found.file);
  });
}
