import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_SCOPE, startTestSandbox, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
let token: string;
let companyId: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  const c = await sb.company();
  companyId = c.company_id;
  token = await sb.token(c, FULL_SCOPE);
});
afterAll(async () => sb.close());

/** Bodies a careless or hostile client might send. */
const bodies: fc.Arbitrary<{ type: string | null; body: string | Uint8Array | null }> = fc.oneof(
  fc.constant({ type: 'application/json', body: '{"unterminated": ' }),
  fc.constant({ type: 'application/json', body: '' }),
  fc.constant({ type: 'application/json', body: 'null' }),
  fc.constant({ type: 'application/json', body: '[]' }),
  fc.constant({ type: 'application/json', body: '"just a string"' }),
  fc.constant({ type: 'application/json', body: JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }) }),
  fc.constant({
    type: 'application/json',
    body: JSON.stringify({ status: 'NOT_A_STATUS', network: 'MARS', profiles: [1, 2], events: 'x', state: 7 }),
  }),
  fc.json().map((j) => ({ type: 'application/json', body: j })),
  fc.constant({ type: 'text/plain', body: 'hello' }),
  fc.constant({ type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>' }),
  fc.constant({ type: 'multipart/form-data', body: 'not really multipart' }),
  fc.constant({
    type: 'multipart/form-data; boundary=XYZ',
    body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\n\r\n\r\n--XYZ--\r\n',
  }),
  fc.constant({
    type: 'multipart/form-data; boundary=XYZ',
    body: '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--XYZ',
  }),
  fc.constant({ type: 'application/x-www-form-urlencoded', body: 'a=1&a=2&b[]=x&%E0%A4%A=bad' }),
  fc.constant({ type: null, body: null }),
  fc.uint8Array({ maxLength: 2048 }).map((b) => ({ type: 'application/octet-stream', body: b })),
);

const params = fc.oneof(
  fc.constant(''),
  fc.constant('?page=0&per_page=1000'),
  fc.constant('?page=-1&per_page=abc'),
  fc.constant('?status[]=NOPE&direction=SIDEWAYS&sort[]=-nothing'),
  fc.constant(`?ids[]=${Array.from({ length: 150 }, (_, i) => `id${i}`).join('&ids[]=')}`),
  fc.constant('?received_at_start=yesterday&created_at_end=2026-13-45T99:99'),
  fc.constant('?fields[]=__proto__&fields[]=constructor'),
  fc.constant('?timestamp_start=2026-01-01T00:00:00Z&timestamp_end=2020-01-01T00:00:00Z'),
  fc.constant('?document_id=&query=%00%FF'),
  fc.string({ maxLength: 40 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
);

const pathValue = fc.oneof(
  fc.constant('00000000-0000-4000-8000-000000000000'),
  fc.constant('..%2F..%2Fetc%2Fpasswd'),
  fc.constant('%00'),
  fc.constant('a'.repeat(300)),
  fc.constant('123'),
  fc.constant('CON'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

describe('fuzz: no route answers 500 or crashes, whatever it is sent', () => {
  it('walks every route with malformed bodies, wrong content types and invalid parameters', async () => {
    const failures: string[] = [];
    const routes = sb.routes.filter((r) => r.url !== '/__sandbox/reset');
    expect(routes.length).toBeGreaterThan(100);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), bodies, params, pathValue, fc.boolean(), async (route, b, q, v, useCompany) => {
        const path = route.url.replace(/:([a-z_]+)/g, (_m, name: string) => (name === 'company_id' && useCompany ? companyId : v));
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (b.type) headers['content-type'] = b.type;
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && b.body !== null;
        const res = await fetch(sb.url + path + q, { method: route.method, headers, body: hasBody ? (b.body as string) : undefined });
        const text = await res.text();
        if (res.status >= 500) failures.push(`${route.method} ${path}${q} [${b.type}] -> ${res.status} ${text.slice(0, 200)}`);
        if (res.status >= 400) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            failures.push(`${route.method} ${path}: error body is not JSON: ${text.slice(0, 100)}`);
          }
          if (parsed && typeof (parsed as { message?: unknown }).message !== 'string')
            failures.push(`${route.method} ${path}: error without message`);
        }
      }),
      { numRuns: Math.max(600, routes.length * 6), seed: Number(process.env.FUZZ_SEED ?? 20261121) },
    );
    expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
    expect((await sb.call('/status')).status).toBe(200);
  }, 120_000);

  it('refuses huge and empty uploads with 413 and 400', async () => {
    const big = new Uint8Array(17 * 1024 * 1024);
    const res = await fetch(`${sb.url}/v1/company/settings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    const fd = new FormData();
    fd.append('file', new Blob([]), 'empty.xml');
    const empty = await fetch(`${sb.url}/v1/invoices`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
    expect(empty.status).toBe(400);
    const fd2 = new FormData();
    fd2.append('file', new Blob([new Uint8Array(101 * 1024 * 1024)]), 'huge.xml');
    const huge = await fetch(`${sb.url}/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd2 });
    expect(huge.status).toBe(413);
  }, 60_000);
});
