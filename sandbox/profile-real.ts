import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';

/**
 * The `real` profile: where the spec is silent, the sandbox answers as a client of the real service
 * saw it answer (../shared/spec/real-service-facts.md, F1-F10). The default `spec` profile keeps the
 * sandbox's own choices; every difference is listed in sandbox/README.md ("Profiles"). Applied to the
 * answers on their way out, so the routes stay one implementation.
 */
export const PROFILES = ['spec', 'real'] as const;
export type SandboxProfile = (typeof PROFILES)[number];

/** F1: the keys of a sent invoice in the real list, exactly these, in this order. */
export const REAL_SENT_INVOICE_KEYS = [
  'id',
  'status',
  'reference',
  'number',
  'sender',
  'recipient',
  'created_at',
  'date',
  'date_due',
  'source_format',
  'sum',
  'sum_tax',
  'currency',
  'destination',
  'comment',
  'files',
  'actions',
] as const;
/** F2: the nested objects' keys. */
const SENDER_KEYS = ['eia', 'bid', 'name', 'country'];
const RECIPIENT_KEYS = ['eia', 'bid', 'name', 'country', 'operator'];
const ACTION_KEYS = ['type', 'channel', 'message', 'key', 'happened_at'];

const pick = (o: unknown, keys: readonly string[]): Record<string, unknown> | unknown => {
  if (!o || typeof o !== 'object') return o;
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = (o as Record<string, unknown>)[k] ?? null;
  return out;
};

function realSentInvoice(inv: Record<string, unknown>): Record<string, unknown> {
  const out = pick(inv, REAL_SENT_INVOICE_KEYS) as Record<string, unknown>;
  out.sender = pick(inv.sender, SENDER_KEYS);
  out.recipient = pick(inv.recipient, RECIPIENT_KEYS);
  out.actions = Array.isArray(inv.actions) ? inv.actions.map((a) => pick(a, ACTION_KEYS)) : [];
  out.files = Array.isArray(inv.files) ? inv.files : [];
  return out;
}

/** Query parameters the real service takes beyond the spec's lists (F9): dropped before a route checks its own. */
const TOLERATED_PARAMS = ['channel_details_version'];

function parseJson(payload: unknown): unknown {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '');
  } catch {
    return undefined;
  }
}

export function installProfile(app: FastifyInstance, ctx: SandboxContext): void {
  const real = (url: string) => ctx.config.profile === 'real' && !url.startsWith('/__sandbox');

  app.addHook('preValidation', async (req) => {
    if (!real(req.url) || !req.query || typeof req.query !== 'object') return;
    const q = { ...(req.query as Record<string, unknown>) };
    for (const [k, v] of Object.entries(q)) {
      // A blank value is taken as absent (F9: `return_format=`), except `direction=`, which F4 saw refused.
      if (TOLERATED_PARAMS.includes(k) || (k !== 'direction' && (v === '' || (Array.isArray(v) && v.every((x) => x === ''))))) delete q[k];
    }
    req.query = q;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!real(req.url)) return payload;
    const path = req.url.split('?')[0] ?? '';
    const status = reply.statusCode;
    const body = parseJson(payload);
    if (status === 401) {
      // F3: the code alone; no detail says why (an expired token, an unverified company).
      reply.header('www-authenticate', 'Bearer realm="einvoice-sandbox"');
      const code = path === '/oauth2/token' ? 'invalid_credentials' : 'auth_unauthorized';
      const message = (body as { message?: string } | undefined)?.message;
      return JSON.stringify({ code, ...(message ? { message } : {}) });
    }
    if (status === 400 && body && typeof body === 'object' && !(body as { code?: string }).code) {
      // F4: the real code of a refused parameter.
      return JSON.stringify({ code: 'invalid_parameters', ...(body as object) });
    }
    if (status !== 200 || body === undefined) return payload;
    if (req.method === 'GET' && path === '/v1/invoices' && Array.isArray(body)) {
      const sent = (req.query as Record<string, unknown>).direction === 'SENT';
      return JSON.stringify(
        sent
          ? body.map((i) => realSentInvoice(i as Record<string, unknown>))
          : body.map((i) => withoutHandled(i as Record<string, unknown>)),
      );
    }
    if (req.method === 'GET' && /^\/v1\/invoices\/[^/]+$/.test(path) && body && typeof body === 'object' && !Array.isArray(body))
      return JSON.stringify(withoutHandled(body as Record<string, unknown>));
    if (path === '/v1/invoices/reports/definitions' && Array.isArray(body)) {
      // F6: an object, not an array; keyed by reason is the sandbox's guess at its shape.
      const keyed: Record<string, unknown> = {};
      for (const d of body as { reason: string }[]) {
        const { reason, ...rest } = d;
        keyed[reason] = rest;
      }
      return JSON.stringify(keyed);
    }
    if (path === '/status/authenticated') return JSON.stringify(pick(body, ['client_id', 'expires_at']));
    return payload;
  });
}

/** No source shows a `handled` field on the real invoice: "handled" is the client's own state. */
function withoutHandled(inv: Record<string, unknown>): Record<string, unknown> {
  const { handled: _left, ...rest } = inv;
  return rest;
}
