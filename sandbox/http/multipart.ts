import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartBody {
  /** Text fields; a name sent more than once, or with `[]`, collects every value. */
  fields: Map<string, string[]>;
  files: UploadedFile[];
}

/** Largest file the sandbox accepts (the spec does not show the service's limit). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * Reads a whole multipart/form-data body with @fastify/multipart (busboy underneath). Fields keep
 * their literal names such as `print_settings[color]` or `files[0][file]`, as the spec writes them.
 */
export async function readMultipart(req: FastifyRequest): Promise<MultipartBody> {
  if (!req.isMultipart()) {
    throw new ApiError(415, 'unsupported_media_type', 'This endpoint takes multipart/form-data');
  }
  const fields = new Map<string, string[]>();
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 200, parts: 300 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        const name = part.fieldname.endsWith('[]') ? part.fieldname.slice(0, -2) : part.fieldname;
        const list = fields.get(name) ?? [];
        list.push(String(part.value ?? ''));
        fields.set(name, list);
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, 'payload_too_large', `The file is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit`);
    }
    if (code.startsWith('FST_') && code.endsWith('_LIMIT')) {
      throw new ApiError(413, 'payload_too_large', 'Too many parts in the form');
    }
    throw badRequest('The multipart body could not be read', [String((err as Error).message ?? err)]);
  }
  return { fields, files };
}

export function field(body: MultipartBody, name: string): string | undefined {
  const v = body.fields.get(name);
  if (!v || v.length === 0) return undefined;
  if (v.length > 1) throw badRequest(`${name} may be given only once`, [`${name}: given ${v.length} times`]);
  return v[0];
}

export function listField(body: MultipartBody, name: string): string[] | undefined {
  return body.fields.get(name);
}

export function boolField(body: MultipartBody, name: string): boolean | undefined {
  const v = field(body, name);
  if (v === undefined || v === '') return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(`Invalid value for ${name}`, [`${name}: must be true or false`]);
}

export function requireFile(body: MultipartBody, name = 'file'): UploadedFile {
  const f = body.files.find((x) => x.field === name);
  if (!f) throw badRequest(`${name} is required`, [`${name}: required`]);
  if (!f.filename) throw badRequest('The file has no name', [`${name}: send the file name in Content-Disposition`]);
  if (f.data.length === 0) throw badRequest('The file is empty', [`${name}: 0 bytes`]);
  return f;
}
