import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICES, type InvoiceRecord } from '../../sandbox/domain/records';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

// The mirror bench measures the client against plain undici on the same sandbox, so the sandbox must
// answer a list page or a file with the same work however many invoices the company has. Work is
// counted (records and blobs read, full scans, images generated), never timed.

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/invoices/peppol-bis3/', import.meta.url));
const XML = readFileSync(`${FIXTURES}base-example.xml`, 'utf8');

let sb: TestSandbox;
let c: TestCompany;
let token: string;
let delivered = 0;
const work = { records: 0, scans: 0, blobReads: 0, blobWrites: 0 };

async function deliver(n: number): Promise<void> {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++, delivered++) {
    const fd = new FormData();
    fd.append('file', new Blob([XML.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>S-${delivered}</cbc:ID>`)]), `s${delivered}.xml`);
    fd.append('received_at', new Date(start + delivered * 60_000).toISOString());
    const res = await fetch(`${sb.url}/__sandbox/companies/${c.company_id}/received-invoices`, { method: 'POST', body: fd });
    expect(res.status).toBe(201);
  }
}

/** The work one request costs the sandbox, and its answer. */
async function costOf(path: string): Promise<{ work: typeof work; status: number; body: Buffer }> {
  for (const k of Object.keys(work) as (keyof typeof work)[]) work[k] = 0;
  const res = await sb.call(path, { token });
  const body = Buffer.from(await res.arrayBuffer());
  return { work: { ...work }, status: res.status, body };
}

/** The work of every request that a mirror of the company makes: its list pages and both files. */
async function requestsAt(): Promise<Record<string, typeof work>> {
  const list = (await costOf('/v1/invoices?per_page=100')).body.toString();
  const ids = (JSON.parse(list) as { id: string }[]).map((i) => i.id);
  const mid = ids[Math.floor(ids.length / 2)] as string;
  const out: Record<string, typeof work> = {};
  for (const [name, path] of [
    ['oldest first', '/v1/invoices?direction=RECEIVED&sort[]=received_at&per_page=10&page=2'],
    ['newest first', '/v1/invoices?per_page=10&page=2'],
    ['xml', `/v1/invoices/${mid}?return_format=PEPPOLBIS30`],
    ['image', `/v1/invoices/${mid}?return_format=ORIGINAL_OR_GENERATED_IMAGE`],
    ['record', `/v1/invoices/${mid}`],
  ] as const) {
    const r = await costOf(path);
    expect(r.status, path).toBe(200);
    out[name] = r.work;
  }
  return out;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company({ name: 'Scale Oy' });
  token = await sb.token(c);
  const table = sb.ctx.store.table<InvoiceRecord>(INVOICES);
  const get = table.get.bind(table);
  const values = table.values.bind(table);
  table.get = (id) => {
    work.records++;
    return get(id);
  };
  table.values = () => {
    work.scans++;
    return values();
  };
  const blobs = sb.ctx.store.blobs;
  const blobGet = blobs.get.bind(blobs);
  const blobPut = blobs.put.bind(blobs);
  blobs.get = (id) => {
    work.blobReads++;
    return blobGet(id);
  };
  blobs.put = (id, data) => {
    work.blobWrites++;
    blobPut(id, data);
  };
});
afterAll(async () => sb.close());

describe('sandbox work per request as the company grows', () => {
  it('answers a list page and a file with the same work at 30 and at 300 invoices', async () => {
    await deliver(30);
    await requestsAt(); // the first call of each makes the generated image and warms the JSON cache
    const small = await requestsAt();
    await deliver(270);
    await requestsAt();
    const large = await requestsAt();
    expect(large).toEqual(small);
    for (const w of Object.values(large)) expect(w.scans).toBe(0);
  }, 60_000);

  it('answers a received_at range with a binary search, not a walk over the list', async () => {
    const from = new Date(Date.UTC(2026, 0, 1) + 100 * 60_000).toISOString();
    const to = new Date(Date.UTC(2026, 0, 1) + 109 * 60_000).toISOString();
    const r = await costOf(`/v1/invoices?received_at_start=${from}&received_at_end=${to}&per_page=100`);
    expect(JSON.parse(r.body.toString())).toHaveLength(10);
    // Two searches over 300 ids (at most 9 probes each) and the ten records of the page.
    expect(r.work.records).toBeLessThanOrEqual(2 * 9 + 10);
    expect(r.work.scans).toBe(0);
  });

  it('keeps a generated image it made, however many others it made since, until the invoice changes', async () => {
    const ids = (JSON.parse((await costOf('/v1/invoices?per_page=100&page=3')).body.toString()) as { id: string }[]).map((i) => i.id);
    const image = (id: string) => costOf(`/v1/invoices/${id}?return_format=GENERATED_IMAGE`);
    const first = ids[0] as string;
    const made = await image(first);
    for (const id of ids.slice(1)) await image(id);
    const again = await image(first);
    expect(again.work.blobWrites).toBe(0);
    expect(again.body.equals(made.body)).toBe(true);
    const changed = await sb.call(`/v1/invoices/${first}/invoice_events`, { method: 'PATCH', token, json: { state: 'HANDLED' } });
    expect(changed.status).toBe(204);
    const remade = await image(first);
    expect(remade.work.blobWrites).toBe(1);
  });
});
