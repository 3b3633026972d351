import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../../../main/core/api';
import { ServiceError } from '../../../main/core/api/errors';
import { type RawRequest, Transport } from '../../../main/core/api/transport';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

/** The real transport, counting what it sends (instrumentation, not a mock). */
class CountingTransport extends Transport {
  readonly paths: string[] = [];
  override send(req: RawRequest) {
    this.paths.push(req.url.pathname);
    return super.send(req);
  }
}

let sb: TestSandbox;
let company: TestCompany;
beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
});
afterAll(async () => sb.close());

const fastRetry = { initialDelayMs: 5, maxDelayMs: 50 };
function api(opts: { now?: () => number; transport?: Transport; c?: TestCompany; url?: string } = {}) {
  const c = opts.c ?? company;
  const url = opts.url ?? sb.url;
  return createApi({
    hosts: { base_url: url, receivables_url: url, validator_url: url, bling_url: url },
    credentials: { companyId: c.company_id, apiKey: c.api_key },
    retry: fastRetry,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.transport ? { transport: opts.transport } : {}),
  });
}
const faults = (rules: unknown[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });

describe('service client against the sandbox', () => {
  it('gets one token for many concurrent calls', async () => {
    const t = new CountingTransport();
    const a = api({ transport: t });
    await Promise.all(Array.from({ length: 10 }, () => a.client.call({ method: 'GET', path: '/status/authenticated' })));
    expect(t.paths.filter((p) => p === '/oauth2/token')).toHaveLength(1);
    expect(a.tokens.scopes.has('invoice:send')).toBe(true);
    await t.close();
  });

  it('renews an expired token once and repeats the call', async () => {
    // A frozen clock keeps believing the token is fresh; the service says it has expired.
    const t = new CountingTransport();
    // A minute's token, and the service's clock two minutes on: the renewed token is fresh for a minute
    // however slow a loaded machine is between renewing and repeating (a 1 s token could expire again).
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 60 } });
    const frozen = Date.now();
    const short = api({ transport: t, now: () => frozen });
    await short.client.call({ method: 'GET', path: '/status/authenticated' });
    await sb.advanceClock(120_000);
    const before = t.paths.filter((p) => p === '/oauth2/token').length;
    const res = await short.client.call({ method: 'GET', path: '/status/authenticated' });
    expect(res.status).toBe(200);
    expect(t.paths.filter((p) => p === '/oauth2/token').length).toBe(before + 1);
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 3600 } });
    await t.close();
  });

  it('retries 503 bursts, 429 with Retry-After and connection resets on idempotent calls', async () => {
    const a = api();
    await a.client.call({ method: 'GET', path: '/status/authenticated' });
    await faults([{ action: 'error', status: 503, path: '^/status/authenticated$', times: 2 }]);
    expect((await a.client.call({ method: 'GET', path: '/status/authenticated' })).status).toBe(200);
    await faults([{ action: 'error', status: 429, retry_after: 1, path: '^/status/authenticated$', times: 1 }]);
    const t0 = Date.now();
    expect((await a.client.call({ method: 'GET', path: '/status/authenticated' })).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900); // honoured the service's Retry-After of 1 s
    await faults([{ action: 'reset', path: '^/status/authenticated$', times: 2 }]);
    expect((await a.client.call({ method: 'GET', path: '/status/authenticated' })).status).toBe(200);
    await faults([]);
  });

  it('gives up after the retry budget with a retry-kind error in plain words', async () => {
    const a = api();
    await faults([{ action: 'error', status: 502, path: '^/status/authenticated$' }]);
    const err = await a.client.call({ method: 'GET', path: '/status/authenticated' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).kind).toBe('retry');
    expect((err as ServiceError).message).toMatch(/having trouble/);
    await faults([]);
  });

  it('does not repeat a POST without an idempotency key', async () => {
    const t = new CountingTransport();
    const a = api({ transport: t });
    await a.client.call({ method: 'GET', path: '/status/authenticated' });
    await faults([{ action: 'error', status: 503, path: '^/odp/companies/', method: 'POST' }]);
    const before = t.paths.length;
    await expect(a.client.call({ method: 'POST', path: '/odp/companies/7', json: {} })).rejects.toBeInstanceOf(ServiceError);
    expect(t.paths.length - before).toBe(1);
    await faults([]);
    await t.close();
  });

  it('calls a garbled answer a retry-kind failure', async () => {
    const a = api();
    await faults([{ action: 'garbage', path: '^/status/authenticated$', times: 10 }]);
    const err = await a.client
      .json({ method: 'GET', path: '/status/authenticated' }, z.object({ client_id: z.string() }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'retry', code: 'garbled' });
    await faults([]);
  });

  it('tells wrong credentials and a missing scope apart as user-kind failures', async () => {
    const wrong = api({ c: { ...company, api_key: 'sk_wrong' } });
    const e1 = await wrong.client.call({ method: 'GET', path: '/status/authenticated' }).catch((e: unknown) => e);
    expect(e1).toMatchObject({ kind: 'user', status: 401 });
    expect((e1 as Error).message).toMatch(/API key was not accepted/);

    const narrow = api({ c: await sb.company({ allowed_scopes: ['lookup'] }) });
    const e2 = await narrow.client.call({ method: 'GET', path: '/odp/companies/1' }).catch((e: unknown) => e);
    expect(e2).toMatchObject({ kind: 'user', status: 403, code: 'forbidden' });
  });

  it('refuses plain HTTP to a host outside this computer before connecting', async () => {
    const a = api({ url: 'http://service.example.com' });
    const err = await a.client.call({ method: 'GET', path: '/status' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'user', code: 'insecure_url' });
    // A name under .localhost is not loopback by itself: a hosts file may point it anywhere (issue 39, item 9).
    for (const url of ['http://sandbox.localhost:8787', 'http://localhost.example.com', 'http://[::ffff:7f00:1]', 'http://0.0.0.0']) {
      const e = await api({ url })
        .client.call({ method: 'GET', path: '/status' })
        .catch((x: unknown) => x);
      expect(e, url).toMatchObject({ kind: 'user', code: 'insecure_url' });
    }
  });

  it('times out a stalled answer and reports it as retry-kind', async () => {
    const url = sb.url;
    const a = createApi({
      hosts: { base_url: url, receivables_url: url, validator_url: url, bling_url: url },
      credentials: { companyId: company.company_id, apiKey: company.api_key },
      retry: { ...fastRetry, maxRetries: 0 },
      transportOptions: { headersTimeoutMs: 300 },
    });
    await a.client.call({ method: 'GET', path: '/status/authenticated' });
    await faults([{ action: 'stall', path: '^/status/authenticated$', stall_ms: 5000 }]);
    const err = await a.client.call({ method: 'GET', path: '/status/authenticated' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'retry', code: 'UND_ERR_HEADERS_TIMEOUT' });
    await faults([]);
    await a.close();
  });

  it("carries the service's time on from its Date header, with the clock that only moves forward", async () => {
    // The service's clock an hour ahead of this computer's: the time told must be the service's.
    await sb.advanceClock(3600_000);
    let monotonic = 0;
    const url = sb.url;
    const a = createApi({
      hosts: { base_url: url, receivables_url: url, validator_url: url, bling_url: url },
      credentials: { companyId: company.company_id, apiKey: company.api_key },
      retry: fastRetry,
      monotonic: () => monotonic,
    });
    await faults([{ action: 'no_date', path: '^/status/authenticated$', times: 1 }]);
    await a.client.call({ method: 'GET', path: '/status/authenticated' });
    expect(a.client.serviceNow(), 'an answer without a Date tells nothing').toBeNull();
    await a.client.call({ method: 'GET', path: '/status/authenticated' });
    const told = a.client.serviceNow() as number;
    const service = Date.parse(((await (await sb.call('/__sandbox/clock')).json()) as { now: string }).now);
    // A Date names whole seconds, and the end of its second is taken: never more than a second ahead.
    expect(told).toBeLessThan(service + 1000);
    expect(service - told).toBeLessThan(60_000);
    monotonic += 10_000;
    expect(a.client.serviceNow()).toBe(told + 10_000);
    await faults([]);
    await a.close();
  });
});
