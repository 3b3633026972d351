import { z } from 'zod';
import type { DocumentFileType, DocumentType } from '../../../shared/enums';
import {
  type Document,
  documentEventSchema,
  documentFileSchema,
  documentListSchema,
  documentSchema,
} from '../../../shared/schemas/document';
import type { ServiceClient } from './client';
import { enc, type FileAnswer, fileAnswer, parseJson } from './invoices';
import { multipart, type Part } from './multipart';
import { type PageInfo, pageInfo } from './paging';

export interface DocumentListQuery {
  ids?: string[];
  direction?: 'RECEIVED' | 'SENT';
  type?: DocumentType[];
  status?: string[];
  created_at_start?: string;
  created_at_end?: string;
  number?: string;
  reference?: string;
  query?: string;
  sort?: string[];
  page?: number;
  per_page?: number;
  fields?: string[];
}

export interface DocumentUpload {
  type: DocumentType;
  transmissionId: string;
  file: { filename: string; data: Buffer };
  attachments?: { filename: string; data: Buffer; fileType: DocumentFileType }[];
  /** references[n]: what the document refers to (an order number, a contract...), with the id's type when known. */
  references?: { referenceId: string; referenceIdType: string | null }[];
  /** recipient_eia, recipient_operator, sender_name... by their literal names. */
  fields?: Record<string, string | undefined>;
}

export function documentsApi(client: ServiceClient) {
  return {
    async list(q: DocumentListQuery, signal?: AbortSignal): Promise<{ items: Document[]; page: PageInfo }> {
      const { data, headers } = await client.json({ method: 'GET', path: '/v1/documents', query: { ...q }, signal }, documentListSchema);
      return { items: data, page: pageInfo(headers) };
    },
    async get(id: string, signal?: AbortSignal): Promise<Document> {
      return (await client.json({ method: 'GET', path: `/v1/documents/${enc(id)}`, signal }, documentSchema)).data;
    },
    async events(id: string, signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: `/v1/documents/${enc(id)}/events`, signal }, z.array(documentEventSchema))).data;
    },
    async files(documentId: string, signal?: AbortSignal) {
      return (
        await client.json({ method: 'GET', path: '/v1/files', query: { document_id: documentId }, signal }, z.array(documentFileSchema))
      ).data;
    },
    async fileContent(fileId: string, signal?: AbortSignal): Promise<FileAnswer> {
      const res = await client.call({ method: 'GET', path: `/v1/files/${enc(fileId)}`, signal });
      return fileAnswer(res.headers, res.body);
    },
    async confirmDelivery(id: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'PATCH', path: `/v1/documents/${enc(id)}`, json: { status: 'CONFIRMED_DELIVERY' }, signal });
    },
    /** transmission_id makes the POST safe to repeat: the service refuses a second one with 422. */
    async upload(u: DocumentUpload, signal?: AbortSignal): Promise<Document> {
      const parts: Part[] = [
        { name: 'file', filename: u.file.filename, data: u.file.data },
        { name: 'type', value: u.type },
        { name: 'transmission_id', value: u.transmissionId },
      ];
      (u.attachments ?? []).forEach((a, i) => {
        parts.push({ name: `files[${i}][file]`, filename: a.filename, data: a.data });
        parts.push({ name: `files[${i}][file_type]`, value: a.fileType });
      });
      (u.references ?? []).forEach((r, i) => {
        parts.push({ name: `references[${i}][reference_id]`, value: r.referenceId });
        if (r.referenceIdType) parts.push({ name: `references[${i}][reference_id_type]`, value: r.referenceIdType });
      });
      for (const [k, v] of Object.entries(u.fields ?? {})) if (v !== undefined && v !== '') parts.push({ name: k, value: v });
      const body = multipart(parts);
      const res = await client.call({
        method: 'POST',
        path: '/v1/documents',
        multipart: body,
        idempotent: true,
        accept: 'application/json',
        signal,
      });
      return parseJson(res.body, documentSchema, 'POST /v1/documents');
    },
  };
}

export type DocumentsApi = ReturnType<typeof documentsApi>;
