import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRulePack, PACK_SOURCES } from '../../../scripts/make-rule-pack';
import { runCli } from '../../support/cli';
import { FIXTURES } from '../../support/engine';
import { fileTempDir } from '../../support/temp';
import { ensureRules } from '../../support/validation';

// Issue 41 through the command line: Peppol 3.0.18 installed as a signed pack beside the shipped 3.0.19,
// files checked as if sent on either side of 2025-08-25, when 3.0.19 becomes mandatory. Two rules that
// changed between them (vendor/validation/peppol-3.0.18/release-notes-3.0.19.adoc): PEPPOL-EN16931-R051
// checks the currency of every VAT breakdown's amount from 3.0.19 on (BT-117, "missing currencyID
// check"), and PEPPOL-COMMON-R042 takes a Danish CVR number of 8 digits without the DK prefix.

const dir = fileTempDir('einvoice-rule-packs-cli-');
const DATA = join(dir, 'data');
const PACK = join(dir, 'peppol-bis3-3.0.18.rulepack');
const ALTERED = join(dir, 'altered.rulepack');
const BASE = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
const SUBTOTAL_TAX = '<cbc:TaxAmount currencyID="EUR">331.25</cbc:TaxAmount>\n            <cac:TaxCategory>';
/** A VAT breakdown's amount in SEK on a EUR invoice: 3.0.18 does not look, 3.0.19 refuses it. */
const R051 = join(dir, 'subtotal-in-sek.xml');
/** The seller's address a CVR number of 8 digits: 3.0.18 asks for "DK" before them, 3.0.19 no longer. */
const R042 = join(dir, 'cvr-8-digits.xml');

const cli = (args: string[]) => runCli(['--data', DATA, ...args]);

beforeAll(async () => {
  await ensureRules();
  expect(BASE.split(SUBTOTAL_TAX)).toHaveLength(2);
  writeFileSync(R051, BASE.replace(SUBTOTAL_TAX, SUBTOTAL_TAX.replace('EUR', 'SEK')));
  writeFileSync(
    R042,
    BASE.replace(
      '<cbc:EndpointID schemeID="0088">9482348239847239874</cbc:EndpointID>',
      '<cbc:EndpointID schemeID="0184">12345678</cbc:EndpointID>',
    ),
  );
  // The UBL set only: it is all these files need, and half the compile (cached outside the checkout after the first).
  const pack = await makeRulePack(PACK_SOURCES['peppol-3.0.18'] as (typeof PACK_SOURCES)[string], { only: ['PEPPOL-BIS3-UBL'] });
  writeFileSync(PACK, pack);
  const e = unzipSync(pack);
  e['PEPPOL-BIS3-UBL.sef.json'] = strToU8(`${Buffer.from(e['PEPPOL-BIS3-UBL.sef.json'] as Uint8Array).toString('utf8')} `);
  writeFileSync(ALTERED, zipSync(e));
}, 600_000);

describe('rule packs from the command line', () => {
  it('refuses an altered pack and installs the signed one', { timeout: 60_000 }, async () => {
    const bad = await cli(['rules', 'install', ALTERED]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${ALTERED} was not installed. The rule pack was changed after it was signed (PEPPOL-BIS3-UBL.sef.json`);
    const ok = await cli(['rules', 'install', PACK]);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toBe('Installed: Peppol BIS Billing 3.0 3.0.18, mandatory from 2025-02-17.\n');
    expect(ok.code).toBe(0);
  });

  it('before 2025-08-25 checks against 3.0.18 and 3.0.19, and says what breaks or passes from that day', { timeout: 60_000 }, async () => {
    const r = await cli(['validate', R051, R042, '--json', '--date', '2025-08-01']);
    expect(r.stderr).toBe('');
    const [sek, cvr] = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(sek).toMatchObject({
      valid: true,
      checkedOn: '2025-08-01',
      packs: [
        { name: 'EN 16931 business rules', version: 'validation-1.3.16', role: 'in-force' },
        { name: 'Peppol BIS Billing 3.0', version: '3.0.18', published: '2024-11', mandatoryFrom: '2025-02-17', role: 'in-force' },
        { name: 'Peppol BIS Billing 3.0', version: '3.0.19', published: '2025-05-21', mandatoryFrom: '2025-08-25', role: 'next' },
      ],
      upcoming: [
        {
          from: '2025-08-25',
          pack: 'Peppol BIS Billing 3.0 3.0.19',
          breaks: [{ id: 'PEPPOL-EN16931-R051', location: '/Invoice/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount' }],
          validThen: false,
        },
      ],
    });
    expect(cvr).toMatchObject({
      valid: false,
      errors: [{ id: 'PEPPOL-COMMON-R042' }],
      upcoming: [{ from: '2025-08-25', breaks: [], fixes: ['PEPPOL-COMMON-R042'], validThen: true }],
    });
    expect(r.code).toBe(1);
  });

  it('from 2025-08-25 checks against 3.0.19 alone, and says so', { timeout: 60_000 }, async () => {
    const r = await cli(['validate', R051, R042, '--date', '2025-09-01']);
    expect(r.stdout).toContain(`${R051}: NOT VALID`);
    expect(r.stdout).toContain('error   PEPPOL-EN16931-R051 at line 129');
    expect(r.stdout).toContain(`${R042}: valid`);
    expect(r.stdout).toContain(
      '  checked against: EN 16931 business rules validation-1.3.16, Peppol BIS Billing 3.0 3.0.19, in force on 2025-09-01\n',
    );
    expect(r.stdout).not.toContain('3.0.18');
    expect(r.code).toBe(1);
  });
});
