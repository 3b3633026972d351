import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';
import { tempDir } from '../support/temp';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/invoices/', import.meta.url));
const BASE = readFileSync(`${FIXTURES}peppol-bis3/base-example.xml`);

interface Invoice {
  id: string;
  status: string;
  handled: boolean;
  revision: number;
  destination: string | null;
  recipient: Record<string, unknown>;
  actions: { type: string; channel: string | null; message: string }[];
}

let sb: TestSandbox;
let c: TestCompany;
let token: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c);
});
afterAll(async () => sb.close());

const send = async (): Promise<Invoice> =>
  (await (await sb.call('/v1/invoices', { method: 'POST', token, body: form({ name: 'i.xml', data: BASE }) })).json()) as Invoice;
const receive = async (): Promise<Invoice> =>
  (await (
    await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, { method: 'POST', body: form({ name: 'r.xml', data: BASE }) })
  ).json()) as Invoice;
const status = (id: string, json: unknown) => sb.call(`/__sandbox/invoices/${id}/status`, { method: 'POST', json });
const one = async (id: string) => (await (await sb.call(`/v1/invoices/${id}`, { token })).json()) as Invoice;
const reroute = (id: string, kind: string, json: unknown, tok = token) =>
  sb.call(`/v1/invoices/${id}/reroute/${kind}`, { method: 'PUT', token: tok, json });

describe('PATCH /v1/invoices/{id}/invoice_events', () => {
  it('marks a received invoice HANDLED and back, raising the revision on each change', async () => {
    const inv = await receive();
    const patch = (json: unknown, id = inv.id) => sb.call(`/v1/invoices/${id}/invoice_events`, { method: 'PATCH', token, json });
    expect((await patch({ state: 'HANDLED' })).status).toBe(204);
    expect(await one(inv.id)).toMatchObject({ handled: true, revision: inv.revision + 1 });
    expect((await patch({ state: 'HANDLED' })).status).toBe(204);
    expect((await one(inv.id)).revision).toBe(inv.revision + 1);
    expect((await patch({ state: 'CREATED' })).status).toBe(204);
    expect(await one(inv.id)).toMatchObject({ handled: false, revision: inv.revision + 2 });
    for (const bad of [{ state: 'DONE' }, {}, { state: 'HANDLED', extra: 1 }])
      expect((await patch(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await patch({ state: 'HANDLED' }, crypto.randomUUID())).status).toBe(404);
  });
});

describe('delivery status (admin) and reroutes', () => {
  it('moves a sent invoice PENDING -> DELIVERED -> FAILED with DELIVERED and ERROR actions, and refuses other moves', async () => {
    const inv = await send();
    const delivered = await status(inv.id, { status: 'DELIVERED' });
    expect(delivered.status).toBe(200);
    expect(((await delivered.json()) as Invoice).actions.at(-1)).toMatchObject({ type: 'DELIVERED', channel: 'EINVOICE' });
    expect((await status(inv.id, { status: 'DELIVERED' })).status).toBe(409);
    const failed = (await (await status(inv.id, { status: 'FAILED', message: 'Mail bounced' })).json()) as Invoice;
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed.actions.at(-1)).toMatchObject({ type: 'ERROR', channel: 'EINVOICE', message: 'Mail bounced' });
    expect((await status((await receive()).id, { status: 'FAILED' })).status).toBe(409);
    expect((await status(crypto.randomUUID(), { status: 'FAILED' })).status).toBe(404);
    expect((await status(inv.id, { status: 'LOST' })).status).toBe(400);
  });

  it('reroutes only FAILED sent invoices: by e-mail, e-invoice or print, back to PENDING with the new route', async () => {
    const inv = await send();
    const early = await reroute(inv.id, 'email', { recipient_email: 'ap@buyer.example' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toContain('PENDING');
    await status(inv.id, { status: 'FAILED' });

    expect((await reroute(inv.id, 'email', {})).status).toBe(400);
    expect((await reroute(inv.id, 'email', { recipient_email: 'not-mail' })).status).toBe(400);
    const ok = await reroute(inv.id, 'email', { recipient_email: 'ap@buyer.example' });
    expect(ok.status).toBe(200);
    const after = (await ok.json()) as Invoice;
    expect(after).toMatchObject({ status: 'PENDING', destination: 'ap@buyer.example', recipient: { email: 'ap@buyer.example' } });
    expect(after.actions.slice(-2).map((a) => [a.type, a.channel])).toEqual([
      ['INFO', null],
      ['SENT', 'EMAIL'],
    ]);
    expect((await reroute(inv.id, 'email', { recipient_email: 'ap@buyer.example' })).status).toBe(409);

    await status(inv.id, { status: 'FAILED' });
    const missing = await reroute(inv.id, 'einvoice', { recipient_eia: '0192:987654325' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { details: string[] }).details.join()).toContain('recipient_operator');
    const einvoice = (await (
      await reroute(inv.id, 'einvoice', { recipient_eia: '0192:987654325', recipient_operator: 'DNBANOKK' })
    ).json()) as Invoice;
    expect(einvoice).toMatchObject({
      status: 'PENDING',
      destination: '0192:987654325',
      recipient: { eia: '0192:987654325', operator: 'DNBANOKK' },
    });

    await status(inv.id, { status: 'FAILED' });
    const address = {
      recipient_name: 'Buyer AB',
      recipient_address1: 'Storgatan 1',
      recipient_post_code: '11122',
      recipient_post_office: 'Stockholm',
      recipient_country: 'SE',
    };
    expect((await reroute(inv.id, 'print', { ...address, recipient_country: 'Sweden' })).status).toBe(400);
    expect((await reroute(inv.id, 'print', { ...address, recipient_post_code: undefined })).status).toBe(400);
    const print = (await (await reroute(inv.id, 'print', address)).json()) as Invoice;
    expect(print.status).toBe('PENDING');
    expect(print.destination).toBe('Buyer AB, Storgatan 1, 11122 Stockholm, SE');
    expect(print.actions.at(-1)).toMatchObject({ type: 'SENT', channel: 'PRINT' });
  });

  it('refuses to reroute a received invoice, and needs invoice:send', async () => {
    const inv = await receive();
    expect((await reroute(inv.id, 'email', { recipient_email: 'a@b.example' })).status).toBe(409);
    const receiveOnly = await sb.token(c, 'invoice:receive');
    const res = await reroute(inv.id, 'email', { recipient_email: 'a@b.example' }, receiveOnly);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('reports', () => {
  const report = { reason: ['FRAUD', 'UNKNOWN_SENDER'], contact_email: 'cfo@demo.example', description: 'Never ordered' };

  it('lists the definitions, takes one report per company and invoice (409 after), and deletes it', async () => {
    const defs = (await (await sb.call('/v1/invoices/reports/definitions', { token })).json()) as { reason: string }[];
    expect(defs.map((d) => d.reason)).toEqual(expect.arrayContaining(['FRAUD', 'SPAM', 'OTHER']));
    const inv = await receive();
    const path = `/v1/invoices/${inv.id}/reports`;
    expect((await sb.call(path, { method: 'POST', token, json: report })).status).toBe(204);
    const again = await sb.call(path, { method: 'POST', token, json: report });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain('already reported');
    const listed = (await (await sb.call(path, { token })).json()) as { id: string; reason: string[] }[];
    expect(listed).toEqual([
      expect.objectContaining({ invoice_id: inv.id, reason: ['FRAUD', 'UNKNOWN_SENDER'], contact_email: 'cfo@demo.example' }),
    ]);
    expect((await sb.call(`${path}/${listed[0]?.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await sb.call(`${path}/${listed[0]?.id}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await sb.call(path, { method: 'POST', token, json: report })).status).toBe(204);
  });

  it('validates the body and forbids reporting an invoice the company sent', async () => {
    const inv = await receive();
    const path = `/v1/invoices/${inv.id}/reports`;
    for (const bad of [
      { ...report, reason: [] },
      { ...report, reason: ['BORED'] },
      { reason: ['SPAM'] },
      { ...report, contact_email: 'x' },
    ]) {
      expect((await sb.call(path, { method: 'POST', token, json: bad })).status, JSON.stringify(bad)).toBe(400);
    }
    const sent = await send();
    const res = await sb.call(`/v1/invoices/${sent.id}/reports`, { method: 'POST', token, json: report });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
    expect((await sb.call(`/v1/invoices/${crypto.randomUUID()}/reports`, { token })).status).toBe(404);
  });
});

describe('POST /v1/invoices/{id}/responses/nationalnet', () => {
  it('takes responses in their fixed order, needs reasons where due, and nothing after a final one', async () => {
    const inv = await receive();
    const respond = (json: unknown) => sb.call(`/v1/invoices/${inv.id}/responses/nationalnet`, { method: 'POST', token, json });
    expect((await respond({ response: 'AB' })).status).toBe(200);
    expect((await respond({ response: 'IP' })).status).toBe(200);
    const back = await respond({ response: 'AB' });
    expect(back.status).toBe(400);
    expect(((await back.json()) as { details: string[] }).details[0]).toContain('cannot follow IP');
    expect((await respond({ response: 'RE' })).status).toBe(400);
    const rejected = await respond({ response: 'RE', reason: 'Wrong prices' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({
      response: 'RE',
      reason: 'Wrong prices',
      final: true,
      responses: [{ response: 'AB' }, { response: 'IP' }, { response: 'RE' }],
    });
    const after = await respond({ response: 'PD' });
    expect(after.status).toBe(400);
    expect(((await after.json()) as { message: string }).message).toContain('final');
    expect((await respond({ response: 'MAYBE' })).status).toBe(400);
    expect((await one(inv.id)).actions.filter((a) => a.type === 'INFO')).toHaveLength(3);
    const sent = await send();
    expect(
      (await sb.call(`/v1/invoices/${sent.id}/responses/nationalnet`, { method: 'POST', token, json: { response: 'AB' } })).status,
    ).toBe(400);
  });
});

describe('persistence', () => {
  it('keeps invoices, their files, the uploads ledger and reports across a restart with a data folder', async () => {
    const dir = tempDir('sandbox-invoices-');
    const first = await startTestSandbox({ dataDir: dir });
    const co = await first.company();
    const tok = await first.token(co);
    const id = crypto.randomUUID();
    const inv = (await (
      await first.call('/v1/invoices', { method: 'POST', token: tok, body: form({ name: 'p.xml', data: BASE }, { uuid: id }) })
    ).json()) as Invoice;
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      const tok2 = await second.token(co);
      const listed = (await (await second.call('/v1/invoices?direction=SENT', { token: tok2 })).json()) as Invoice[];
      expect(listed.map((i) => i.id)).toEqual([inv.id]);
      const xml = await second.call(`/v1/invoices/${inv.id}?return_format=PEPPOLBIS30`, { token: tok2 });
      expect(Buffer.from(await xml.arrayBuffer()).equals(BASE)).toBe(true);
      const replay = await second.call('/v1/invoices', {
        method: 'POST',
        token: tok2,
        body: form({ name: 'p.xml', data: BASE }, { uuid: id }),
      });
      expect(replay.status).toBe(200);
      const ledger = (await (await second.call(`/__sandbox/companies/${co.company_id}/uploads`)).json()) as { attempts: number }[];
      expect(ledger).toEqual([expect.objectContaining({ id: inv.id, attempts: 2 })]);
    } finally {
      await second.close();
    }
  });
});
