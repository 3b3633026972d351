import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

const FIX = new URL('../../../shared/fixtures', import.meta.url).pathname;
const order = readFileSync(`${FIX}/documents/ORDER_Order_Example.xml`);
const finvoice = readFileSync(`${FIX}/invoices/finvoice3/finvoice_30_example.xml`);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Doc = Record<string, unknown> & {
  id: string;
  status: string;
  files: { id: string; filename: string; type: string; mimetype: string; href: string }[];
  recipient: Record<string, unknown>;
  sender: Record<string, unknown>;
};
type Err = { code?: string; message: string; details?: string[] };

let sb: TestSandbox;
let c: TestCompany;
let token: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c);
});
afterAll(async () => sb.close());

const post = (body: FormData, t = token, query = '') => sb.call(`/v1/documents${query}`, { method: 'POST', token: t, body });
/** An upload with the operator the service needs (spec: "both recipient and recipient operator"), unless the form names one. */
const upload = (body: FormData, t = token, query = '') => {
  if (!body.has('recipient_operator')) body.append('recipient_operator', 'PEPPOL');
  return post(body, t, query);
};

describe('POST /v1/documents', () => {
  it('sends a Peppol order with an attachment and references, reading recipient, sender and identifiers from the XML', async () => {
    const fd = form(
      { name: 'order-34.xml', data: order },
      {
        'files[0][file_type]': 'ATTACHMENT',
        'references[0][reference_id]': 'INV-2024-17',
        'references[0][reference_id_type]': 'INVOICE',
        'references[0][checksum]': 'AB'.repeat(32),
        'references[0][file_type]': 'PRIMARY_FILE',
        external_id: 'erp-77',
        transmission_at: '2024-05-01T10:00:00+03:00',
      },
    );
    fd.append('files[0][file]', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'terms.pdf');
    const res = await upload(fd);
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Doc;
    expect(doc).toMatchObject({
      type: 'ORDER',
      direction: 'SENT',
      status: 'PROCESSING',
      number: '34',
      reference: '9000012345',
      document_identifier: 'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3::2.1',
      process_identifier: 'urn:fdc:peppol.eu:poacc:bis:order_only:3',
      source_format: 'PEPPOLBIS30',
      external_id: 'erp-77',
      transmission_at: '2024-05-01T07:00:00.000Z',
      network: 'PEPPOL',
      recipient: { eia: '0192:123456785', name: 'Medical AS', country: 'NO', operator: 'PEPPOL' },
      sender: { eia: '0192:987654325', name: 'Helseforetak AS' },
      last_event: { code: 'CREATED' },
      references: [{ reference_id: 'INV-2024-17', reference_id_type: 'INVOICE', checksum: 'ab'.repeat(32), file_type: 'PRIMARY_FILE' }],
    });
    expect(typeof doc.transmission_id).toBe('string');
    expect(doc.files.map((f) => [f.filename, f.type, f.mimetype])).toEqual([
      ['order-34.xml', 'PRIMARY_FILE', 'application/xml'],
      ['terms.pdf', 'ATTACHMENT', 'application/pdf'],
    ]);

    const listed = (await (await sb.call(`/v1/files?document_id=${doc.id}`, { token })).json()) as Doc['files'];
    expect(listed.map((f) => f.id)).toEqual(doc.files.map((f) => f.id));
    const primary = await sb.call(`/v1/files/${doc.files[0]?.id}`, { token });
    expect(primary.status).toBe(200);
    expect(primary.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(primary.headers.get('content-disposition')).toContain('filename="order-34.xml"');
    expect(Buffer.from(await primary.arrayBuffer()).equals(order)).toBe(true);
    const attachment = await sb.call(new URL(doc.files[1]?.href ?? '').pathname, { token });
    expect(attachment.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await attachment.arrayBuffer()).equals(pdf)).toBe(true);

    const events = (await (await sb.call(`/v1/documents/${doc.id}/events`, { token })).json()) as { code: string }[];
    expect(events.map((e) => e.code)).toEqual(['CREATED']);
  });

  it('applies fields to the answer and to a single read; refuses unknown field names', async () => {
    const res = await upload(form({ name: 'o.xml', data: order }), token, '?fields[]=status&fields[]=number');
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Doc;
    expect(Object.keys(doc).sort()).toEqual(['id', 'number', 'status']);
    const one = (await (await sb.call(`/v1/documents/${doc.id}?fields=type`, { token })).json()) as Doc;
    expect(one).toEqual({ id: doc.id, type: 'ORDER' });
    expect((await sb.call(`/v1/documents/${doc.id}?fields=colour`, { token })).status).toBe(400);
  });

  it('refuses a second use of a transmission_id with 422, counts every attempt, and does not create the document again', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const first = await upload(form({ name: 'o.xml', data: order }, { transmission_id: 'tx-1' }), t);
    expect(first.status).toBe(201);
    const firstDoc = (await first.json()) as Doc;
    for (let i = 0; i < 2; i++) {
      const again = await upload(form({ name: 'o.xml', data: order }, { transmission_id: 'tx-1' }), t);
      expect(again.status).toBe(422);
      const err = (await again.json()) as Err;
      expect(err.code).toBe('document_duplicate_transmission_id');
      expect(err.details?.[0]).toContain(firstDoc.id);
    }
    const list = await sb.call('/v1/documents', { token: t });
    expect(list.headers.get('x-total')).toBe('1');
    const ledger = (await (await sb.call(`/__sandbox/companies/${co.company_id}/uploads`)).json()) as Record<string, unknown>[];
    expect(ledger).toEqual([
      {
        kind: 'document',
        id: firstDoc.id,
        uuid: null,
        transmission_id: 'tx-1',
        filename: 'o.xml',
        sha256: createHash('sha256').update(order).digest('hex'),
        attempts: 3,
      },
    ]);
  });

  it('counts a refused call carrying a transmission_id, and lets a later good call use it', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const bad = await upload(
      form({ name: 'scan.pdf', data: pdf, type: 'application/pdf' }, { transmission_id: 'tx-2', type: 'VOUCHER' }),
      t,
    );
    expect(bad.status).toBe(400);
    const good = await upload(
      form(
        { name: 'scan.pdf', data: pdf, type: 'application/pdf' },
        { transmission_id: 'tx-2', type: 'VOUCHER', recipient_eia: '0216:003712345678' },
      ),
      t,
    );
    expect(good.status).toBe(201);
    const ledger = (await (await sb.call(`/__sandbox/companies/${co.company_id}/uploads`)).json()) as { attempts: number; id: string }[];
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ attempts: 2, id: ((await good.json()) as Doc).id });
  });

  it('generates a transmission_id when none is given and records the upload', async () => {
    const co = await sb.company();
    const t = await sb.token(co);
    const doc = (await (await upload(form({ name: 'o.xml', data: order }), t)).json()) as Doc;
    expect(doc.transmission_id).toMatch(/^[0-9a-f-]{36}$/);
    const ledger = (await (await sb.call(`/__sandbox/companies/${co.company_id}/uploads`)).json()) as Record<string, unknown>[];
    expect(ledger).toMatchObject([{ transmission_id: doc.transmission_id, id: doc.id, attempts: 1 }]);
  });

  it('needs a recipient: 400 in plain words when neither the fields nor the file name one', async () => {
    const res = await upload(form({ name: 'scan.pdf', data: pdf, type: 'application/pdf' }, { type: 'VOUCHER' }));
    expect(res.status).toBe(400);
    const err = (await res.json()) as Err;
    expect(err.message).toMatch(/recipient is missing/);
    expect(err.details).toEqual(['recipient_eia: required when the file does not name the recipient']);
  });

  it('needs an operator, for a Peppol id too (none is made up); given operators choose the national network', async () => {
    const noOp = await post(form({ name: 'scan.pdf', data: pdf }, { type: 'VOUCHER', recipient_eia: '003712345678' }));
    expect(noOp.status).toBe(400);
    expect(((await noOp.json()) as Err).details?.[0]).toMatch(/^recipient_operator: required/);
    const peppolNoOp = await post(form({ name: 'o.xml', data: order }));
    expect(peppolNoOp.status).toBe(400);
    expect(((await peppolNoOp.json()) as Err).details?.[0]).toMatch(
      /^recipient_operator: required; the file does not name the operator of '0192:123456785'/,
    );
    const withOp = await upload(
      form(
        { name: 'scan.pdf', data: pdf },
        { type: 'VOUCHER', recipient_eia: '003712345678', recipient_operator: '003721291126', recipient_country: 'FI' },
      ),
    );
    expect(withOp.status).toBe(201);
    expect(await withOp.json()).toMatchObject({
      type: 'VOUCHER',
      source_format: 'PDF',
      network: 'NATIONALNET',
      recipient: { eia: '003712345678', operator: '003721291126', country: 'FI' },
      sender: { name: 'Test 1 Oy', country: 'FI' },
    });
  });

  it('takes recipient and operator from a Finvoice file, and lets form fields override the XML', async () => {
    const res = await post(form({ name: 'finvoice.xml', data: finvoice }, { recipient_name: 'Sensorit Oy (ostot)' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      type: 'INVOICE',
      number: '123456',
      source_format: 'FINVOICE30',
      recipient: { eia: '00370987654321', operator: '003710948874', name: 'Sensorit Oy (ostot)' },
      sender: { name: 'Pullin Musiikki oy', bid: '6666666-5' },
    });
  });

  it('refuses bad fields with every problem listed', async () => {
    const cases: [FormData, RegExp][] = [
      [form({ name: 'o.xml', data: order }, { type: 'LETTER' }), /^type: 'LETTER' is not a document type/],
      [form({ name: 'o.xml', data: order }, { recipient_country: 'Finland' }), /^recipient_country: must be an ISO 3166-1 alpha-2/],
      [form({ name: 'o.xml', data: order }, { sender_country: 'fi' }), /^sender_country:/],
      [form({ name: 'o.xml', data: order }, { transmission_at: 'yesterday' }), /^transmission_at:/],
      [form({ name: 'o.xml', data: order }, { 'references[0][checksum]': 'abc' }), /^references\[0\]\[reference_id\]: required/],
      [form({ name: 'o.xml', data: order }, { 'files[0][file_type]': 'ATTACHMENT' }), /^files\[0\]\[file\]: required/],
      [form(null, { type: 'ORDER' }), /^file: required/],
      [form({ name: 'o.xml', data: '<Order><ID>1</Order>' }), /^file: not well-formed XML/],
      [form({ name: 'o.xml', data: order, field: 'document' }), /^document: not a file field/],
      [form({ name: 'o.xml', data: order }, { recipent_eia: '0192:987654321' }), /^recipent_eia: unknown field/],
    ];
    for (const [body, detail] of cases) {
      const res = await upload(body);
      expect(res.status, String(detail)).toBe(400);
      const err = (await res.json()) as Err;
      expect(
        err.details?.some((d) => detail.test(d)),
        `${detail} in ${JSON.stringify(err.details)}`,
      ).toBe(true);
    }
    const noType = form({ name: 'o.xml', data: order });
    noType.append('files[1][file]', new Blob([new Uint8Array(pdf)]), 'a.pdf');
    expect(((await (await upload(noType)).json()) as Err).details).toEqual([
      'files[1][file_type]: required (PRIMARY_FILE, ATTACHMENT, OTHER)',
    ]);
    const twoPrimaries = form({ name: 'o.xml', data: order }, { 'files[0][file_type]': 'PRIMARY_FILE' });
    twoPrimaries.append('files[0][file]', new Blob([new Uint8Array(order)]), 'b.xml');
    expect((await upload(twoPrimaries)).status).toBe(400);
  });

  it('accepts the primary file as files[n] with PRIMARY_FILE, and takes the type from a file-name prefix', async () => {
    const fd = form(null, { 'files[0][file_type]': 'PRIMARY_FILE', recipient_eia: '0192:123456785' });
    fd.append('files[0][file]', new Blob([new Uint8Array(pdf)]), 'DESPATCH_ADVICE_565899.pdf');
    const res = await upload(fd);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      type: 'DESPATCH_ADVICE',
      files: [{ type: 'PRIMARY_FILE', filename: 'DESPATCH_ADVICE_565899.pdf' }],
    });
  });

  it('answers return_format with the stored file, and refuses a conversion', async () => {
    const doc = (await (await upload(form({ name: 'o.xml', data: order }))).json()) as Doc;
    for (const f of ['PEPPOLBIS30', 'ORIGINAL']) {
      const res = await sb.call(`/v1/documents/${doc.id}?return_format[]=${f}`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(Buffer.from(await res.arrayBuffer()).equals(order)).toBe(true);
    }
    const conv = await sb.call(`/v1/documents/${doc.id}?return_format=FINVOICE30`, { token });
    expect(conv.status).toBe(400);
    expect(((await conv.json()) as Err).details).toEqual(['return_format: this document is available as PEPPOLBIS30 or ORIGINAL']);
  });
});

describe('access', () => {
  it('refuses a token with scope company only (403) on documents, files and events', async () => {
    const t = await sb.token(c, 'company');
    const doc = (await (await upload(form({ name: 'o.xml', data: order }))).json()) as Doc;
    const calls: [string, RequestInit][] = [
      ['/v1/documents', {}],
      ['/v1/documents', { method: 'POST', body: form({ name: 'o.xml', data: order }) }],
      [`/v1/documents/${doc.id}`, {}],
      [
        `/v1/documents/${doc.id}`,
        { method: 'PATCH', body: JSON.stringify({ status: 'CONFIRMED_DELIVERY' }), headers: { 'content-type': 'application/json' } },
      ],
      [`/v1/documents/${doc.id}/events`, {}],
      [`/v1/files?document_id=${doc.id}`, {}],
      [`/v1/files/${doc.files[0]?.id}`, {}],
    ];
    for (const [path, init] of calls) {
      const res = await sb.call(path, { ...init, token: t });
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(403);
      expect(((await res.json()) as Err).code).toBe('forbidden');
    }
  });

  it('needs document:send to upload; document:receive reads', async () => {
    const reader = await sb.token(c, 'document:receive');
    expect((await upload(form({ name: 'o.xml', data: order }), reader)).status).toBe(403);
    expect((await sb.call('/v1/documents', { token: reader })).status).toBe(200);
  });

  it('refuses an unverified company sending (401 company_unverified)', async () => {
    const u = await sb.company({ state: 'UNVERIFIED' });
    const res = await upload(form({ name: 'o.xml', data: order }), await sb.token(u));
    expect(res.status).toBe(401);
    expect(((await res.json()) as Err).details).toEqual(['company_unverified']);
  });

  it("answers 404 for another company's document, its files and events", async () => {
    const doc = (await (await upload(form({ name: 'o.xml', data: order }))).json()) as Doc;
    const other = await sb.token(await sb.company());
    for (const path of [
      `/v1/documents/${doc.id}`,
      `/v1/documents/${doc.id}/events`,
      `/v1/files?document_id=${doc.id}`,
      `/v1/files/${doc.files[0]?.id}`,
    ]) {
      const res = await sb.call(path, { token: other });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as Err).code).toBe('not_found');
    }
    const patch = await sb.call(`/v1/documents/${doc.id}`, { method: 'PATCH', token: other, json: { status: 'CONFIRMED_DELIVERY' } });
    expect(patch.status).toBe(404);
    expect((await sb.call('/v1/files', { token: other })).status).toBe(400);
  });
});
