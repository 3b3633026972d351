import { createHash } from 'node:crypto';
import type { DocumentFileType } from '../../shared/enums';
import type { SandboxStore } from '../store';
import type { DocumentFileRecord } from './document-record';
import { looksLikeXml } from './document-xml';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** What a file is, from its bytes first and the name second (browsers send anything as mimetype). */
export function sniffFile(data: Buffer, filename: string, declared: string): { mimetype: string; file_format: string } {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { mimetype: 'application/pdf', file_format: 'PDF' };
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mimetype: 'image/png', file_format: 'PNG' };
  }
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mimetype: 'image/jpeg', file_format: 'JPEG' };
  if (data.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') return { mimetype: 'application/zip', file_format: 'ZIP' };
  if (looksLikeXml(data)) return { mimetype: 'application/xml', file_format: 'XML' };
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'txt' || ext === 'csv') return { mimetype: ext === 'csv' ? 'text/csv' : 'text/plain', file_format: ext.toUpperCase() };
  const generic = !declared || declared === 'application/octet-stream';
  return { mimetype: generic ? 'application/octet-stream' : declared, file_format: 'OTHER' };
}

export interface IncomingFile {
  filename: string;
  data: Buffer;
  mimetype: string;
  type: DocumentFileType;
  /** Known for the primary file once its XML is read. */
  file_format?: string;
  format_version?: string | null;
}

/** Keep the bytes in the blob store and answer the file record that points at them. */
export function storeFile(store: SandboxStore, id: string, f: IncomingFile, createdAt: string): DocumentFileRecord {
  const sniffed = sniffFile(f.data, f.filename, f.mimetype);
  const blob = `document-file/${id}`;
  store.blobs.put(blob, f.data);
  return {
    id,
    filename: f.filename,
    file_format: f.file_format ?? sniffed.file_format,
    mimetype: sniffed.mimetype,
    created_at: createdAt,
    type: f.type,
    format_version: f.format_version ?? null,
    blob,
    sha256: sha256(f.data),
    size: f.data.length,
  };
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** XML is served with the charset its declaration names, so a client decodes ISO-8859-15 right. */
export function contentType(mimetype: string, data: Buffer): string {
  if (mimetype !== 'application/xml') return mimetype;
  const declared = /^(?:\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(
    data.subarray(0, 200).toString('latin1'),
  )?.[1];
  return `application/xml; charset=${(declared ?? 'utf-8').toLowerCase()}`;
}
