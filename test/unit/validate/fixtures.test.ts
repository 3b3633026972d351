import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '../../../main/core/validate';
import type { ValidationReport } from '../../../shared/validation/report';
import { FIXTURES } from '../../support/engine';
import { ensureRules } from '../../support/validation';

// Every real invoice of ../shared/fixtures/invoices/ is valid, except where the official rules do flag a
// sample: each such file is listed with the rules it breaks and why. Every one of them passes EN 16931;
// what is flagged comes from the Peppol BIS 3.0.19 rules, which are newer than the samples.

const WHY = {
  swedishOrgNo:
    'its Swedish organisation numbers (scheme 0007: 1234567890, 9876543210, 5566778899 ...) are placeholders whose last digit fails the Luhn check Peppol added in PEPPOL-COMMON-R049',
  swedishSeller: "the seller's Swedish organisation number fails the same Luhn check in the Swedish national rule SE-R-013",
  gln: 'its GLNs (scheme 0088) are placeholders whose GS1 check digit is wrong (PEPPOL-COMMON-R040)',
  norwegianOrgNo: "the buyer's Norwegian organisation number 123456789 fails the modulus 11 check (PEPPOL-COMMON-R041)",
  ehfProcess:
    'EHF forward billing names its own business process (urn:fdc:anskaffelser.no:2019:ehf:postaward:g3:08:1.0), not one of the form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0 that PEPPOL-EN16931-R007 requires; the EHF rules, which the app does not ship, allow it',
};

const R049 = 'PEPPOL-COMMON-R049';
const R040 = 'PEPPOL-COMMON-R040';
const SE13 = 'SE-R-013';

const FLAGGED: Record<string, { rules: string[]; why: string[] }> = {
  'ehf3/Creditnote_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml': {
    rules: ['PEPPOL-EN16931-R007', R040],
    why: [WHY.ehfProcess, WHY.gln],
  },
  'ehf3/Invoice_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml': {
    rules: ['PEPPOL-EN16931-R007', R040, 'PEPPOL-COMMON-R041'],
    why: [WHY.ehfProcess, WHY.gln, WHY.norwegianOrgNo],
  },
  'ehf3/Invoice_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml': {
    rules: ['PEPPOL-EN16931-R007', R040],
    why: [WHY.ehfProcess, WHY.gln],
  },
  'en16931-ubl/issue116.xml': { rules: [R049], why: [WHY.swedishOrgNo] },
  'peppol-bis3-se/BIS_Billing_30-DataIT.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Elhandel.xml': { rules: [R040, R049], why: [WHY.gln, WHY.swedishOrgNo] },
  'peppol-bis3-se/BIS_Billing_30-Elnat.xml': { rules: [R049], why: [WHY.swedishOrgNo] },
  'peppol-bis3-se/BIS_Billing_30-Factoring.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Forskott__ej_moms_.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Forskott_slutreglering.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Hyrbil.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Inkopskort.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Kreditering__urspr_faktura_.xml': {
    rules: [R040, R049, SE13],
    why: [WHY.gln, WHY.swedishOrgNo, WHY.swedishSeller],
  },
  'peppol-bis3-se/BIS_Billing_30-Kreditering_med_kreditnota.xml': {
    rules: [R040, R049, SE13],
    why: [WHY.gln, WHY.swedishOrgNo, WHY.swedishSeller],
  },
  'peppol-bis3-se/BIS_Billing_30-Kreditering_med_negativ_faktura.xml': {
    rules: [R040, R049, SE13],
    why: [WHY.gln, WHY.swedishOrgNo, WHY.swedishSeller],
  },
  'peppol-bis3-se/BIS_Billing_30-OmvandSkattskyldighet.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Rabatter_och_avgifter.xml': {
    rules: [R040, R049, SE13],
    why: [WHY.gln, WHY.swedishOrgNo, WHY.swedishSeller],
  },
  'peppol-bis3-se/BIS_Billing_30-Rantefaktura_Enkel.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Rantefaktura_Saml.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Resor_Bokning.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
  'peppol-bis3-se/BIS_Billing_30-Resor_Taxi.xml': { rules: [R049], why: [WHY.swedishOrgNo] },
  'peppol-bis3-se/BIS_Billing_30-Telefoni.xml': { rules: [R049], why: [WHY.swedishOrgNo] },
  'peppol-bis3-se/BIS_Billing_30-Tjanster_Bevakning.xml': {
    rules: [R040, R049, SE13],
    why: [WHY.gln, WHY.swedishOrgNo, WHY.swedishSeller],
  },
  'peppol-bis3-se/BIS_Billing_30-Tjanster_Kopiering.xml': { rules: [R049], why: [WHY.swedishOrgNo] },
  'peppol-bis3-se/BIS_Billing_30-Valutor_i_faktura.xml': { rules: [R049, SE13], why: [WHY.swedishOrgNo, WHY.swedishSeller] },
};

const INVOICES = join(FIXTURES, 'invoices');
const files = readdirSync(INVOICES)
  .flatMap((d) => readdirSync(join(INVOICES, d)).map((f) => `${d}/${f}`))
  .sort();

let validator: Validator;
const reports = new Map<string, Promise<ValidationReport>>();

beforeAll(async () => {
  await ensureRules();
  validator = new Validator({ workers: 2 });
  for (const f of files) reports.set(f, validator.validate(join(INVOICES, f)));
}, 600_000);

afterAll(async () => {
  await validator?.close();
});

describe('the real invoices of ../shared/fixtures/invoices', () => {
  it('are all UBL, CII or Finvoice, and run the rule sets their syntax and customization id call for', { timeout: 600_000 }, async () => {
    expect(files.length).toBe(71);
    for (const f of files) {
      const r = await (reports.get(f) as Promise<ValidationReport>);
      const ids = r.rulesets.map((s) => s.id);
      if (f.startsWith('finvoice3/')) expect([r.syntax, ids], f).toEqual(['finvoice', ['FINVOICE-STRUCTURE']]);
      else if (f.startsWith('en16931-cii/')) expect([r.syntax, ids], f).toEqual(['cii', ['EN16931-CII']]);
      else {
        expect(['ubl-invoice', 'ubl-credit-note'], f).toContain(r.syntax);
        const peppol = r.customizationId?.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
        expect(ids, f).toEqual(peppol ? ['EN16931-UBL', 'PEPPOL-BIS3-UBL'] : ['EN16931-UBL']);
      }
    }
  });

  for (const f of files) {
    const flagged = FLAGGED[f];
    const title = flagged ? `${f} is flagged by ${flagged.rules.join(', ')}: ${flagged.why.join('; ')}` : `${f} is valid`;
    it(title, { timeout: 600_000 }, async () => {
      const r = await (reports.get(f) as Promise<ValidationReport>);
      const fatal = r.issues.filter((i) => i.flag === 'fatal');
      expect([...new Set(fatal.map((i) => i.id))].sort(), f).toEqual([...(flagged?.rules ?? [])].sort());
      expect(r.valid).toBe(!flagged);
      expect(r.status).toBe(flagged ? 'invalid' : 'valid');
      // EN 16931 itself passes every sample.
      expect(r.issues.filter((i) => i.flag === 'fatal' && i.ruleset.startsWith('EN16931'))).toEqual([]);
      for (const i of fatal) {
        expect(i.line, `${i.id} has a line`).toBeGreaterThan(0);
        expect(i.location).toMatch(/^\/(Invoice|CreditNote)(\/|$)/);
        expect(i.text.length).toBeGreaterThan(10);
      }
    });
  }
});
