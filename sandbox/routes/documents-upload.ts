import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { companyParty, describePrimary, networkOf } from '../domain/document-describe';
import { sha256 } from '../domain/document-files';
import { fieldsParam } from '../domain/document-list';
import { type DocumentRecord, PUBLIC_DOCUMENT_FIELDS, publicDocument } from '../domain/document-record';
import type { Documents } from '../domain/document-store';
import { badRequest, unprocessable } from '../http/errors';
import { type MultipartBody, readMultipart, type UploadedFile } from '../http/multipart';
import { pickFields } from '../http/query';
import type { UploadRecord } from '../model';
import { readTransmissionId, readUploadForm } from './documents-form';

export const baseUrl = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

/** The primary file as sent, before the form is checked (for the uploads ledger). */
function primaryOf(body: MultipartBody): UploadedFile | undefined {
  const direct = body.files.find((f) => f.field === 'file');
  if (direct) return direct;
  for (const [name, values] of body.fields) {
    const m = /^files\[(\d+)\]\[file_type\]$/.exec(name);
    if (m && values[0] === 'PRIMARY_FILE') return body.files.find((f) => f.field === `files[${m[1]}][file]`);
  }
  return undefined;
}

/** One ledger row per (company, transmission_id); every call carrying it counts, refused ones too. */
function countAttempt(ctx: SandboxContext, companyId: string, transmissionId: string, primary: UploadedFile | undefined): string {
  const id = `document:${companyId}:${transmissionId}`;
  const known = ctx.uploads.update(id, (r) => {
    r.attempts++;
    if (!r.remote_id && primary) {
      r.filename = primary.filename;
      r.sha256 = sha256(primary.data);
    }
  });
  if (!known) {
    const row: UploadRecord = {
      id,
      company_id: companyId,
      kind: 'document',
      remote_id: null,
      uuid: null,
      transmission_id: transmissionId,
      filename: primary?.filename ?? '',
      sha256: primary ? sha256(primary.data) : '',
      attempts: 1,
    };
    ctx.uploads.put(row);
  }
  return id;
}

/** POST /v1/documents: send a trading document. */
export function documentUploadRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  docs: Documents,
  onCreated: (doc: DocumentRecord) => void = () => {},
): void {
  app.post('/v1/documents', { preHandler: ctx.guard({ anyOf: ['document:send'], verified: true }) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = await readMultipart(req);
    // Without a transmission_id the service makes one, so every document has one (sandbox/docs/documents.md).
    const transmissionId = readTransmissionId(body) ?? ctx.newId();
    const ledgerId = countAttempt(ctx, company.id, transmissionId, primaryOf(body));
    const earlier = docs.byTransmission(company.id, transmissionId);
    if (earlier) {
      throw unprocessable('document_duplicate_transmission_id', `transmission_id '${transmissionId}' was already used`, [
        `transmission_id: already used by document ${earlier.id}`,
      ]);
    }
    const fields = fieldsParam(req.query as Record<string, unknown>, PUBLIC_DOCUMENT_FIELDS);
    const form = readUploadForm(body);
    const described = describePrimary(form.primary.data, form.primary.filename);
    if (!described.ok) throw badRequest('The document file could not be read', [`file: ${described.error}`]);
    const d = described.d;

    const eia = form.recipient.eia ?? d.recipient?.eia ?? null;
    if (!eia) {
      throw badRequest('The recipient is missing: give recipient_eia, or upload an XML document that names its recipient', [
        'recipient_eia: required when the file does not name the recipient',
      ]);
    }
    // The spec: "Document sending needs both recipient and recipient operator, given as parameters or
    // parsed from supported XML formats". No operator is made up, for a Peppol id neither.
    const operator = form.recipient.operator ?? d.recipient?.operator ?? null;
    if (!operator) {
      throw badRequest('The recipient operator is missing: give recipient_operator, or upload a file that names it', [
        `recipient_operator: required; the file does not name the operator of '${eia}' (look it up with GET /v1/lookup/receivers)`,
      ]);
    }
    const own = companyParty(company);
    const fromXml = d.sender;
    const doc = docs.create({
      company_id: company.id,
      direction: 'SENT',
      type: form.type ?? d.type,
      status: 'PROCESSING',
      document_identifier: d.document_identifier,
      process_identifier: d.process_identifier,
      number: d.number,
      reference: d.reference ?? form.references[0]?.reference_id ?? null,
      source_format: d.source_format,
      sender: {
        eia: form.sender.eia ?? fromXml?.eia ?? own.eia,
        bid: fromXml ? fromXml.bid : own.bid,
        name: form.sender.name ?? fromXml?.name ?? own.name,
        country: form.sender.country ?? fromXml?.country ?? own.country,
        vat: fromXml ? fromXml.vat : own.vat,
      },
      recipient: {
        eia,
        bid: d.recipient?.bid ?? null,
        name: form.recipient.name ?? d.recipient?.name ?? null,
        country: form.recipient.country ?? d.recipient?.country ?? null,
        vat: d.recipient?.vat ?? null,
        operator,
      },
      transmission_id: transmissionId,
      transmission_at: form.transmission_at,
      external_id: form.external_id,
      network: networkOf(operator),
      origin: 'API',
      references: form.references,
      primary: {
        filename: form.primary.filename,
        data: form.primary.data,
        mimetype: form.primary.mimetype,
        type: 'PRIMARY_FILE',
        file_format: d.source_format === 'OTHER' ? undefined : d.source_format,
        format_version: d.format_version,
      },
      attachments: form.attachments.map((a) => ({ filename: a.file.filename, data: a.file.data, mimetype: a.file.mimetype, type: a.type })),
      event: { code: 'CREATED', message: 'The document was accepted for delivery', details: [] },
    });
    onCreated(doc);
    ctx.uploads.update(ledgerId, (r) => {
      r.remote_id = doc.id;
      r.filename = form.primary.filename;
      r.sha256 = doc.files[0]?.sha256 ?? sha256(form.primary.data);
    });
    return reply.code(201).send(pickFields(publicDocument(doc, baseUrl(req)), fields));
  });
}
