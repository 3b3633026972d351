import { isIP } from 'node:net';
import { Agent, type Dispatcher, FormData, request } from 'undici';
import { NoAnswerError, ServiceError } from './errors';

export interface TransportOptions {
  connectTimeoutMs?: number;
  /** Time to wait for response headers once the request has been sent. */
  headersTimeoutMs?: number;
  /** Longest silence while the response body is arriving. */
  bodyTimeoutMs?: number;
  /** Sockets kept open per origin. */
  connections?: number;
  /** Called for every request sent (counting in tests and benchmarks; never sees bodies or headers). */
  onRequest?: (method: string, url: URL) => void;
}

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: URL;
  headers?: Record<string, string>;
  body?: string | Buffer | FormData;
  signal?: AbortSignal;
  /** What the answer is, for its size limit (ANSWER_LIMITS); by default `json` when JSON is accepted, else `file`. */
  answer?: AnswerKind;
}

export type AnswerKind = 'json' | 'file';

/**
 * The most of an answer read into memory, by what it is. A JSON answer is one object or a list page
 * (at most 100 items, each a few kB): 16 MB is ten times the largest seen. A file is an invoice, its
 * image or an attachment: the service takes files of up to 100 MB, so 128 MB. An error's body only
 * carries a message and a code: 64 KiB, and what is beyond it is dropped (the status still decides).
 * A larger answer is stopped as it arrives, never held whole: a broken or hostile service cannot
 * make the app hold a gigabyte.
 */
export const ANSWER_LIMITS = { json: 16 * 1024 * 1024, file: 128 * 1024 * 1024, error: 64 * 1024 } as const;

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * 127.0.0.0/8, ::1 and `localhost` itself: the only hosts plain HTTP may reach (the sandbox). Not
 * `*.localhost`: a hosts file or a resolver may send such a name anywhere, and the key would go in clear.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1';
  return false;
}

/** Only HTTPS leaves this machine; plain HTTP is for the loopback sandbox. */
export function assertAllowedUrl(url: URL): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  throw new ServiceError(
    'user',
    `Refusing to connect to ${url.origin}: only HTTPS is allowed for addresses outside this computer`,
    null,
    'insecure_url',
  );
}

/**
 * One keep-alive connection pool for every service call, with timeouts on connect, headers and body,
 * and TLS 1.2 as the floor for every HTTPS connection.
 */
export class Transport {
  private readonly agent: Agent;
  private readonly onRequest: TransportOptions['onRequest'];
  constructor(opts: TransportOptions = {}) {
    this.onRequest = opts.onRequest;
    this.agent = new Agent({
      connections: opts.connections ?? 8,
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 60_000,
      headersTimeout: opts.headersTimeoutMs ?? 60_000,
      bodyTimeout: opts.bodyTimeoutMs ?? 60_000,
      connect: { timeout: opts.connectTimeoutMs ?? 10_000, minVersion: 'TLSv1.2', rejectUnauthorized: true },
    });
  }

  get dispatcher(): Dispatcher {
    return this.agent;
  }

  async send(req: RawRequest): Promise<RawResponse> {
    assertAllowedUrl(req.url);
    this.onRequest?.(req.method, req.url);
    try {
      const res = await request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
        dispatcher: this.agent,
      });
      const error = res.statusCode >= 400;
      const kind = req.answer ?? (/json/i.test(req.headers?.accept ?? '') ? 'json' : 'file');
      const limit = error ? ANSWER_LIMITS.error : ANSWER_LIMITS[kind];
      const { body, cut } = await readLimited(res.body, limit, res.headers, error, req.url);
      if (!cut) checkLength(res.headers, body, req.url);
      return { status: res.statusCode, headers: res.headers, body };
    } catch (err) {
      if (req.signal?.aborted || err instanceof ServiceError) throw err;
      throw networkError(err, req.url);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/**
 * Reads a body up to `limit` bytes. Past it (or when its Content-Length says so before anything is
 * read), the body is abandoned, which closes the connection: a success answer then fails with a plain
 * error naming the host; an error answer keeps what arrived up to the limit (`cut`).
 */
async function readLimited(
  stream: Dispatcher.ResponseData['body'],
  limit: number,
  headers: RawResponse['headers'],
  keepCut: boolean,
  url: URL,
): Promise<{ body: Buffer; cut: boolean }> {
  const tooLarge = () => {
    stream.destroy();
    const mb = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
    return new ServiceError(
      'retry',
      `The answer from ${url.host} was larger than the ${mb} such an answer may be, so it was not read`,
      null,
      'too_large',
    );
  };
  const declared = Number([headers['content-length']].flat()[0]);
  if (!keepCut && Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const piece = chunk as Buffer;
    if (size + piece.length > limit) {
      if (!keepCut) throw tooLarge();
      chunks.push(piece.subarray(0, limit - size));
      stream.destroy();
      return { body: Buffer.concat(chunks), cut: true };
    }
    chunks.push(piece);
    size += piece.length;
  }
  return { body: Buffer.concat(chunks, size), cut: false };
}

/**
 * A body shorter or longer than its Content-Length is a transfer cut short or mangled on the way (a
 * proxy, a captive portal): never an answer to act on. Bodies are not decompressed here, so the
 * header counts the bytes received.
 */
function checkLength(headers: RawResponse['headers'], body: Buffer, url: URL): void {
  const raw = headers['content-length'];
  const declared = Number(Array.isArray(raw) ? raw[0] : raw);
  if (raw === undefined || !Number.isFinite(declared) || declared === body.length) return;
  throw new ServiceError(
    'retry',
    `The answer from ${url.host} was cut short (${body.length} of ${declared} bytes arrived)`,
    null,
    'truncated',
  );
}

function networkError(err: unknown, url: URL): ServiceError {
  const code = (err as { code?: string }).code ?? '';
  const what =
    code === 'UND_ERR_CONNECT_TIMEOUT'
      ? 'connecting timed out'
      : code === 'UND_ERR_HEADERS_TIMEOUT'
        ? 'the service did not answer in time'
        : code === 'UND_ERR_BODY_TIMEOUT'
          ? 'the answer stopped arriving'
          : code === 'ECONNREFUSED'
            ? 'the connection was refused'
            : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
              ? 'the address could not be found'
              : code === 'UND_ERR_SOCKET' || code === 'ECONNRESET'
                ? 'the connection was closed before an answer came'
                : (err as Error).message || 'a network error';
  return new NoAnswerError(`Could not reach the service at ${url.host}: ${what}`, code || 'network');
}

export { FormData };
