import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

type Doc = {
  id: string;
  number: string | null;
  type: string;
  status: string;
  direction: string;
  reference: string | null;
  created_at: string;
};

let sb: TestSandbox;
let c: TestCompany;
let token: string;
const made: Doc[] = [];
const BASE = Date.parse('2024-03-01T08:00:00Z');
const TYPES = ['ORDER', 'CATALOGUE', 'DESPATCH_ADVICE'] as const;
const STATUSES = ['PROCESSING', 'DELIVERED', 'CONFIRMED_DELIVERY', 'FAILED'] as const;
const hour = (i: number) => new Date(BASE + i * 3_600_000).toISOString();

beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c);
  // Created out of time order on purpose: the list must order by created_at, not by insertion.
  const order = Array.from({ length: 25 }, (_, i) => (i * 7) % 25);
  for (const i of order) {
    const res = await sb.call(`/__sandbox/companies/${c.company_id}/sent-documents`, {
      method: 'POST',
      json: { type: TYPES[i % 3], status: STATUSES[i % 4], number: `N-${i}`, reference: `R-${i % 5}`, created_at: hour(i) },
    });
    expect(res.status).toBe(201);
    made.push((await res.json()) as Doc);
  }
});
afterAll(async () => sb.close());

const get = async (query: string) => {
  const res = await sb.call(`/v1/documents${query}`, { token });
  return { res, body: res.status === 200 ? ((await res.json()) as Doc[]) : [], headers: res.headers };
};
const numbers = (docs: Doc[]) => docs.map((d) => d.number);
const desc = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, k) => `N-${from - k}`);

describe('GET /v1/documents paging', () => {
  it('answers 10 newest first with every pagination header at the defaults', async () => {
    const { res, body, headers } = await get('');
    expect(res.status).toBe(200);
    expect(numbers(body)).toEqual(desc(24, 15));
    expect(headers.get('x-total')).toBe('25');
    expect(headers.get('x-total-pages')).toBe('3');
    expect(headers.get('x-page')).toBe('1');
    expect(headers.get('x-next-page')).toBe('2');
    expect(headers.get('x-prev-page')).toBe('');
    expect(headers.get('x-per-page')).toBe('10');
    const link = headers.get('link') ?? '';
    expect(link).toMatch(/page=1[^>]*>; rel="first"/);
    expect(link).toMatch(/page=2[^>]*>; rel="next"/);
    expect(link).toMatch(/page=3[^>]*>; rel="last"/);
    expect(link).not.toContain('rel="prev"');
  });

  it('answers the last page and the one past the end', async () => {
    const last = await get('?page=3');
    expect(numbers(last.body)).toEqual(desc(4, 0));
    expect(last.headers.get('x-next-page')).toBe('');
    expect(last.headers.get('x-prev-page')).toBe('2');
    expect(last.headers.get('link')).toMatch(/page=2[^>]*>; rel="prev"/);
    const past = await get('?page=9');
    expect(past.res.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total')).toBe('25');
    expect(past.headers.get('x-page')).toBe('9');
    expect(past.headers.get('x-next-page')).toBe('');
  });

  it('serves up to 100 per page and refuses 101, 0 and page 0', async () => {
    const all = await get('?per_page=100');
    expect(all.body).toHaveLength(25);
    expect(all.headers.get('x-total-pages')).toBe('1');
    expect(all.headers.get('x-per-page')).toBe('100');
    for (const q of ['?per_page=101', '?per_page=0', '?page=0', '?page=two', '?page=-1']) {
      const r = await get(q);
      expect(r.res.status, q).toBe(400);
      expect(((await r.res.json()) as { details: string[] }).details.length).toBeGreaterThan(0);
    }
  });

  it('pages through everything exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...(await get(`?per_page=7&page=${page}`)).body.map((d) => d.id));
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(new Set(made.map((d) => d.id)));
  });
});

describe('GET /v1/documents sort and filters', () => {
  it('sorts by the spec sort fields, - reverses, several keys apply in order', async () => {
    expect(numbers((await get('?sort[]=created_at&per_page=3')).body)).toEqual(['N-0', 'N-1', 'N-2']);
    // Numbers order as people read them: N-2 before N-10.
    expect(numbers((await get('?sort=number&per_page=4')).body)).toEqual(['N-0', 'N-1', 'N-2', 'N-3']);
    expect(numbers((await get('?sort=-number&per_page=2')).body)).toEqual(['N-24', 'N-23']);
    const byType = (await get('?sort[]=type&sort[]=-created_at&per_page=100')).body;
    expect(byType.map((d) => d.type)).toEqual([...byType.map((d) => d.type)].sort());
    const catalogues = byType.filter((d) => d.type === 'CATALOGUE').map((d) => d.created_at);
    expect(catalogues).toEqual([...catalogues].sort().reverse());
    expect((await get('?sort=colour')).res.status).toBe(400);
  });

  it('filters by type, status, direction, number, reference, query, ids and the created_at window', async () => {
    const orders = (await get('?type[]=ORDER&per_page=100')).body;
    expect(orders.length).toBe(9);
    expect(orders.every((d) => d.type === 'ORDER')).toBe(true);
    const two = (await get('?type[]=ORDER&type[]=CATALOGUE&status=FAILED&per_page=100')).body;
    expect(two.every((d) => d.status === 'FAILED' && d.type !== 'DESPATCH_ADVICE')).toBe(true);
    expect(two.length).toBe(made.filter((d) => d.status === 'FAILED' && d.type !== 'DESPATCH_ADVICE').length);
    expect((await get('?direction=RECEIVED')).body).toEqual([]);
    expect((await get('?direction=SENT')).headers.get('x-total')).toBe('25');
    expect(numbers((await get('?number=N-7')).body)).toEqual(['N-7']);
    expect(numbers((await get('?reference=R-3&sort=number')).body)).toEqual(['N-3', 'N-8', 'N-13', 'N-18', 'N-23']);
    const target = made.find((d) => d.number === 'N-11') as Doc;
    expect(numbers((await get(`?query=${target.id}`)).body)).toEqual(['N-11']);
    expect(numbers((await get('?query=N-11')).body)).toEqual(['N-11']);
    expect((await get('?query=R-1')).headers.get('x-total')).toBe('5');
    expect((await get('?query=N-1')).body).toHaveLength(1);
    const ids = made.slice(0, 3).map((d) => d.id);
    expect(new Set((await get(`?${ids.map((i) => `ids[]=${i}`).join('&')}`)).body.map((d) => d.id))).toEqual(new Set(ids));
    const window = await get(
      `?created_at_start=${encodeURIComponent(hour(3))}&created_at_end=${encodeURIComponent('2024-03-01T13:00:00+02:00')}`,
    );
    expect(numbers(window.body)).toEqual(['N-3']);
    expect(numbers((await get(`?created_at_start=${hour(22)}`)).body)).toEqual(['N-24', 'N-23', 'N-22']);
  });

  it('refuses bad filter values with 400', async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => `ids[]=${i}`).join('&');
    for (const q of [
      `?${tooMany}`,
      '?type=LETTER',
      '?status=LOST',
      '?direction=UP',
      '?created_at_start=soon',
      `?created_at_start=${hour(5)}&created_at_end=${hour(1)}`,
      '?fields=colour',
    ]) {
      expect((await get(q)).res.status, q).toBe(400);
    }
  });

  it('treats empty filter values as no filter', async () => {
    for (const q of ['?ids=', '?type=', '?status[]=', '?number=', '?query=', '?sort=', '?fields=']) {
      const r = await get(q);
      expect(r.headers.get('x-total'), q).toBe('25');
      expect(r.body[0], q).toMatchObject({ number: 'N-24', type: 'ORDER' });
    }
  });

  it('limits the records to fields[]', async () => {
    const { body } = await get('?fields[]=number&fields[]=status&per_page=1');
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['id', 'number', 'status']);
  });

  it("lists only the company's own documents, and received ones with the right type", async () => {
    const other = await sb.company();
    const otherToken = await sb.token(other);
    expect((await sb.call('/v1/documents', { token: otherToken })).headers.get('x-total')).toBe('0');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const byName = await sb.call(`/__sandbox/companies/${other.company_id}/received-documents`, {
      method: 'POST',
      body: form({ name: 'VOUCHER_2024_03.pdf', data: pdf, type: 'application/pdf' }, { sender_name: 'Kuitti Oy' }),
    });
    expect(await byName.json()).toMatchObject({
      type: 'VOUCHER',
      direction: 'RECEIVED',
      sender: { name: 'Kuitti Oy' },
      source_format: 'PDF',
    });
    const byField = await sb.call(`/__sandbox/companies/${other.company_id}/received-documents`, {
      method: 'POST',
      body: form({ name: 'scan.pdf', data: pdf }, { type: 'RECEIPT' }),
    });
    expect(await byField.json()).toMatchObject({ type: 'RECEIPT' });
    const received = await sb.call('/v1/documents?direction=RECEIVED', { token: otherToken });
    expect(((await received.json()) as Doc[]).map((d) => d.type)).toEqual(['RECEIPT', 'VOUCHER']);
    expect((await sb.call('/v1/documents', { token })).headers.get('x-total')).toBe('25');
    const bad = await sb.call(`/__sandbox/companies/${other.company_id}/received-documents`, {
      method: 'POST',
      body: form({ name: 'x.pdf', data: pdf }, { type: 'LETTER' }),
    });
    expect(bad.status).toBe(400);
    expect(
      (await sb.call('/__sandbox/companies/none/received-documents', { method: 'POST', body: form({ name: 'x.pdf', data: pdf }) })).status,
    ).toBe(404);
  });
});
