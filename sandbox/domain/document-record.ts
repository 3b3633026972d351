import type { DocumentFileType, DocumentStatus, DocumentType } from '../../shared/enums';
import type { DocumentRecordBase } from './records';

/** Tables of the documents group (besides DOCUMENTS in records.ts). */
export const DOCUMENT_TABLES = {
  /** file id -> the document that holds it, so GET /v1/files/{id} needs no scan. */
  fileRefs: 'document_file_refs',
  /** `${company_id}:${transmission_id}` -> document id; transmission ids are unique per company. */
  transmissions: 'document_transmissions',
  /** One counter row (`seq`) that orders documents created in the same millisecond. */
  counters: 'document_counters',
} as const;

export interface DocumentParty {
  eia: string | null;
  bid: string | null;
  name: string | null;
  country: string | null;
  vat: string | null;
}

export interface RecipientParty extends DocumentParty {
  operator: string | null;
}

export interface DocumentEventRecord {
  code: string;
  message: string;
  details: string[];
  created_at: string;
}

/** A stored file: public fields plus where its bytes are. */
export interface DocumentFileRecord {
  id: string;
  filename: string;
  file_format: string;
  mimetype: string;
  created_at: string;
  type: DocumentFileType;
  format_version: string | null;
  blob: string;
  sha256: string;
  size: number;
}

export interface DocumentReference {
  reference_id: string;
  reference_id_type: string | null;
  checksum: string | null;
  file_type: string | null;
}

export interface DocumentRecord extends DocumentRecordBase {
  type: DocumentType;
  status: DocumentStatus;
  document_identifier: string | null;
  process_identifier: string | null;
  reference: string | null;
  number: string | null;
  sender: DocumentParty;
  recipient: RecipientParty;
  created_at: string;
  delivered_at: string | null;
  received_at: string | null;
  last_event: DocumentEventRecord | null;
  source_format: string;
  supported_formats: string[];
  transmission_id: string;
  transmission_at: string | null;
  network: string | null;
  origin: string;
  external_id: string | null;
  files: DocumentFileRecord[];
  references: DocumentReference[];
  events: DocumentEventRecord[];
  /** Insertion sequence: breaks ties between equal created_at values. */
  seq: number;
}

export interface FileRefRow {
  id: string;
  document_id: string;
  company_id: string;
}

export interface TransmissionRow {
  id: string;
  document_id: string;
}

export const transmissionKey = (companyId: string, transmissionId: string) => `${companyId}:${transmissionId}`;

/** The fields a client may name in `fields[]`, in the order the record answers them. */
export const PUBLIC_DOCUMENT_FIELDS = [
  'id',
  'type',
  'direction',
  'document_identifier',
  'process_identifier',
  'status',
  'reference',
  'number',
  'sender',
  'recipient',
  'created_at',
  'delivered_at',
  'received_at',
  'last_event',
  'source_format',
  'supported_formats',
  'transmission_id',
  'transmission_at',
  'network',
  'origin',
  'external_id',
  'files',
  'references',
] as const;

export const PUBLIC_EVENT_FIELDS = ['code', 'message', 'details', 'created_at'] as const;

export function publicFile(f: DocumentFileRecord, baseUrl: string) {
  return {
    id: f.id,
    filename: f.filename,
    file_format: f.file_format,
    mimetype: f.mimetype,
    href: `${baseUrl}/v1/files/${f.id}`,
    created_at: f.created_at,
    type: f.type,
    format_version: f.format_version,
  };
}

/** The record as the service answers it: no company id, no event history, no blob ids. */
export function publicDocument(d: DocumentRecord, baseUrl: string) {
  return {
    id: d.id,
    type: d.type,
    direction: d.direction,
    document_identifier: d.document_identifier,
    process_identifier: d.process_identifier,
    status: d.status,
    reference: d.reference,
    number: d.number,
    sender: d.sender,
    recipient: d.recipient,
    created_at: d.created_at,
    delivered_at: d.delivered_at,
    received_at: d.received_at,
    last_event: d.last_event,
    source_format: d.source_format,
    supported_formats: d.supported_formats,
    transmission_id: d.transmission_id,
    transmission_at: d.transmission_at,
    network: d.network,
    origin: d.origin,
    external_id: d.external_id,
    files: d.files.map((f) => publicFile(f, baseUrl)),
    references: d.references,
  };
}
