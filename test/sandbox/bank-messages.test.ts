import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

type Err = { code?: string; message: string; details?: string[] };
type Made = {
  id: string;
  kind: string;
  message_type: string | null;
  timestamp: string;
  status: string | null;
  error_message_id: string | null;
};

let sb: TestSandbox;
let c: TestCompany;
let token: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c);
});
afterAll(async () => sb.close());

const deliver = async (company: TestCompany, body: Record<string, unknown>): Promise<Made> => {
  const res = await sb.call(`/__sandbox/companies/${company.company_id}/bank-messages`, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(body)).toBe(201);
  return (await res.json()) as Made;
};
const window = (start: string, end: string, extra = '') =>
  `timestamp_start=${encodeURIComponent(start)}&timestamp_end=${encodeURIComponent(end)}${extra}`;
const ids = async (path: string, t = token) => {
  const res = await sb.call(path, { token: t });
  expect(res.status, path).toBe(200);
  return (await res.json()) as string[];
};

const siXml = `<?xml version="1.0" encoding="UTF-8"?>
<FinvoiceSenderInfo Version="3.0"><MessageDetails><MessageTypeCode>SENDERINFO</MessageTypeCode></MessageDetails></FinvoiceSenderInfo>`;

describe('RI messages', () => {
  it('lists the ids inside the window oldest first, serves the content, deletes it once', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const a = await deliver(co, { kind: 'ri', timestamp: '2024-02-01T10:00:00Z' });
    const b = await deliver(co, { kind: 'ri', timestamp: '2024-02-03T10:00:00+02:00' });
    await deliver(co, { kind: 'ri', timestamp: '2024-03-15T10:00:00Z' });
    expect(a).toMatchObject({ kind: 'ri', message_type: 'RI', status: null });
    expect(await ids(`/v1/fi_bank_messages/ri_messages?${window('2024-01-31T00:00:00Z', '2024-02-28T00:00:00Z')}`, t)).toEqual([
      a.id,
      b.id,
    ]);
    // Both ends are inclusive.
    expect(await ids(`/v1/fi_bank_messages/ri_messages?${window('2024-02-01T10:00:00Z', '2024-02-03T08:00:00Z')}`, t)).toEqual([
      a.id,
      b.id,
    ]);

    const content = await sb.call(`/v1/fi_bank_messages/ri_messages/${a.id}`, { token: t });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await content.text();
    expect(xml).toContain('<FinvoiceReceiverInfo Version="3.0"');
    expect(xml).toMatch(/<InvoiceRecipientAddress>FI\d{16}<\/InvoiceRecipientAddress>/);
    expect(xml).toContain('<SellerPartyIdentifier>');

    expect((await sb.call(`/v1/fi_bank_messages/ri_messages/${a.id}`, { method: 'DELETE', token: t })).status).toBe(204);
    expect((await sb.call(`/v1/fi_bank_messages/ri_messages/${a.id}`, { method: 'DELETE', token: t })).status).toBe(404);
    expect((await sb.call(`/v1/fi_bank_messages/ri_messages/${a.id}`, { token: t })).status).toBe(404);
    expect(await ids(`/v1/fi_bank_messages/ri_messages?${window('2024-01-31T00:00:00Z', '2024-02-28T00:00:00Z')}`, t)).toEqual([b.id]);
  });

  it('requires both window ends and refuses a window that runs backwards', async () => {
    const cases = [
      '/v1/fi_bank_messages/ri_messages',
      '/v1/fi_bank_messages/ri_messages?timestamp_start=2024-01-01T00:00:00Z',
      '/v1/fi_bank_messages/sent_messages?timestamp_end=2024-01-01T00:00:00Z',
      '/v1/fi_bank_messages/error_messages',
      `/v1/fi_bank_messages/ri_messages?${window('2024-02-01T00:00:00Z', '2024-01-01T00:00:00Z')}`,
      `/v1/fi_bank_messages/ri_messages?${window('last week', '2024-01-01T00:00:00Z')}`,
    ];
    for (const path of cases) {
      const res = await sb.call(path, { token });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as Err).details?.length).toBeGreaterThan(0);
    }
  });

  it("keeps messages per company: another company's message is 404", async () => {
    const m = await deliver(c, { kind: 'ri' });
    const other = await sb.token(await sb.company());
    expect((await sb.call(`/v1/fi_bank_messages/ri_messages/${m.id}`, { token: other })).status).toBe(404);
    expect((await sb.call(`/v1/fi_bank_messages/ri_messages/${m.id}`, { method: 'DELETE', token: other })).status).toBe(404);
    expect((await sb.call(`/v1/fi_bank_messages/sent_messages/${m.id}`, { token })).status).toBe(404);
  });
});

describe('sending', () => {
  it('accepts a well-formed message with 204, lists it as sent with its type, and answers status OK', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const before = new Date(Date.now() - 1000).toISOString();
    const res = await sb.call('/v1/fi_bank_messages', { method: 'POST', token: t, body: form({ name: 'si.xml', data: siXml }) });
    expect(res.status).toBe(204);
    const location = res.headers.get('location') ?? '';
    const id = location.split('/').pop() ?? '';
    const after = new Date(Date.now() + 1000).toISOString();
    expect(await ids(`/v1/fi_bank_messages/sent_messages?${window(before, after)}`, t)).toEqual([id]);
    expect(await ids(`/v1/fi_bank_messages/sent_messages?${window(before, after, '&message_type=SI')}`, t)).toEqual([id]);
    expect(await ids(`/v1/fi_bank_messages/sent_messages?${window(before, after, '&message_type=RP')}`, t)).toEqual([]);
    expect(await (await sb.call(location, { token: t })).json()).toEqual({ status: 'OK', error_message_id: null });
    const content = await sb.call(`/v1/fi_bank_messages/sent_messages/${id}`, { token: t });
    expect(await content.text()).toBe(siXml);
    expect(await ids(`/v1/fi_bank_messages/error_messages?${window(before, after)}`, t)).toEqual([]);
  });

  it('gives a file that is not well-formed XML status ERROR with an error message saying why', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const before = new Date(Date.now() - 1000).toISOString();
    const res = await sb.call('/v1/fi_bank_messages', {
      method: 'POST',
      token: t,
      body: form({ name: 'rp.xml', data: '<ReceiverProposal><MessageDetails>' }),
    });
    expect(res.status).toBe(204);
    const status = (await (await sb.call(res.headers.get('location') ?? '', { token: t })).json()) as {
      status: string;
      error_message_id: string;
    };
    expect(status.status).toBe('ERROR');
    const after = new Date(Date.now() + 5000).toISOString();
    expect(await ids(`/v1/fi_bank_messages/error_messages?${window(before, after)}`, t)).toEqual([status.error_message_id]);
    const error = await sb.call(`/v1/fi_bank_messages/error_messages/${status.error_message_id}`, { token: t });
    expect(error.status).toBe(200);
    const text = await error.text();
    expect(text).toContain('<ErrorCode>NOT_WELL_FORMED</ErrorCode>');
    expect(text).toContain('ReceiverProposal, MessageDetails');
  });

  it('refuses a missing or empty file with 400, and filters by a valid message_type only', async () => {
    expect((await sb.call('/v1/fi_bank_messages', { method: 'POST', token, body: form(null, { note: 'x' }) })).status).toBe(400);
    expect((await sb.call('/v1/fi_bank_messages', { method: 'POST', token, body: form({ name: 'e.xml', data: '' }) })).status).toBe(400);
    const bad = await sb.call(
      `/v1/fi_bank_messages/sent_messages?${window('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z', '&message_type=XX')}`,
      { token },
    );
    expect(bad.status).toBe(400);
  });

  it('lists sent messages of several types and error messages delivered by the admin route', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const si = await deliver(co, { kind: 'sent', message_type: 'SI', timestamp: '2024-05-01T09:00:00Z' });
    const rp = await deliver(co, { kind: 'sent', message_type: 'RP', timestamp: '2024-05-02T09:00:00Z' });
    const broken = await deliver(co, { kind: 'sent', content: 'not xml at all', timestamp: '2024-05-03T09:00:00Z' });
    const err = await deliver(co, { kind: 'error', timestamp: '2024-05-04T09:00:00Z' });
    expect(si).toMatchObject({ status: 'OK', message_type: 'SI' });
    expect(broken).toMatchObject({ status: 'ERROR', message_type: null });
    const w = window('2024-05-01T00:00:00Z', '2024-05-31T00:00:00Z');
    expect(await ids(`/v1/fi_bank_messages/sent_messages?${w}`, t)).toEqual([si.id, rp.id, broken.id]);
    expect(await ids(`/v1/fi_bank_messages/sent_messages?${w}&message_type[]=SI&message_type[]=RP`, t)).toEqual([si.id, rp.id]);
    expect(await ids(`/v1/fi_bank_messages/error_messages?${w}`, t)).toEqual([broken.error_message_id, err.id]);
    const rpXml = await (await sb.call(`/v1/fi_bank_messages/sent_messages/${rp.id}`, { token: t })).text();
    expect(rpXml).toContain('<ReceiverProposal Version="3.0"');
    const bad = await sb.call(`/__sandbox/companies/${co.company_id}/bank-messages`, {
      method: 'POST',
      json: { kind: 'ri', message_type: 'SI' },
    });
    expect(bad.status).toBe(400);
    expect((await sb.call(`/__sandbox/companies/${co.company_id}/bank-messages`, { method: 'POST', json: { kind: 'memo' } })).status).toBe(
      400,
    );
  });
});

describe('scopes', () => {
  it('refuses a token with scope company only (403) on every bank message endpoint', async () => {
    const t = await sb.token(c, 'company');
    const w = window('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z');
    const calls: [string, RequestInit][] = [
      [`/v1/fi_bank_messages/ri_messages?${w}`, {}],
      ['/v1/fi_bank_messages/ri_messages/x', {}],
      ['/v1/fi_bank_messages/ri_messages/x', { method: 'DELETE' }],
      [`/v1/fi_bank_messages/sent_messages?${w}`, {}],
      ['/v1/fi_bank_messages/sent_messages/x', {}],
      [`/v1/fi_bank_messages/error_messages?${w}`, {}],
      ['/v1/fi_bank_messages/error_messages/x', {}],
      ['/v1/fi_bank_messages', { method: 'POST', body: form({ name: 'si.xml', data: siXml }) }],
      ['/v1/fi_bank_messages/x', {}],
    ];
    for (const [path, init] of calls) {
      const res = await sb.call(path, { ...init, token: t });
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(403);
      expect(((await res.json()) as Err).code).toBe('forbidden');
    }
  });

  it('separates receiving from sending', async () => {
    const receiver = await sb.token(c, 'fi_bank_message:receive');
    const sender = await sb.token(c, 'fi_bank_message:send');
    const w = window('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z');
    expect((await sb.call(`/v1/fi_bank_messages/ri_messages?${w}`, { token: receiver })).status).toBe(200);
    expect((await sb.call(`/v1/fi_bank_messages/ri_messages?${w}`, { token: sender })).status).toBe(403);
    expect(
      (await sb.call('/v1/fi_bank_messages', { method: 'POST', token: receiver, body: form({ name: 's.xml', data: siXml }) })).status,
    ).toBe(403);
    expect(
      (await sb.call('/v1/fi_bank_messages', { method: 'POST', token: sender, body: form({ name: 's.xml', data: siXml }) })).status,
    ).toBe(204);
    expect((await sb.call(`/v1/fi_bank_messages/sent_messages?${w}`, { token: sender })).status).toBe(200);
  });
});
