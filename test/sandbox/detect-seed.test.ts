import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../sandbox/context';
import { INVOICES, type InvoiceRecord } from '../../sandbox/domain/records';
import { seedDetect } from '../../sandbox/seed/detect';
import { seedNorway } from '../../sandbox/seed/norway';
import { atgAgreementListSchema, atgMandateListSchema } from '../../shared/schemas/atg';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';
import { tempDir } from '../support/temp';

function receive(sb: TestSandbox, c: TestCompany, n: number): InvoiceRecord {
  const id = randomUUID();
  const at = new Date(Date.UTC(2026, 1, 1) + n * 3_600_000).toISOString();
  const file = { id, filename: 'a.xml', mimetype: 'application/xml', blob: `none-${id}`, sha256: '', size: 0 };
  return sb.ctx.store.table<InvoiceRecord>(INVOICES).put({
    id,
    company_id: c.company_id,
    direction: 'RECEIVED',
    uuid: id,
    status: 'DELIVERED',
    number: String(n),
    reference: null,
    sender: { name: `Supplier ${n % 7} Oy`, bid: '0112038-9', country: 'FI' },
    recipient: null,
    received_at: at,
    created_at: at,
    date: null,
    date_due: null,
    source_format: 'PEPPOLBIS30',
    sum: 100,
    sum_tax: 24,
    currency: 'EUR',
    origin: 'EXTERNAL',
    destination: null,
    comment: null,
    files: [],
    actions: [],
    revision: 1,
    virtual_barcode: null,
    handled: false,
    seq: n,
    internal: { original: file, image: null, attachments: [], upload_fields: {} },
  });
}

const company = (sb: TestSandbox, c: TestCompany) => {
  const rec = sb.ctx.companies.get(c.company_id);
  if (!rec) throw new Error('company missing');
  return rec;
};

describe('demo seeds', () => {
  it('seedDetect puts warnings of varied codes on about a tenth of the received invoices', async () => {
    const sb = await startTestSandbox();
    try {
      const c = await sb.company();
      const token = await sb.token(c);
      const invoices = Array.from({ length: 60 }, (_, n) => receive(sb, c, n));
      await seedDetect(sb.ctx, company(sb, c), seededRandom(11));
      const statuses: string[] = [];
      const findings = new Set<string>();
      for (const inv of invoices) {
        const body = (await (await sb.call(`/v1/invoices/${inv.id}/detect_results`, { token })).json()) as {
          status: string;
          findings: string[];
        };
        statuses.push(body.status);
        for (const f of body.findings) findings.add(f);
      }
      expect(statuses.filter((s) => s === 'WARN')).toHaveLength(6);
      expect(statuses.filter((s) => s === 'OK')).toHaveLength(54);
      expect(findings.size).toBeGreaterThanOrEqual(5);
    } finally {
      await sb.close();
    }
  });

  it('seedNorway makes one ACTIVE agreement and about 40 mandates in varied statuses', async () => {
    const sb = await startTestSandbox();
    try {
      const c = await sb.company({ country: 'NO', business_id: '923609016' });
      const token = await sb.token(c);
      await seedNorway(sb.ctx, company(sb, c), seededRandom(5));
      const agreements = atgAgreementListSchema.parse(await (await sb.call('/v1/services/atg', { token })).json());
      expect(agreements.map((a) => a.status)).toEqual(['ACTIVE']);
      const res = await sb.call('/v1/services/atg/mandates?per_page=100', { token });
      const mandates = atgMandateListSchema.parse(await res.json());
      expect(mandates.length).toBeGreaterThanOrEqual(36);
      expect(mandates.length).toBeLessThanOrEqual(44);
      expect(new Set(mandates.map((m) => m.status))).toEqual(new Set(['ACTIVE', 'PENDING', 'DELETED']));
      const times = mandates.map((m) => m.updated_at);
      expect([...times].sort()).toEqual(times);
      expect(mandates.every((m) => m.account_number === agreements[0]?.account_number && m.kid.length === 10)).toBe(true);
    } finally {
      await sb.close();
    }
  });
});

describe('persistence', () => {
  it('keeps Detect, scanning and ATG state across a restart with --data', async () => {
    const dir = tempDir('detect-persist-');
    const first = await startTestSandbox({ dataDir: dir });
    const c = await first.company({ country: 'NO', business_id: '923609016' });
    let token = await first.token(c);
    const inv = receive(first, c, 1);
    await first.call('/v1/services/detect/checks?on_invoice_receive[]=VAT&on_invoice_receive[]=SENDER_BID_STATUS', {
      token,
      method: 'PATCH',
    });
    await first.call(`/__sandbox/invoices/${inv.id}/detect`, {
      method: 'PUT',
      json: { findings: [{ check: 'VAT', reason_code: 'VAT_INVALID_INPUT' }] },
    });
    await first.call('/v1/services/autoscan', { token, method: 'PUT', json: { return_email_address: 'ap@example.no' } });
    await first.call('/v1/services/atg', {
      token,
      method: 'POST',
      json: { account_number: '86011117947', kid_length: 8, reference_position: 1, signer_email: 'cfo@example.no' },
    });
    await first.call(`/__sandbox/companies/${c.company_id}/atg-mandates`, {
      method: 'POST',
      json: { account_number: '86011117947', reference_nr: '42' },
    });
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      token = await second.token(c);
      expect(await (await second.call('/v1/services/detect/checks', { token })).json()).toEqual({
        on_invoice_receive: ['SENDER_BID_STATUS', 'VAT'],
      });
      expect(await (await second.call(`/v1/invoices/${inv.id}/detect_results`, { token })).json()).toMatchObject({
        status: 'WARN',
        findings: ["The sender's VAT number is missing or not valid."],
      });
      expect(await (await second.call('/v1/services/autoscan', { token })).json()).toMatchObject({
        enabled: true,
        return_email_address: 'ap@example.no',
      });
      const mandates = atgMandateListSchema.parse(await (await second.call('/v1/services/atg/mandates', { token })).json());
      expect(mandates.map((m) => m.reference_nr)).toEqual(['42']);
    } finally {
      await second.close();
    }
  });
});
