import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Fault injection for tests and demos: rules matched against each request to the service API (never
 * to /__sandbox/). Before the handler: added latency, an error status, a connection reset, a stall.
 * After the handler has applied the request: a dropped response, garbage instead of the body, or the
 * body cut short of its Content-Length (the connection closes after half of it), or no Date header.
 * Around the handler: a list that never ends (every page answers the first page's items and says the
 * next page is 2).
 */
export const faultRuleSchema = z.object({
  action: z.enum(['latency', 'error', 'reset', 'stall', 'drop_response', 'garbage', 'truncate', 'no_date', 'endless_pages']),
  method: z.string().optional(),
  /** A regular expression tested against the path (no query). */
  path: z.string().optional(),
  status: z.number().int().min(400).max(599).optional(),
  retry_after: z.number().int().min(0).optional(),
  latency_ms: z.number().int().min(0).max(600_000).optional(),
  /** How long a stalled request is held before the socket is closed (default 10 minutes). */
  stall_ms: z.number().int().min(0).max(3_600_000).optional(),
  /** Chance per matching request, 0..1 (default 1). */
  probability: z.number().min(0).max(1).optional(),
  /** How many matching requests it applies to before it is spent (default: no limit). */
  times: z.number().int().min(1).optional(),
  /** How many matching requests pass untouched first (to hit, say, the second page of a listing). */
  skip: z.number().int().min(0).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema> & { id: number; hits: number; passed: number };

declare module 'fastify' {
  interface FastifyRequest {
    afterFault?: FaultRule;
  }
}

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private readonly stalled = new Set<NodeJS.Timeout>();
  constructor(private readonly random: () => number) {}

  add(rule: z.infer<typeof faultRuleSchema>): FaultRule {
    const r = { ...rule, id: this.nextId++, hits: 0, passed: 0 };
    this.rules.push(r);
    return r;
  }
  list(): FaultRule[] {
    return this.rules;
  }
  clear(): void {
    this.rules = [];
    for (const t of this.stalled) clearTimeout(t);
    this.stalled.clear();
  }

  private pick(req: FastifyRequest, phase: 'before' | 'after'): FaultRule | undefined {
    const path = req.url.split('?')[0] ?? '';
    for (const r of this.rules) {
      const after = r.action === 'drop_response' || r.action === 'garbage' || r.action === 'truncate' || r.action === 'no_date';
      if (after !== (phase === 'after')) continue;
      if (r.method && r.method.toUpperCase() !== req.method) continue;
      if (r.path && !new RegExp(r.path).test(path)) continue;
      if (r.times !== undefined && r.hits >= r.times) continue;
      if (r.skip !== undefined && r.passed < r.skip) {
        r.passed++;
        continue;
      }
      if (r.probability !== undefined && this.random() >= r.probability) continue;
      r.hits++;
      return r;
    }
    return undefined;
  }

  install(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/__sandbox')) return;
      const before = this.pick(req, 'before');
      if (before) await this.applyBefore(before, req, reply);
      if (!reply.sent) req.afterFault ??= this.pick(req, 'after');
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const f = req.afterFault;
      if (!f) return payload;
      if (f.action === 'endless_pages') {
        // The first page's items with the word that a page 2 follows, and no totals to tell otherwise:
        // a client that trusts X-Next-Page alone never stops.
        for (const h of ['X-Total', 'X-Total-Pages', 'X-Prev-Page', 'Link']) reply.removeHeader(h);
        reply.header('X-Page', '1');
        reply.header('X-Next-Page', '2');
        return payload;
      }
      if (f.action === 'drop_response') {
        // The request has been applied; the client never learns it.
        req.raw.socket?.destroy();
        return payload;
      }
      if (f.action === 'no_date') {
        // The real service's answers are not known to carry a Date: a client must do without one.
        reply.removeHeader('date');
        reply.raw.sendDate = false;
        return payload;
      }
      if (f.action === 'truncate') {
        const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
        if (!body || body.length < 2) return payload;
        // Promise the whole body, send half, then close: a transfer cut short on the way. A stream, as
        // Fastify corrects the Content-Length of a Buffer payload to its length.
        reply.header('content-length', String(body.length));
        reply.raw.once('finish', () => req.raw.socket?.destroy());
        return Readable.from([body.subarray(0, Math.floor(body.length / 2))]);
      }
      // A consistent answer of the wrong content: the route's Content-Length (of the real body) must not stay.
      reply.removeHeader('content-length');
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.code(200);
      return '{"id": "7f3a", "status": [unterminated';
    });
  }

  private async applyBefore(r: FaultRule, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    switch (r.action) {
      case 'latency':
        await new Promise((res) => setTimeout(res, r.latency_ms ?? 1000));
        return;
      case 'error': {
        const status = r.status ?? 503;
        if (r.retry_after !== undefined) reply.header('Retry-After', String(r.retry_after));
        const code = status === 429 ? 'too_many_requests' : status >= 500 ? 'service_unavailable' : undefined;
        await reply.code(status).send({ ...(code ? { code } : {}), message: `Injected fault: HTTP ${status}` });
        return;
      }
      case 'reset':
        // Hijacked replies end the lifecycle: the handler never runs.
        reply.hijack();
        req.raw.socket?.destroy();
        return;
      case 'stall': {
        reply.hijack();
        const t = setTimeout(() => {
          this.stalled.delete(t);
          req.raw.socket?.destroy();
        }, r.stall_ms ?? 600_000);
        this.stalled.add(t);
        req.raw.socket?.once('close', () => {
          clearTimeout(t);
          this.stalled.delete(t);
        });
        return;
      }
      case 'endless_pages':
        // Whatever page is asked, the handler answers the first; the headers are set after it.
        (req.query as Record<string, unknown>).page = '1';
        req.afterFault = r;
        return;
      default:
        return;
    }
  }
}
