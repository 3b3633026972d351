import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));
const fixture = (path: string): Buffer => readFileSync(FIXTURES + path);
const BASE = fixture('invoices/peppol-bis3/base-example.xml');
const FINVOICE = fixture('invoices/finvoice3/finvoice_30_example.xml');
/** Its buyer has neither an e-invoice address nor an e-mail: the route falls to print. */
const CII_NO_ADDRESS = fixture('invoices/en16931-cii/CII_example3.xml');

interface Invoice {
  id: string;
  uuid: string;
  status: string;
  direction: string;
  number: string;
  comment: string | null;
  destination: string | null;
  recipient: Record<string, unknown>;
  files: { id: string; filename: string; href: string; mimetype: string }[];
  actions: { type: string; channel: string | null; message: string }[];
}
interface Ledger {
  id: string | null;
  uuid: string;
  filename: string;
  sha256: string;
  attempts: number;
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function setup(): Promise<{ c: TestCompany; token: string }> {
  const c = await sb.company();
  return { c, token: await sb.token(c) };
}
const upload = (token: string, data: Buffer | string, fields: Record<string, string | string[]> = {}, name = 'invoice.xml') =>
  sb.call('/v1/invoices', { method: 'POST', token, body: form({ name, data }, fields) });
const sentCount = async (token: string) => Number((await sb.call('/v1/invoices?direction=SENT', { token })).headers.get('x-total'));
const ledger = async (c: TestCompany) => (await (await sb.call(`/__sandbox/companies/${c.company_id}/uploads`)).json()) as Ledger[];
const uuid = () => crypto.randomUUID();

describe('POST /v1/invoices fields', () => {
  it('accepts every form field of the spec, arrays as name[] or repeated, and records the upload', async () => {
    const { token } = await setup();
    const id = uuid();
    const res = await upload(token, BASE, {
      format: 'PEPPOLBIS30',
      recipient_type: 'consumer',
      recipient_eia: '0192:987654325',
      recipient_email: 'ap@buyer.example',
      recipient_operator: 'DNBANOKK',
      'disabled_routes[]': ['print', 'email'],
      sender_comment: 'Thanks for your order',
      uuid: id,
      lang: 'en',
      route_order: ['efaktura', 'netbank_cvl'],
      recipient_phone_number: '+4791234567',
      recipient_date_of_birth: '1980-02-29',
      recipient_ssn: '01018012345',
      recipient_efaktura_id: 'EF-1234',
      b2cno_document_type: 'INVOICE',
      payment_instruction_identifier: 'PI123',
      'print_settings[color]': 'true',
      'print_settings[letter_class]': 'ECONOMY',
      'print_settings[prevent_digital_post]': 'false',
      'print_settings[print_own_image]': '1',
      'print_settings[allow_mailbox_fi]': '0',
      'email_settings[xml_format]': 'PEPPOLBIS30',
    });
    expect(res.status).toBe(201);
    const inv = (await res.json()) as Invoice;
    expect(inv).toMatchObject({ uuid: id, direction: 'SENT', status: 'PENDING', number: 'Snippet1', comment: 'Thanks for your order' });
    // email_settings[xml_format] forces e-mail delivery even though an e-invoice address is known.
    expect(inv.destination).toBe('ap@buyer.example');
    expect(inv.recipient).toMatchObject({ eia: '0192:987654325', operator: 'DNBANOKK', email: 'ap@buyer.example' });
    expect(inv.actions.map((a) => [a.type, a.channel])).toEqual([
      ['CREATED', null],
      ['INFO', null],
      ['SENT', 'EMAIL'],
    ]);
    expect(inv.actions[1]?.message).toContain('netbank_cvl is deprecated');
  });

  it('refuses each invalid field with 400 and a detail naming it, creating nothing', async () => {
    const { token } = await setup();
    const cases: [Record<string, string | string[]>, string][] = [
      [{ uuid: 'not-a-uuid' }, 'uuid'],
      [{ 'print_settings[color]': 'yes' }, 'print_settings[color]'],
      [{ 'print_settings[letter_class]': 'FAST' }, 'print_settings[letter_class]'],
      [{ prevent_routing: 'maybe' }, 'prevent_routing'],
      [{ recipient_date_of_birth: '1990-13-01' }, 'recipient_date_of_birth'],
      [{ recipient_date_of_birth: '31.12.1990' }, 'recipient_date_of_birth'],
      [{ recipient_date_of_birth: '2999-01-01' }, 'recipient_date_of_birth'],
      [{ recipient_phone_number: '0401234567' }, 'recipient_phone_number'],
      [{ recipient_email: 'nope' }, 'recipient_email'],
      [{ recipient_eia: 'has spaces in it' }, 'recipient_eia'],
      [{ format: 'PDF' }, 'format'],
      [{ lang: 'finnish' }, 'lang'],
      [{ disabled_routes: ['fax'] }, 'disabled_routes'],
      [{ route_order: ['efaktura'] }, 'route_order'],
      [{ recipient_type: 'consumer', route_order: ['teleport'] }, 'route_order'],
      [{ 'email_settings[xml_format]': 'PDF' }, 'email_settings[xml_format]'],
      [{ colour: 'red' }, 'colour'],
      [{ lang: ['fi', 'sv'] }, 'lang'],
      [{ format: 'FINVOICE30' }, 'format'],
    ];
    for (const [fields, name] of cases) {
      const res = await upload(token, BASE, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = (await res.json()) as { details: string[] };
      expect(body.details.join(' | '), JSON.stringify(fields)).toContain(name);
    }
    expect(await sentCount(token)).toBe(0);
  });

  it('picks the route: e-invoice address, else e-mail, else print; nothing left fails; prevent_routing only marks it SENT', async () => {
    const { token } = await setup();
    const route = async (data: Buffer, fields: Record<string, string | string[]>) =>
      (await (await upload(token, data, fields)).json()) as Invoice;
    const einvoice = await route(BASE, {});
    expect(einvoice.actions.at(-1)).toMatchObject({ type: 'SENT', channel: 'EINVOICE' });
    expect(einvoice.destination).toBe('0002:FR23342');
    const email = await route(BASE, { recipient_email: 'x@y.example', disabled_routes: ['einvoice'] });
    expect(email.actions.at(-1)).toMatchObject({ type: 'SENT', channel: 'EMAIL' });
    const print = await route(CII_NO_ADDRESS, {});
    expect(print.actions.at(-1)).toMatchObject({ type: 'SENT', channel: 'PRINT' });
    expect(print.destination).toContain('Anytown');
    const none = await route(BASE, { disabled_routes: ['einvoice', 'email', 'print'] });
    expect(none.status).toBe('FAILED');
    expect(none.actions.at(-1)).toMatchObject({ type: 'ERROR' });
    const held = await route(BASE, { prevent_routing: 'true' });
    expect(held.status).toBe('SENT');
    expect(held.actions.map((a) => a.type)).toEqual(['CREATED', 'INFO']);
    expect(held.destination).toBeNull();
  });
});

describe('uuid idempotency and the uploads ledger', () => {
  it('the same uuid and file twice gives one invoice (201, then 200 with it) and two attempts', async () => {
    const { c, token } = await setup();
    const id = uuid();
    const first = await upload(token, BASE, { uuid: id });
    expect(first.status).toBe(201);
    const again = await upload(token, BASE, { uuid: id });
    expect(again.status).toBe(200);
    const a = (await first.json()) as Invoice;
    expect(((await again.json()) as Invoice).id).toBe(a.id);
    expect(await sentCount(token)).toBe(1);
    expect(await ledger(c)).toEqual([expect.objectContaining({ id: a.id, uuid: id, attempts: 2, filename: 'invoice.xml' })]);
  });

  it('the same uuid with different content is refused with 409 and still counted', async () => {
    const { c, token } = await setup();
    const id = uuid();
    expect((await upload(token, BASE, { uuid: id })).status).toBe(201);
    const other = await upload(token, FINVOICE, { uuid: id });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { message: string }).message).toContain('different content');
    expect(await sentCount(token)).toBe(1);
    expect((await ledger(c))[0]?.attempts).toBe(2);
  });

  it('counts a refused attempt, and a later good one with the same uuid creates the invoice', async () => {
    const { c, token } = await setup();
    const id = uuid();
    expect((await upload(token, '<Invoice><unclosed></Invoice>', { uuid: id })).status).toBe(400);
    expect(await ledger(c)).toEqual([expect.objectContaining({ id: null, uuid: id, attempts: 1 })]);
    const ok = await upload(token, BASE, { uuid: id });
    expect(ok.status).toBe(201);
    const row = (await ledger(c))[0];
    expect(row).toMatchObject({ id: ((await ok.json()) as Invoice).id, attempts: 2 });
  });

  it('gives an upload without uuid a generated one, recorded in the ledger', async () => {
    const { c, token } = await setup();
    const inv = (await (await upload(token, BASE)).json()) as Invoice;
    expect(inv.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ledger(c)).toEqual([expect.objectContaining({ id: inv.id, uuid: inv.uuid, attempts: 1 })]);
  });

  it('a retry after a dropped response finds the invoice the first call created', async () => {
    const { c, token } = await setup();
    const id = uuid();
    await sb.call('/__sandbox/faults', {
      method: 'POST',
      json: { action: 'drop_response', method: 'POST', path: '^/v1/invoices$', times: 1 },
    });
    await expect(upload(token, BASE, { uuid: id })).rejects.toThrow();
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    const retry = await upload(token, BASE, { uuid: id });
    expect(retry.status).toBe(200);
    expect(await sentCount(token)).toBe(1);
    expect((await ledger(c))[0]?.attempts).toBe(2);
  });
});

describe('refused files', () => {
  it('answers 400 or 415 with plain details and creates no invoice', async () => {
    const { token } = await setup();
    const truncated = BASE.subarray(0, BASE.length - 40);
    const cases: [RequestInit, number, string][] = [
      [{ body: form({ name: 'a.xml', data: truncated }) }, 400, 'xml: line'],
      [{ body: form({ name: 'a.xml', data: '' }) }, 400, 'file'],
      [{ body: form(null, { lang: 'fi' }) }, 400, 'file: required'],
      [{ body: form({ name: 'a.xml', data: fixture('documents/ORDER_Order_Example.xml') }) }, 400, 'POST /v1/documents'],
      [{ body: form({ name: 'a.xml', data: fixture('invalid/BR-02.xml') }) }, 400, 'testSet'],
      [{ body: form({ name: 'a.pdf', data: '%PDF-1.4 not xml' }) }, 400, 'xml'],
      [{ body: form({ name: 'a.xml', data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>' }) }, 400, 'DOCTYPE'],
      [{ body: form({ name: 'a.xml', data: '<?xml version="1.0" encoding="klingon"?><x/>' }) }, 400, 'encoding'],
      [{ body: form({ name: 'a.xml', data: BASE }, { format: 'FINVOICE30' }) }, 400, 'format'],
    ];
    for (const [init, status, detail] of cases) {
      const res = await sb.call('/v1/invoices', { method: 'POST', token, ...init });
      expect(res.status).toBe(status);
      const body = (await res.json()) as { message: string; details?: string[] };
      expect(`${body.message} ${body.details?.join(' ')}`).toContain(detail);
    }
    const json = await sb.call('/v1/invoices', { method: 'POST', token, json: { file: 'x' } });
    expect(json.status).toBe(415);
    const text = await sb.call('/v1/invoices', { method: 'POST', token, body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(await sentCount(token)).toBe(0);
  });

  it('takes the zip form: one XML, its same-named PDF as image, other files as attachments', async () => {
    const { token } = await setup();
    const pdf = Buffer.from('%PDF-1.4\n% the image\n%%EOF\n');
    const zip = Buffer.from(
      zipSync({ 'Invoice-7.xml': BASE, 'Invoice-7.pdf': pdf, 'docs/timesheet.csv': Buffer.from('day,hours\nmon,8\n') }),
    );
    const res = await upload(token, zip, {}, 'bundle.zip');
    expect(res.status).toBe(201);
    const inv = (await res.json()) as Invoice;
    expect(inv.files).toEqual([expect.objectContaining({ filename: 'timesheet.csv', mimetype: 'text/csv' })]);
    const image = await sb.call(`/v1/invoices/${inv.id}?return_format=ORIGINAL_IMAGE`, { token });
    expect(Buffer.from(await image.arrayBuffer()).equals(pdf)).toBe(true);
    const file = await fetch(inv.files[0]?.href ?? '', { headers: { authorization: `Bearer ${token}` } });
    expect(await file.text()).toBe('day,hours\nmon,8\n');

    const two = Buffer.from(zipSync({ 'a.xml': BASE, 'b.xml': BASE }));
    const bad = await upload(token, two, {}, 'two.zip');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: string[] }).details[0]).toContain('2 .xml files');
    const corrupt = Buffer.concat([zip.subarray(0, 40), Buffer.alloc(40)]);
    expect((await upload(token, corrupt, {}, 'c.zip')).status).toBe(400);
    expect(await sentCount(token)).toBe(1);
  });
});

describe('access', () => {
  it('needs invoice:send to upload (403 forbidden) and a verified company to upload or list (401)', async () => {
    const c = await sb.company();
    const receiveOnly = await sb.token(c, 'invoice:receive');
    const res = await upload(receiveOnly, BASE);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden', details: ['insufficient_scope', expect.stringContaining('invoice:send')] });
    expect((await sb.call('/v1/invoices', { token: receiveOnly })).status).toBe(200);
    expect((await sb.call('/v1/invoices', { token: await sb.token(c, 'lookup') })).status).toBe(403);

    const unverified = await sb.company({ state: 'UNVERIFIED' });
    const token = await sb.token(unverified);
    for (const r of [await upload(token, BASE), await sb.call('/v1/invoices', { token })]) {
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ code: 'Unauthorized', details: ['company_unverified'] });
    }
    expect((await sb.call('/v1/invoices')).status).toBe(401);
  });
});

describe('POST /v1/invoices with a uuid seen before: the three answers a service may give', () => {
  const withAnswer = async (repeated_uuid: string) => {
    const res = await sb.call('/__sandbox/config', { method: 'PATCH', json: { repeated_uuid } });
    expect(((await res.json()) as { repeated_uuid: string }).repeated_uuid).toBe(repeated_uuid);
  };
  afterEach(() => withAnswer('same-record'));

  it('same-record: the first invoice again for the same file, 409 for another file', async () => {
    const { token } = await setup();
    const id = uuid();
    const first = (await (await upload(token, BASE, { uuid: id })).json()) as Invoice;
    const again = await upload(token, BASE, { uuid: id });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Invoice).id).toBe(first.id);
    expect((await upload(token, `${BASE} `, { uuid: id })).status).toBe(409);
    expect(await sentCount(token)).toBe(1);
  });

  it('conflict: 409 even for the same file, and no second invoice', async () => {
    await withAnswer('conflict');
    const { token } = await setup();
    const id = uuid();
    expect((await upload(token, BASE, { uuid: id })).status).toBe(201);
    expect((await upload(token, BASE, { uuid: id })).status).toBe(409);
    expect(await sentCount(token)).toBe(1);
  });

  it('duplicate: a second invoice, as a service that ignores the uuid would make; the ledger counts both calls', async () => {
    await withAnswer('duplicate');
    const { c, token } = await setup();
    const id = uuid();
    const a = (await (await upload(token, BASE, { uuid: id })).json()) as Invoice;
    const b = await upload(token, BASE, { uuid: id });
    expect(b.status).toBe(201);
    expect(((await b.json()) as Invoice).id).not.toBe(a.id);
    expect(await sentCount(token)).toBe(2);
    expect((await ledger(c)).find((l) => l.uuid === id)?.attempts).toBe(2);
  });

  it('refuses an answer it does not know', async () => {
    expect((await sb.call('/__sandbox/config', { method: 'PATCH', json: { repeated_uuid: 'sometimes' } })).status).toBe(400);
  });
});
