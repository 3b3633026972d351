import { DOCUMENT_FILE_TYPES, DOCUMENT_TYPES, type DocumentFileType, type DocumentType } from '../../shared/enums';
import type { DocumentReference } from '../domain/document-record';
import { badRequest } from '../http/errors';
import { field, type MultipartBody, type UploadedFile } from '../http/multipart';

/** The form of POST /v1/documents, checked field by field; every problem is reported at once. */
export interface UploadForm {
  primary: UploadedFile;
  attachments: { file: UploadedFile; type: DocumentFileType }[];
  references: DocumentReference[];
  type: DocumentType | undefined;
  transmission_at: string | null;
  external_id: string | null;
  recipient: { name?: string; country?: string; eia?: string; operator?: string };
  sender: { name?: string; country?: string; eia?: string };
}

const INDEXED = /^(files|references)\[(\d{1,4})\]\[([A-Za-z_]+)\]$/;
const REFERENCE_KEYS = ['reference_id', 'reference_id_type', 'checksum', 'file_type'] as const;
/** The plain text fields of the spec's POST /v1/documents. */
const TEXT_FIELDS = [
  'type',
  'transmission_id',
  'transmission_at',
  'external_id',
  'recipient_name',
  'recipient_country',
  'recipient_eia',
  'recipient_operator',
  'sender_name',
  'sender_country',
  'sender_eia',
] as const;
const COUNTRY = /^[A-Z]{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** transmission_id is read before anything else so that even a refused call counts as an attempt. */
export function readTransmissionId(body: MultipartBody): string | undefined {
  const v = field(body, 'transmission_id');
  if (v === undefined) return undefined;
  const t = v.trim();
  if (t === '' || t.length > 255) throw badRequest('Invalid transmission_id', ['transmission_id: must be 1 to 255 characters']);
  return t;
}

export function readUploadForm(body: MultipartBody): UploadForm {
  const problems: string[] = [];
  const text = (name: string, max: number, pattern?: RegExp, hint?: string): string | undefined => {
    const v = field(body, name);
    if (v === undefined) return undefined;
    const t = v.trim();
    if (t === '' || t.length > max) problems.push(`${name}: must be 1 to ${max} characters`);
    else if (pattern && !pattern.test(t)) problems.push(`${name}: ${hint ?? 'has the wrong form'}`);
    else return t;
    return undefined;
  };

  const files = new Map<number, { file?: UploadedFile; type?: string }>();
  const refs = new Map<number, Record<string, string>>();
  const slot = <T>(m: Map<number, T>, n: number, empty: T) => {
    const cur = m.get(n) ?? empty;
    m.set(n, cur);
    return cur;
  };

  let primary: UploadedFile | undefined;
  for (const f of body.files) {
    const m = INDEXED.exec(f.field);
    if (f.field === 'file') {
      if (primary) problems.push('file: given more than once');
      primary = f;
    } else if (m && m[1] === 'files' && m[3] === 'file') {
      const s = slot(files, Number(m[2]), {});
      if (s.file) problems.push(`${f.field}: given more than once`);
      s.file = f;
    } else {
      problems.push(`${f.field}: not a file field of this endpoint (use file or files[n][file])`);
    }
  }
  for (const [name, values] of body.fields) {
    const m = INDEXED.exec(name);
    if (!m) {
      // Like POST /v1/invoices: a misspelt field is refused rather than silently ignored.
      if (!(TEXT_FIELDS as readonly string[]).includes(name)) problems.push(`${name}: unknown field of this endpoint`);
      continue;
    }
    const n = Number(m[2]);
    const key = m[3] ?? '';
    if (values.length > 1) problems.push(`${name}: given ${values.length} times`);
    const value = values[0] ?? '';
    if (m[1] === 'files') {
      if (key === 'file_type') slot(files, n, {}).type = value;
      else problems.push(`${name}: unknown field (files[n] takes file and file_type)`);
    } else if ((REFERENCE_KEYS as readonly string[]).includes(key)) {
      slot(refs, n, {})[key] = value.trim();
    } else {
      problems.push(`${name}: unknown field (references[n] takes ${REFERENCE_KEYS.join(', ')})`);
    }
  }

  const attachments: UploadForm['attachments'] = [];
  for (const [n, s] of [...files].sort((a, b) => a[0] - b[0])) {
    const label = `files[${n}]`;
    if (!s.file) {
      problems.push(`${label}[file]: required when ${label}[file_type] is given`);
      continue;
    }
    if (s.file.data.length === 0) problems.push(`${label}[file]: 0 bytes`);
    if (!s.file.filename) problems.push(`${label}[file]: send the file name in Content-Disposition`);
    if (s.type === undefined) problems.push(`${label}[file_type]: required (${DOCUMENT_FILE_TYPES.join(', ')})`);
    else if (!(DOCUMENT_FILE_TYPES as readonly string[]).includes(s.type)) {
      problems.push(`${label}[file_type]: '${s.type}' is not one of ${DOCUMENT_FILE_TYPES.join(', ')}`);
    } else if (s.type === 'PRIMARY_FILE') {
      if (primary) problems.push(`${label}[file_type]: only one primary file per document (file or one files[n] with PRIMARY_FILE)`);
      else primary = s.file;
    } else attachments.push({ file: s.file, type: s.type as DocumentFileType });
  }
  if (!primary) problems.push('file: required (the document itself, as file or as files[n] with file_type PRIMARY_FILE)');
  else if (primary.data.length === 0) problems.push('file: 0 bytes');
  else if (!primary.filename) problems.push('file: send the file name in Content-Disposition');

  const references: DocumentReference[] = [];
  for (const [n, r] of [...refs].sort((a, b) => a[0] - b[0])) {
    const label = `references[${n}]`;
    const id = r.reference_id;
    if (!id) problems.push(`${label}[reference_id]: required`);
    else if (id.length > 255) problems.push(`${label}[reference_id]: at most 255 characters`);
    if (r.checksum && !/^[A-Fa-f0-9]{32,128}$/.test(r.checksum)) problems.push(`${label}[checksum]: must be a hexadecimal digest`);
    if (r.file_type && !(DOCUMENT_FILE_TYPES as readonly string[]).includes(r.file_type)) {
      problems.push(`${label}[file_type]: '${r.file_type}' is not one of ${DOCUMENT_FILE_TYPES.join(', ')}`);
    }
    if (id) {
      references.push({
        reference_id: id,
        reference_id_type: r.reference_id_type || null,
        checksum: r.checksum ? r.checksum.toLowerCase() : null,
        file_type: r.file_type || null,
      });
    }
  }

  const type = text('type', 64);
  if (type !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
    problems.push(`type: '${type}' is not a document type (${DOCUMENT_TYPES.join(', ')})`);
  }
  const transmissionAt = text('transmission_at', 40, ISO_TIME, 'must be an ISO 8601 timestamp with an offset');
  if (transmissionAt !== undefined && Number.isNaN(Date.parse(transmissionAt))) problems.push('transmission_at: not a real time');
  const eia = /^[^\s]+$/;
  const form: UploadForm = {
    primary: primary as UploadedFile,
    attachments,
    references,
    type: type as DocumentType | undefined,
    transmission_at: transmissionAt && !Number.isNaN(Date.parse(transmissionAt)) ? new Date(transmissionAt).toISOString() : null,
    external_id: text('external_id', 255) ?? null,
    recipient: {
      name: text('recipient_name', 200),
      country: text('recipient_country', 10, COUNTRY, 'must be an ISO 3166-1 alpha-2 code such as FI'),
      eia: text('recipient_eia', 100, eia, 'must not contain spaces'),
      operator: text('recipient_operator', 100, eia, 'must not contain spaces'),
    },
    sender: {
      name: text('sender_name', 200),
      country: text('sender_country', 10, COUNTRY, 'must be an ISO 3166-1 alpha-2 code such as FI'),
      eia: text('sender_eia', 100, eia, 'must not contain spaces'),
    },
  };
  if (problems.length) throw badRequest('The document upload has invalid fields', problems);
  return form;
}
