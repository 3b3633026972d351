import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../sandbox/context';
import { SEED_RECEIVED, SEED_SENT, seedInvoices } from '../../sandbox/seed/invoices';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));
const BASE = readFileSync(`${FIXTURES}invoices/peppol-bis3/base-example.xml`);

interface Invoice {
  id: string;
  direction: string;
  status: string;
  number: string;
  reference: string | null;
  received_at: string;
  created_at: string;
  handled: boolean;
  sender: { name: string };
}

let sb: TestSandbox;
let c: TestCompany;
let token: string;
/** Every received invoice of the seeded company, newest first, as the list answers by default. */
let all: Invoice[];
let seedMs = 0;

const list = async (query: string, tok = token) => {
  const res = await sb.call(`/v1/invoices${query}`, { token: tok });
  return { res, body: (await res.json()) as Invoice[] };
};

beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company({ name: 'Demo Oy' });
  token = await sb.token(c);
  const company = sb.ctx.companies.get(c.company_id);
  if (!company) throw new Error('company missing');
  // CPU time of this process (vitest forks one per file): wall time on a shared 2-core box mostly
  // measures the neighbours, CPU time measures the seed.
  const started = process.cpuUsage();
  await seedInvoices(sb.ctx, company, seededRandom(7));
  const used = process.cpuUsage(started);
  seedMs = (used.user + used.system) / 1000;
  all = [...(await list('?per_page=100')).body, ...(await list('?per_page=100&page=2')).body];
});
afterAll(async () => sb.close());

describe('the seeded history', () => {
  it('has about 200 received invoices from many suppliers over the past year, most older ones handled', () => {
    // The brief for the demo seed: 200 invoices in well under two seconds (CPU time, cold JIT included).
    expect(seedMs).toBeLessThan(2000);
    expect(all).toHaveLength(SEED_RECEIVED);
    expect(new Set(all.map((i) => i.sender.name)).size).toBeGreaterThanOrEqual(15);
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString();
    expect(all.every((i) => i.direction === 'RECEIVED' && i.received_at > yearAgo)).toBe(true);
    expect(all.filter((i) => i.handled).length).toBeGreaterThan(100);
    expect(all.filter((i) => !i.handled).length).toBeGreaterThan(10);
  });

  it('has 20 sent invoices, 3 or 4 of them FAILED and the rest DELIVERED or PENDING', async () => {
    const { body, res } = await list('?direction=SENT&per_page=100');
    expect(body).toHaveLength(SEED_SENT);
    expect(res.headers.get('x-total')).toBe(String(SEED_SENT));
    const failed = body.filter((i) => i.status === 'FAILED').length;
    expect(failed).toBeGreaterThanOrEqual(3);
    expect(failed).toBeLessThanOrEqual(4);
    expect(body.every((i) => ['FAILED', 'DELIVERED', 'PENDING'].includes(i.status))).toBe(true);
  });
});

describe('GET /v1/invoices', () => {
  it('defaults to RECEIVED, newest first, 10 a page, with the pagination headers', async () => {
    const { res, body } = await list('');
    expect(body.map((i) => i.id)).toEqual(all.slice(0, 10).map((i) => i.id));
    for (let i = 1; i < all.length; i++) expect((all[i - 1] as Invoice).received_at >= (all[i] as Invoice).received_at).toBe(true);
    expect(
      Object.fromEntries(
        ['x-total', 'x-total-pages', 'x-page', 'x-per-page', 'x-next-page', 'x-prev-page'].map((h) => [h, res.headers.get(h)]),
      ),
    ).toEqual({
      'x-total': '200',
      'x-total-pages': '20',
      'x-page': '1',
      'x-per-page': '10',
      'x-next-page': '2',
      'x-prev-page': '',
    });
    expect(res.headers.get('link')).toContain('rel="next"');
  });

  it('sorts by received_at ascending or descending and refuses other sort fields', async () => {
    const asc = (await list('?sort=received_at&per_page=100&page=2')).body;
    expect(asc.map((i) => i.id)).toEqual(
      [...all]
        .reverse()
        .slice(100)
        .map((i) => i.id),
    );
    expect((await list('?sort[]=-received_at&per_page=5')).body.map((i) => i.id)).toEqual(all.slice(0, 5).map((i) => i.id));
    for (const bad of ['created_at', 'number', '-received_at,received_at']) {
      const { res } = await list(`?sort=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('pages at the limits: per_page 100 fine, 101 and 0 refused, a page past the end empty', async () => {
    expect((await list('?per_page=100')).body).toHaveLength(100);
    for (const q of ['?per_page=101', '?per_page=0', '?page=0', '?page=x']) expect((await list(q)).res.status, q).toBe(400);
    const past = await list('?per_page=100&page=3');
    expect(past.res.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.res.headers.get('x-total')).toBe('200');
  });

  it('filters by status, ids, number, reference and the time ranges', async () => {
    const failed = (await list('?direction=SENT&status[]=FAILED')).body;
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.every((i) => i.status === 'FAILED')).toBe(true);
    const several = (await list('?direction=SENT&status=FAILED,PENDING&per_page=100')).body;
    expect(several.every((i) => i.status === 'FAILED' || i.status === 'PENDING')).toBe(true);
    expect(several.length).toBeGreaterThan(failed.length);
    expect((await list('?status=LOST')).res.status).toBe(400);

    const picked = [all[3], all[50], all[150]].map((i) => (i as Invoice).id);
    const byIds = (await list(`?${picked.map((id) => `ids[]=${id}`).join('&')}`)).body;
    expect(byIds.map((i) => i.id)).toEqual(picked);
    const tooMany = Array.from({ length: 101 }, () => `ids[]=${crypto.randomUUID()}`).join('&');
    expect((await list(`?${tooMany}`)).res.status).toBe(400);

    const target = all[42] as Invoice;
    expect((await list(`?number=${encodeURIComponent(target.number)}`)).body.map((i) => i.id)).toContain(target.id);
    expect((await list(`?number=${encodeURIComponent(target.number)}`)).body.every((i) => i.number === target.number)).toBe(true);
    if (target.reference) {
      const byRef = (await list(`?reference=${encodeURIComponent(target.reference)}&per_page=100`)).body;
      expect(byRef.every((i) => i.reference === target.reference) && byRef.some((i) => i.id === target.id)).toBe(true);
    }

    const start = (all[120] as Invoice).received_at;
    const end = (all[80] as Invoice).received_at;
    const window = (await list(`?received_at_start=${start}&received_at_end=${end}&per_page=100`)).body;
    expect(window.map((i) => i.id)).toEqual(all.filter((i) => i.received_at >= start && i.received_at <= end).map((i) => i.id));
    expect(window).toHaveLength(41);
    const created = (await list(`?created_at_start=${start}&created_at_end=${end}&per_page=100`)).body;
    expect(created.map((i) => i.id)).toEqual(window.map((i) => i.id));
    expect((await list(`?received_at_start=${end}&received_at_end=${start}`)).res.status).toBe(400);
    expect((await list('?received_at_start=yesterday')).res.status).toBe(400);
  });

  it('limits fields, and refuses unknown fields and parameters', async () => {
    const { body } = await list('?fields[]=number&fields[]=status&per_page=3');
    expect(body.map((i) => Object.keys(i).sort())).toEqual(Array(3).fill(['id', 'number', 'status']));
    expect((await list('?fields=colour')).res.status).toBe(400);
    expect((await list('?statuses=FAILED')).res.status).toBe(400);
    expect((await list('?direction=sent')).res.status).toBe(400);
  });

  it('shows each company only its own invoices', async () => {
    const other = await sb.company();
    const otherToken = await sb.token(other);
    expect((await list('', otherToken)).body).toEqual([]);
    expect((await list(`?ids=${(all[0] as Invoice).id}`, otherToken)).body).toEqual([]);
  });

  it('places new invoices by received_at: a fresh one first, a backdated one in its place', async () => {
    const deliver = async (fields: Record<string, string>) =>
      (await (
        await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
          method: 'POST',
          body: form({ name: 'n.xml', data: BASE }, fields),
        })
      ).json()) as Invoice;
    const fresh = await deliver({});
    expect((await list('?per_page=1')).body[0]?.id).toBe(fresh.id);
    const middle = all[100] as Invoice;
    const at = new Date(Date.parse(middle.received_at) - 1).toISOString();
    const old = await deliver({ received_at: at, sender_name: 'Backdated Oy' });
    const ids = (await list('?per_page=100&page=2')).body.map((i) => i.id);
    expect(ids).toContain(middle.id);
    expect(ids.indexOf(old.id)).toBe(ids.indexOf(middle.id) + 1);
    expect(old.sender.name).toBe('Backdated Oy');
  });
});
