import { z } from 'zod';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../enums';

export const documentPartySchema = z.looseObject({
  eia: z.string().nullable().optional(),
  bid: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  vat: z.string().nullable().optional(),
  operator: z.string().nullable().optional(),
});

export const documentEventSchema = z.looseObject({
  code: z.string(),
  message: z.string().nullable().optional(),
  details: z.unknown().optional(),
  created_at: z.string(),
});
export type DocumentEvent = z.infer<typeof documentEventSchema>;

export const documentFileSchema = z.looseObject({
  id: z.string(),
  filename: z.string(),
  file_format: z.string().nullable().optional(),
  mimetype: z.string().nullable().optional(),
  href: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  format_version: z.string().nullable().optional(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** A reference sent with an upload (`references[n][...]`), answered back on the record. */
export const documentReferenceSchema = z.looseObject({
  reference_id: z.string(),
  reference_id_type: z.string().nullable().optional(),
  checksum: z.string().nullable().optional(),
  file_type: z.string().nullable().optional(),
});
export type DocumentReference = z.infer<typeof documentReferenceSchema>;

export const documentSchema = z.looseObject({
  id: z.string(),
  type: z.enum(DOCUMENT_TYPES).or(z.string()).optional(),
  direction: z.string().optional(),
  document_identifier: z.string().nullable().optional(),
  process_identifier: z.string().nullable().optional(),
  status: z.enum(DOCUMENT_STATUSES).or(z.string()).optional(),
  reference: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  sender: documentPartySchema.nullable().optional(),
  recipient: documentPartySchema.nullable().optional(),
  created_at: z.string().nullable().optional(),
  delivered_at: z.string().nullable().optional(),
  received_at: z.string().nullable().optional(),
  last_event: documentEventSchema.nullable().optional(),
  source_format: z.string().nullable().optional(),
  supported_formats: z.array(z.string()).nullable().optional(),
  transmission_id: z.string().nullable().optional(),
  transmission_at: z.string().nullable().optional(),
  network: z.string().nullable().optional(),
  origin: z.string().nullable().optional(),
  external_id: z.string().nullable().optional(),
  files: z.array(documentFileSchema).optional(),
  references: z.array(documentReferenceSchema).optional(),
});
export type Document = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);
export const documentEventListSchema = z.array(documentEventSchema);
export const documentFileListSchema = z.array(documentFileSchema);

export const documentPatchBodySchema = z.object({ status: z.literal('CONFIRMED_DELIVERY') });
