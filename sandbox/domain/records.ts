import type { Direction, DocumentStatus, InvoiceStatus } from '../../shared/enums';
import type { InvoiceAction, InvoiceFile, Party } from '../../shared/schemas/invoice';

/** Table names shared between route modules. */
export const INVOICES = 'invoices';
export const DOCUMENTS = 'documents';

/** A file's bytes live in the blob store under `blob`; records carry only the reference. */
export interface StoredFile {
  id: string;
  filename: string;
  mimetype: string;
  blob: string;
  sha256: string;
  size: number;
}

/**
 * An invoice as the sandbox keeps it: the public record fields plus what only the sandbox needs
 * (the original file, the image, attachments, the upload's form fields). Routes answer `toPublic`.
 */
export interface InvoiceRecord {
  id: string;
  company_id: string;
  direction: Direction;
  uuid: string | null;
  status: InvoiceStatus;
  number: string | null;
  reference: string | null;
  sender: Party | null;
  recipient: Party | null;
  received_at: string | null;
  created_at: string;
  date: string | null;
  date_due: string | null;
  source_format: string | null;
  sum: number | null;
  sum_tax: number | null;
  currency: string | null;
  origin: 'INTERNAL' | 'EXTERNAL' | 'SCAN';
  destination: string | null;
  comment: string | null;
  files: InvoiceFile[];
  actions: InvoiceAction[];
  revision: number;
  virtual_barcode: string | null;
  /** Set by PATCH invoice_events {state: HANDLED}. */
  handled: boolean;
  /** Monotonic insertion sequence, for stable ordering of equal timestamps. */
  seq: number;
  internal: {
    original: StoredFile;
    image: StoredFile | null;
    attachments: StoredFile[];
    upload_fields: Record<string, string | string[]>;
  };
}

export interface DocumentRecordBase {
  id: string;
  company_id: string;
  direction: Direction;
  status: DocumentStatus;
}
