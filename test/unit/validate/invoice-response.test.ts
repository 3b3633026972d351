import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceAnswerDocument, invoiceAnswerXml } from '../../../main/core/sync/invoice-answer-xml';
import { checkInvoiceResponse } from '../../../main/core/validate/invoice-response-rules';
import { answerProblem, RESPONSE_CODES, STATUS_ACTIONS, STATUS_REASONS } from '../../../shared/invoice-response-codes';
import { ensureRules } from '../../support/validation';

const POACC = new URL('../../../vendor/poacc-upgrade-3/', import.meta.url).pathname;
const codesOf = (file: string) =>
  [...readFileSync(join(POACC, 'structure/codelist', file), 'utf8').matchAll(/<Id>([^<]+)<\/Id>/g)].map((m) => m[1]);

const doc = (over: Partial<InvoiceAnswerDocument> = {}): InvoiceAnswerDocument => ({
  id: 'IR-1',
  issueDate: '2026-12-02',
  sender: { eia: '0216:003712345678', name: 'Buyer Oy & Co <Ltd>' },
  receiver: { eia: '0192:923609016', name: 'Seller AS' },
  invoice: { number: 'INV-1', issueDate: '2026-11-30', typeCode: '380' },
  code: 'RE',
  reasons: ['PRI'],
  actions: ['NIN'],
  text: 'The unit price is not the agreed one',
  ...over,
});

beforeAll(async () => {
  await ensureRules();
}, 600_000);

describe('Invoice Response (Peppol BIS Invoice Response 3, T111)', () => {
  it('takes its codes from the official code lists, one definition in shared/', () => {
    expect([...RESPONSE_CODES].sort()).toEqual(codesOf('UNCL4343-T111.xml').sort());
    expect([...STATUS_REASONS].sort()).toEqual(codesOf('OPStatusReason.xml').sort());
    expect([...STATUS_ACTIONS].sort()).toEqual(codesOf('OPStatusAction.xml').sort());
  });

  it("passes the compiled T111 rules for OpenPEPPOL's own example and for each status the builder writes", async () => {
    const example = readFileSync(join(POACC, 'rules/examples/Invoice reponse use cases/T111-uc004a-Invoice is rejected.xml'), 'utf8');
    expect((await checkInvoiceResponse(example)).findings).toEqual([]);
    for (const code of RESPONSE_CODES) {
      const a = { code, reasons: code === 'AP' || code === 'AB' ? [] : ['OTH' as const], actions: [], text: 'What we ask' };
      expect(answerProblem(a)).toBeNull();
      const check = await checkInvoiceResponse(invoiceAnswerXml(doc(a)));
      expect(check.findings, code).toEqual([]);
      expect(check.ok).toBe(true);
    }
  });

  it('fails a wrong one with the rule id: a rejection without a clarification code (PEPPOL-T111-R001)', async () => {
    const check = await checkInvoiceResponse(invoiceAnswerXml(doc({ reasons: [], actions: [] })));
    expect(check.ok).toBe(false);
    expect(check.findings.map((f) => f.id)).toEqual(['PEPPOL-T111-R001']);
    // The app refuses it before the rules see it, in the same words for the bridge and the command line.
    expect(answerProblem({ code: 'RE', reasons: [], actions: [], text: null })).toMatch(/needs a reason/);
  });
});
