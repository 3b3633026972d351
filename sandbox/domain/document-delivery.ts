import type { DocumentStatus, DocumentType } from '../../shared/enums';
import type { CompanyRecord } from '../model';
import { companyParty, DEFAULT_PEPPOL_OPERATOR, describePrimary, isPeppolId, networkOf } from './document-describe';
import type { DocumentRecord } from './document-record';
import type { Documents } from './document-store';

/**
 * Documents that arrive without a client upload: delivered to a company by the network (admin API,
 * seed), or sent documents put straight into a status for tests and demos. Both go through the same
 * store and, for status, the same machine as the service API.
 */
export interface FileIn {
  filename: string;
  data: Buffer;
  mimetype: string;
}

export type Created = { ok: true; doc: DocumentRecord } | { ok: false; error: string };

const MINUTE = 60_000;

export function receiveDocument(
  docs: Documents,
  company: CompanyRecord,
  file: FileIn,
  opts: { type?: DocumentType; sender_name?: string; created_at?: string; transmission_id: string },
): Created {
  const described = describePrimary(file.data, file.filename);
  if (!described.ok) return { ok: false, error: described.error };
  const d = described.d;
  const senderEia = d.sender?.eia ?? null;
  const origin = senderEia && isPeppolId(senderEia) ? 'PEPPOL' : 'EXTERNAL';
  const doc = docs.create({
    company_id: company.id,
    direction: 'RECEIVED',
    type: opts.type ?? d.type,
    // A received document has been delivered to the company; the company may confirm it (PATCH).
    status: 'DELIVERED',
    document_identifier: d.document_identifier,
    process_identifier: d.process_identifier,
    number: d.number,
    reference: d.reference,
    source_format: d.source_format,
    sender: {
      eia: senderEia,
      bid: d.sender?.bid ?? null,
      name: opts.sender_name ?? d.sender?.name ?? null,
      country: d.sender?.country ?? null,
      vat: d.sender?.vat ?? null,
    },
    recipient: { ...companyParty(company), operator: origin === 'PEPPOL' ? DEFAULT_PEPPOL_OPERATOR : null },
    transmission_id: opts.transmission_id,
    transmission_at: opts.created_at ?? null,
    external_id: null,
    network: origin === 'PEPPOL' ? 'PEPPOL' : 'NATIONALNET',
    origin,
    references: [],
    primary: {
      ...file,
      type: 'PRIMARY_FILE',
      file_format: d.source_format === 'OTHER' ? undefined : d.source_format,
      format_version: d.format_version,
    },
    attachments: [],
    ...(opts.created_at ? { created_at: opts.created_at } : {}),
    event: {
      code: 'RECEIVED',
      message: `The company received a document from ${origin === 'PEPPOL' ? 'Peppol' : 'another operator'}`,
      details: [],
    },
  });
  return { ok: true, doc };
}

/** The moves that take a new PROCESSING document to each status. */
const PATHS: Record<Exclude<DocumentStatus, 'RESERVED'>, DocumentStatus[]> = {
  PROCESSING: [],
  DELIVERED: ['DELIVERED'],
  CONFIRMED_DELIVERY: ['DELIVERED', 'CONFIRMED_DELIVERY'],
  FAILED: ['FAILED'],
};

export interface SentOptions {
  status: DocumentStatus;
  type?: DocumentType;
  created_at?: string;
  transmission_id: string;
  recipient?: { eia?: string; operator?: string; name?: string };
  reference?: string;
  /** FAILED after DELIVERED (a bounce) instead of straight from PROCESSING. */
  failAfterDelivery?: boolean;
  failure?: string;
}

export function sendDocumentAs(docs: Documents, company: CompanyRecord, file: FileIn, opts: SentOptions): Created {
  const described = describePrimary(file.data, file.filename);
  if (!described.ok) return { ok: false, error: described.error };
  const d = described.d;
  const eia = opts.recipient?.eia ?? d.recipient?.eia;
  if (!eia) return { ok: false, error: 'the recipient is missing: give recipient_eia' };
  const operator = opts.recipient?.operator ?? d.recipient?.operator ?? (isPeppolId(eia) ? DEFAULT_PEPPOL_OPERATOR : null);
  if (!operator) return { ok: false, error: `recipient_operator is required because '${eia}' is not in the form scheme:identifier` };
  const createdAt = opts.created_at;
  const doc = docs.create({
    company_id: company.id,
    direction: 'SENT',
    type: opts.type ?? d.type,
    status: opts.status === 'RESERVED' ? 'RESERVED' : 'PROCESSING',
    document_identifier: d.document_identifier,
    process_identifier: d.process_identifier,
    number: d.number,
    reference: opts.reference ?? d.reference,
    source_format: d.source_format,
    sender: companyParty(company),
    recipient: {
      eia,
      bid: d.recipient?.bid ?? null,
      name: opts.recipient?.name ?? d.recipient?.name ?? null,
      country: d.recipient?.country ?? null,
      vat: d.recipient?.vat ?? null,
      operator,
    },
    transmission_id: opts.transmission_id,
    transmission_at: createdAt ?? null,
    external_id: null,
    network: networkOf(operator),
    origin: 'API',
    references: [],
    primary: {
      ...file,
      type: 'PRIMARY_FILE',
      file_format: d.source_format === 'OTHER' ? undefined : d.source_format,
      format_version: d.format_version,
    },
    attachments: [],
    ...(createdAt ? { created_at: createdAt } : {}),
    event:
      opts.status === 'RESERVED'
        ? { code: 'RESERVED', message: 'The transmission is reserved; the document is not processed yet', details: [] }
        : { code: 'CREATED', message: 'The document was accepted for delivery', details: [] },
  });
  if (opts.status === 'RESERVED') return { ok: true, doc };
  let path = PATHS[opts.status];
  if (opts.status === 'FAILED' && opts.failAfterDelivery) path = ['DELIVERED', 'FAILED'];
  const start = Date.parse(doc.created_at);
  path.forEach((to, i) => {
    // Seeded history in the past gets plausible gaps; documents made now move at once.
    const at = createdAt ? new Date(start + (i + 1) * 7 * MINUTE).toISOString() : undefined;
    docs.move(doc, to, 'route', to === 'FAILED' ? (opts.failure ?? 'The recipient access point refused the document') : undefined, at);
  });
  return { ok: true, doc };
}
