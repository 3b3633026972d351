import type { FastifyInstance } from 'fastify';
import type { SourceFormat } from '../../shared/enums';
import { INVOICE_UPLOAD_ARRAY_FIELDS, type InvoiceUploadFields, invoiceUploadFieldsSchema } from '../../shared/schemas/invoice';
import { authOf } from '../auth/guard';
import { cleanFilename, newSentInvoice, type ParsedUpload, parseUpload, sha256, storeUpload } from '../domain/invoice-create';
import { InvoiceFileError } from '../domain/invoice-parsed';
import { toPublic } from '../domain/invoice-view';
import { badRequest, conflict, parseOr400 } from '../http/errors';
import { type MultipartBody, readMultipart, requireFile } from '../http/multipart';
import type { UploadRecord } from '../model';
import { baseUrl, type InvoiceApi } from './invoices-shared';

/** Source formats each upload `format` value may name (the sandbox parses no TEAPPS). */
const FORMAT_ACCEPTS: Record<NonNullable<InvoiceUploadFields['format']>, readonly SourceFormat[]> = {
  FINVOICE30: ['FINVOICE30'],
  PEPPOLBIS30: ['PEPPOLBIS30', 'EHF30', 'UBL21'],
  EHF30: ['EHF30', 'PEPPOLBIS30', 'UBL21'],
  SVEFAKTURA10: ['PEPPOLBIS30', 'UBL21'],
  OIOUBL: ['PEPPOLBIS30', 'UBL21'],
  TEAPPS30: [],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The text fields as one object for the schema: arrays for the array fields, blanks left out. */
function fieldObject(body: MultipartBody): { value: Record<string, string | string[]>; repeated: string[] } {
  const value: Record<string, string | string[]> = {};
  const repeated: string[] = [];
  for (const [name, values] of body.fields) {
    const present = values.filter((v) => v !== '');
    if ((INVOICE_UPLOAD_ARRAY_FIELDS as readonly string[]).includes(name)) {
      if (present.length) value[name] = present;
    } else if (present.length > 1) repeated.push(name);
    else if (present.length === 1) value[name] = present[0] as string;
  }
  return { value, repeated };
}

function ledgerId(companyId: string, uuid: string): string {
  return `invoice:${companyId}:${uuid}`;
}

/**
 * Count this call in the uploads ledger before anything can refuse it: a client retrying after a
 * lost answer must see every attempt, and fault injection may drop the answer after this ran.
 */
function countAttempt(
  api: InvoiceApi,
  companyId: string,
  uuid: string,
  file: { filename: string; data: Buffer } | undefined,
): UploadRecord {
  const id = ledgerId(companyId, uuid);
  const row = api.ctx.uploads.get(id);
  if (row) {
    return api.ctx.uploads.update(id, (u) => {
      u.attempts += 1;
      // Until an invoice exists the row describes the latest attempt; afterwards, the invoice's file.
      if (!u.remote_id && file) {
        u.filename = cleanFilename(file.filename);
        u.sha256 = sha256(file.data);
      }
    }) as UploadRecord;
  }
  return api.ctx.uploads.put({
    id,
    company_id: companyId,
    kind: 'invoice',
    remote_id: null,
    uuid,
    transmission_id: null,
    filename: file ? cleanFilename(file.filename) : '',
    sha256: file ? sha256(file.data) : '',
    attempts: 1,
  });
}

export function invoiceUploadRoutes(app: FastifyInstance, api: InvoiceApi): void {
  const { ctx } = api;

  app.post('/v1/invoices', { preHandler: ctx.guard({ anyOf: ['invoice:send'], verified: true }) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = await readMultipart(req);
    // Nothing below awaits: the uuid check and the invoice's creation happen as one step.
    const { value, repeated } = fieldObject(body);
    const candidate = typeof value.uuid === 'string' && UUID.test(value.uuid) ? value.uuid.toLowerCase() : undefined;
    const upload = body.files.find((f) => f.field === 'file');
    const ledger = candidate ? countAttempt(api, company.id, candidate, upload) : undefined;

    if (repeated.length)
      throw badRequest(
        'Fields given more than once',
        repeated.map((n) => `${n}: may be given only once`),
      );
    const strayFiles = body.files.filter((f) => f.field !== 'file').map((f) => f.field);
    if (strayFiles.length || body.files.filter((f) => f.field === 'file').length > 1) {
      throw badRequest('Only one file, in the field "file", is accepted', [
        ...strayFiles.map((n) => `${n}: unexpected file field`),
        ...(strayFiles.length ? [] : ['file: given more than once']),
      ]);
    }
    const fields = parseOr400(invoiceUploadFieldsSchema, value);
    const file = requireFile(body);

    const previous = ledger?.remote_id ? api.table.get(ledger.remote_id) : undefined;
    // A repeated uuid: 'duplicate' goes on to make a second invoice, as a service that ignores it would.
    if (ledger && previous && ctx.config.repeatedUuid !== 'duplicate') {
      const same = ledger.sha256 === sha256(file.data);
      if (same && ctx.config.repeatedUuid === 'same-record') return reply.code(200).send(toPublic(previous, baseUrl(req)));
      throw conflict(undefined, `An invoice with uuid ${ledger.uuid} was already uploaded${same ? '' : ' with different content'}`, [
        `uuid: already used for invoice ${previous.id} (${previous.number ?? 'no number'}); use a new uuid for a different file`,
      ]);
    }

    let parsed: ParsedUpload;
    try {
      parsed = parseUpload(file.filename, file.data);
    } catch (err) {
      if (err instanceof InvoiceFileError) throw badRequest(err.message, err.details);
      throw err;
    }
    if (fields.format && !FORMAT_ACCEPTS[fields.format].includes(parsed.parsed.source_format)) {
      throw badRequest(`The file is not in the format ${fields.format}`, [
        `format: the file is ${parsed.parsed.source_format}, which does not match ${fields.format}`,
      ]);
    }
    if (fields['email_settings[xml_format]'] && !(fields.recipient_email ?? parsed.parsed.recipient.email)) {
      throw badRequest('E-mail delivery needs an address', [
        'recipient_email: required with email_settings[xml_format] when the invoice carries no buyer e-mail',
      ]);
    }
    const uuid = candidate ?? ctx.newId();
    const record = newSentInvoice(ctx, company.id, storeUpload(ctx, parsed), {
      at: ctx.nowIso(),
      uuid,
      filename: cleanFilename(file.filename),
      fields,
      rawFields: value,
    });
    api.table.put(record);
    api.index.add(record);
    const row = ledger ?? countAttempt(api, company.id, uuid, file);
    ctx.uploads.update(row.id, (u) => {
      u.remote_id = record.id;
      u.filename = cleanFilename(file.filename);
      u.sha256 = sha256(file.data);
    });
    return reply.code(201).send(toPublic(record, baseUrl(req)));
  });
}
