import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICES, type InvoiceRecord } from '../../sandbox/domain/records';
import { analysisListSchema, checkDefinitionListSchema } from '../../shared/schemas/detect';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ analysisDelayMs: 60_000 });
});
afterAll(async () => sb.close());

/** A received invoice put straight into the invoices table (the invoices group owns its upload). */
function receive(c: TestCompany, over: Partial<InvoiceRecord> = {}): InvoiceRecord {
  const id = randomUUID();
  const now = new Date().toISOString();
  return sb.ctx.store.table<InvoiceRecord>(INVOICES).put({
    id,
    company_id: c.company_id,
    direction: 'RECEIVED',
    uuid: id,
    status: 'DELIVERED',
    number: 'A-1',
    reference: null,
    sender: { name: 'Leverandør AS', bid: '923609016', country: 'NO' },
    recipient: null,
    received_at: now,
    created_at: now,
    date: null,
    date_due: null,
    source_format: 'EHF30',
    sum: 1250,
    sum_tax: 250,
    currency: 'NOK',
    origin: 'EXTERNAL',
    destination: null,
    comment: null,
    files: [],
    actions: [],
    revision: 1,
    virtual_barcode: null,
    handled: false,
    seq: 1,
    internal: {
      original: { id, filename: 'a.xml', mimetype: 'application/xml', blob: `none-${id}`, sha256: '', size: 0 },
      image: null,
      attachments: [],
      upload_fields: {},
    },
    ...over,
  });
}

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('check definitions', () => {
  it('answers every check with translations and the possible results of the reason-code table, on both paths', async () => {
    const token = await sb.token(await sb.company(), 'lookup');
    for (const path of ['/v1/definitions/detect/checks', '/v1/analysis/definitions']) {
      const res = await sb.call(path, { token });
      expect(res.status).toBe(200);
      const defs = checkDefinitionListSchema.parse(await res.json());
      expect(defs.map((d) => d.name)).toEqual([
        'SUPPLIER_ACTIVATION',
        'BANK_ACCOUNT_CHANGED',
        'SENDER_BID_STATUS',
        'SENDER_WARNING_LIST',
        'VAT',
      ]);
      const vat = defs[4];
      expect(vat?.friendly_names?.map((t) => t.lang)).toEqual(['en', 'fi', 'sv', 'nb']);
      expect(vat?.titles?.find((t) => t.lang === 'nb')?.text).toBe('Er avsenderen registrert i MVA-registeret?');
      expect(vat?.resource_type).toBe('INVOICE');
      expect(vat?.possible_results).toEqual([
        {
          status: 'NOT_APPLICABLE',
          result: 'NOT_APPLICABLE',
          reason: 'The resource is not an invoice.',
          reason_code: 'VAT_NOT_AN_INVOICE',
        },
        { status: 'NOT_APPLICABLE', result: 'NOT_APPLICABLE', reason: expect.any(String), reason_code: 'VAT_NO_VAT_CHARGED' },
        { status: 'RUN_FAILED', result: 'FAILED', reason: 'The VAT registration check could not be run.', reason_code: 'VAT_FAILED' },
        { status: 'PENDING', result: '', reason: expect.any(String), reason_code: 'VAT_PENDING' },
        { status: 'RUN_SUCCESSFUL', result: 'WARNING', reason: expect.any(String), reason_code: 'VAT_INVALID_INPUT' },
        { status: 'RUN_SUCCESSFUL', result: 'WARNING', reason: expect.any(String), reason_code: 'VAT_COMPANY_NOT_REGISTERED' },
        { status: 'RUN_SUCCESSFUL', result: 'OK', reason: 'The sender is registered for VAT.', reason_code: 'VAT_COMPANY_REGISTERED' },
      ]);
      expect(defs[2]?.possible_results?.filter((r) => r.result === 'WARNING')).toHaveLength(9);
    }
  });

  it('limits the checks and the attributes answered, and refuses names outside the lists', async () => {
    const token = await sb.token(await sb.company());
    const res = await sb.call(
      '/v1/analysis/definitions?checks[]=VAT&checks[]=SENDER_BID_STATUS&check_attributes[]=titles&check_attributes[]=scope',
      {
        token,
      },
    );
    const defs = await json<Record<string, unknown>[]>(res);
    expect(defs.map((d) => Object.keys(d).sort())).toEqual([
      ['name', 'scope', 'titles'],
      ['name', 'scope', 'titles'],
    ]);
    expect(defs.map((d) => d.name)).toEqual(['SENDER_BID_STATUS', 'VAT']);
    const one = await json<Record<string, unknown>[]>(
      await sb.call('/v1/definitions/detect/checks?checks=VAT&check_attributes=possible_results', { token }),
    );
    expect(one).toHaveLength(1);
    expect(Object.keys(one[0] ?? {})).toEqual(['name', 'possible_results']);
    for (const qs of ['checks[]=VAT&checks[]=MAGIC', 'check_attributes[]=colour']) {
      const bad = await sb.call(`/v1/analysis/definitions?${qs}`, { token });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: expect.any(String), details: [expect.stringMatching(/is not one of/)] });
    }
    expect((await sb.call('/v1/analysis/definitions')).status).toBe(401);
  });
});

describe('analysis', () => {
  it('creates analyses PENDING, then answers them finished after the configured delay', async () => {
    const c = await sb.company();
    const token = await sb.token(c, 'analysis');
    const inv = receive(c, { sender: { name: 'Konkurs AS', bid: '999990053', country: 'NO' }, sum_tax: 0 });
    const qs = `resource_id=${inv.id}&resource_type=INVOICE&checks_to_run[]=SENDER_BID_STATUS&checks_to_run[]=VAT&checks_to_run[]=SUPPLIER_ACTIVATION`;
    const res = await sb.call(`/v1/analysis?${qs}`, { token, method: 'POST' });
    expect(res.status).toBe(201);
    const created = analysisListSchema.parse(await res.json());
    expect(created.map((a) => [a.analysis_type, a.analysis_status, a.analysis_result?.status, a.analysis_result?.reason_code])).toEqual([
      ['SUPPLIER_ACTIVATION', 'PENDING', '', 'SUPPLIER_ACTIVATION_PENDING'],
      ['SENDER_BID_STATUS', 'PENDING', '', 'SENDER_BID_STATUS_PENDING'],
      ['VAT', 'PENDING', '', 'VAT_PENDING'],
    ]);
    const pending = analysisListSchema.parse(await (await sb.call(`/v1/analysis/${inv.id}`, { token })).json());
    expect(pending.every((a) => a.analysis_status === 'PENDING' && a.analysis_result?.check_date === null)).toBe(true);

    await sb.call('/__sandbox/config', { method: 'PATCH', json: { analysis_delay_ms: 0 } });
    try {
      const done = analysisListSchema.parse(await (await sb.call(`/v1/analysis/${inv.id}`, { token })).json());
      expect(done.map((a) => [a.analysis_id, a.analysis_status, a.analysis_result?.status, a.analysis_result?.reason_code])).toEqual([
        [created[0]?.analysis_id, 'NOT_APPLICABLE', 'NOT_APPLICABLE', 'SUPPLIER_ACTIVATION_INVOICE_NOT_FROM_SCAN'],
        [created[1]?.analysis_id, 'RUN_SUCCESSFUL', 'WARNING', 'SENDER_BID_STATUS_BANKRUPT'],
        [created[2]?.analysis_id, 'NOT_APPLICABLE', 'NOT_APPLICABLE', 'VAT_NO_VAT_CHARGED'],
      ]);
      expect(done[1]?.analysis_result?.text).toBe("The sender's company is bankrupt.");
      expect(Date.parse(done[1]?.analysis_result?.check_date ?? '')).toBeGreaterThan(0);
      // A fresh request still answers PENDING; asking a check again replaces its earlier analysis.
      const again = analysisListSchema.parse(
        await (
          await sb.call(`/v1/analysis?resource_id=${inv.id}&resource_type=INVOICE&checks_to_run=VAT`, { token, method: 'POST' })
        ).json(),
      );
      expect(again[0]?.analysis_status).toBe('PENDING');
      const after = analysisListSchema.parse(await (await sb.call(`/v1/analysis/${inv.id}`, { token })).json());
      expect(after).toHaveLength(3);
      expect(after.find((a) => a.analysis_type === 'VAT')?.analysis_id).toBe(again[0]?.analysis_id);
    } finally {
      await sb.call('/__sandbox/config', { method: 'PATCH', json: { analysis_delay_ms: 60_000 } });
    }
  });

  it('uses the findings set through the admin API, OK results included', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const inv = receive(c);
    await sb.call(`/__sandbox/invoices/${inv.id}/detect`, {
      method: 'PUT',
      json: {
        findings: [
          { check: 'SENDER_WARNING_LIST', reason_code: 'SENDER_WARNING_LIST_USER_REPORTED_FOUND' },
          { check: 'VAT', reason_code: 'VAT_FAILED' },
        ],
      },
    });
    await sb.call(
      `/v1/analysis?resource_id=${inv.id}&resource_type=INVOICE&checks_to_run[]=SENDER_WARNING_LIST&checks_to_run[]=VAT&checks_to_run[]=SENDER_BID_STATUS`,
      {
        token,
        method: 'POST',
      },
    );
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { analysis_delay_ms: 0 } });
    try {
      const done = analysisListSchema.parse(await (await sb.call(`/v1/analysis/${inv.id}`, { token })).json());
      expect(done.map((a) => [a.analysis_status, a.analysis_result?.status, a.analysis_result?.reason_code])).toEqual([
        ['RUN_SUCCESSFUL', 'OK', 'SENDER_BID_STATUS_FOUND'],
        ['RUN_SUCCESSFUL', 'WARNING', 'SENDER_WARNING_LIST_USER_REPORTED_FOUND'],
        ['RUN_FAILED', 'FAILED', 'VAT_FAILED'],
      ]);
    } finally {
      await sb.call('/__sandbox/config', { method: 'PATCH', json: { analysis_delay_ms: 60_000 } });
    }
  });

  it('refuses missing or invalid parameters with 400, unknown invoices with 404, and needs the analysis scope', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const inv = receive(c);
    const post = (qs: string, t = token) => sb.call(`/v1/analysis?${qs}`, { token: t, method: 'POST' });
    const cases = [
      `resource_type=INVOICE&checks_to_run[]=VAT`,
      `resource_id=${inv.id}&checks_to_run[]=VAT`,
      `resource_id=${inv.id}&resource_type=INVOICE`,
      `resource_id=${inv.id}&resource_type=DOCUMENT&checks_to_run[]=VAT`,
      `resource_id=${inv.id}&resource_type=INVOICE&checks_to_run[]=WEATHER`,
      `resource_id=${inv.id}&resource_type=INVOICE&checks_to_run[]=`,
    ];
    for (const qs of cases) {
      const res = await post(qs);
      expect(res.status, qs).toBe(400);
      expect(await res.json()).toMatchObject({ message: expect.any(String), details: [expect.any(String)] });
    }
    const unknown = await post(`resource_id=${randomUUID()}&resource_type=INVOICE&checks_to_run[]=VAT`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
    const other = receive(await sb.company());
    expect((await post(`resource_id=${other.id}&resource_type=INVOICE&checks_to_run[]=VAT`)).status).toBe(404);
    expect((await sb.call(`/v1/analysis/${inv.id}`, { token })).status).toBe(404);
    const noScope = await sb.token(c, 'global company');
    expect((await post(`resource_id=${inv.id}&resource_type=INVOICE&checks_to_run[]=VAT`, noScope)).status).toBe(403);
    expect((await sb.call(`/v1/analysis/${inv.id}`, { token: noScope })).status).toBe(403);
    // Another company's analyses are not there for the caller.
    await post(`resource_id=${inv.id}&resource_type=INVOICE&checks_to_run[]=VAT`);
    const stranger = await sb.token(await sb.company());
    expect((await sb.call(`/v1/analysis/${inv.id}`, { token: stranger })).status).toBe(404);
    expect((await sb.call(`/v1/analysis/${inv.id}`, { token })).status).toBe(200);
  });
});
