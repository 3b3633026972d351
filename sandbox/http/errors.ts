import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorBody } from '../../shared/errors';

/**
 * The one error the routes throw. Every error the sandbox answers goes through `sendError`, so every
 * body has the spec's single shape `{code?, message?, details?}` and nothing leaks a stack.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly details?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  body(): ErrorBody {
    const b: ErrorBody = { message: this.message };
    if (this.code) b.code = this.code;
    if (this.details?.length) b.details = this.details;
    return b;
  }
}

export const badRequest = (message: string, details?: string[]) => new ApiError(400, undefined, message, details);
export const invalidParameters = (message: string, details?: string[]) => new ApiError(400, 'invalid_parameters', message, details);
export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found`);
export const conflict = (code: string | undefined, message: string, details?: string[]) => new ApiError(409, code, message, details);
export const unprocessable = (code: string, message: string, details?: string[]) => new ApiError(422, code, message, details);

/** Turns zod issues into `path: message` lines, the details clients show next to a field. */
export function zodDetails(err: ZodError): string[] {
  return err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
}

/** Parse with a schema or throw a 400 (with `code` when the endpoint's spec names one). */
export function parseOr400<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
  code?: 'invalid_parameters',
): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new ApiError(400, code, 'The request has invalid parameters', zodDetails(r.error));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ code: 'not_found', message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
  app.setErrorHandler((err: FastifyError | ApiError | ZodError, req, reply) => {
    if (err instanceof ApiError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(err.body());
    }
    if (err instanceof ZodError) {
      return reply.code(400).send({ message: 'The request has invalid parameters', details: zodDetails(err) });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const code = (err as FastifyError).code;
    if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send({ code: 'payload_too_large', message: 'The request body is too large' });
    }
    if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(415).send({ code: 'unsupported_media_type', message: 'Unsupported Content-Type for this endpoint' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message || 'Bad request' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal error in the sandbox' });
  });
}
