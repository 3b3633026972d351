import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { FIXTURES } from '../../support/engine';
import { fileTempDir } from '../../support/temp';
import { ensureRules } from '../../support/validation';

// npm run cli -- validate FILE... [--json]: exit 0 when every file is valid, 1 when one breaks a rule,
// 2 when one could not be read.

const dir = fileTempDir('einvoice-cli-validate-');
const VALID = join(FIXTURES, 'invoices/peppol-bis3/base-example.xml');
const BROKEN = join(dir, 'broken.xml');
const MISSING = join(dir, 'missing.xml');

const cli = (args: string[]) => runCli(['validate', ...args]);

beforeAll(async () => {
  await ensureRules();
  writeFileSync(
    BROKEN,
    readFileSync(VALID, 'utf8').replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1'),
  );
}, 600_000);

describe('einvoice-sync validate', () => {
  it('exits 0 for valid files and says so', { timeout: 120_000 }, async () => {
    const r = await cli([VALID, join(FIXTURES, 'invoices/en16931-cii/CII_example1.xml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${VALID}: valid (UBL 2.1 Invoice; EN 16931 business rules (UBL), then Peppol BIS Billing 3.0 rules (UBL)`);
    expect(r.stdout).toContain('CII_example1.xml: valid (UN/CEFACT CII; EN 16931 business rules (CII)');
  });

  it('exits 1 when a file breaks a rule, and --json prints one object per file in the order given', { timeout: 120_000 }, async () => {
    const r = await cli([BROKEN, VALID, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as unknown[];
    expect(out).toEqual([
      {
        file: BROKEN,
        status: 'invalid',
        syntax: 'ubl-invoice',
        rulesets: ['EN16931-UBL', 'PEPPOL-BIS3-UBL'],
        // Every report names the packs it was checked against (issue 41).
        checkedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        packs: [
          expect.objectContaining({ name: 'EN 16931 business rules', version: 'validation-1.3.16', role: 'in-force' }),
          expect.objectContaining({ name: 'Peppol BIS Billing 3.0', version: '3.0.19', role: 'in-force' }),
        ],
        valid: false,
        errors: [
          {
            id: 'BR-CO-16',
            flag: 'fatal',
            location: '/Invoice/cac:LegalMonetaryTotal',
            line: expect.any(Number),
            text: expect.stringContaining('Amount due for payment (BT-115)'),
          },
        ],
      },
      {
        file: VALID,
        status: 'valid',
        syntax: 'ubl-invoice',
        rulesets: ['EN16931-UBL', 'PEPPOL-BIS3-UBL'],
        checkedOn: expect.any(String),
        packs: expect.any(Array),
        valid: true,
        errors: [],
      },
    ]);
  });

  it('exits 2 when a file cannot be read, and explains in the language asked for', { timeout: 120_000 }, async () => {
    const r = await cli([BROKEN, MISSING, '--lang', 'fi']);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`${BROKEN}: NOT VALID`);
    expect(r.stdout).toMatch(/error {3}BR-CO-16 at line \d+: \/Invoice\/cac:LegalMonetaryTotal/);
    expect(r.stdout).toContain('Maksettavan summan täytyy olla verollinen kokonaissumma');
    expect(r.stdout).toContain(`${MISSING}: could not be read. The file could not be opened: there is no such file.`);
  });

  it('refuses an unknown language or profile', { timeout: 60_000 }, async () => {
    const r = await cli([VALID, '--lang', 'de']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--lang must be one of en, fi, sv, nb');
  });
});
