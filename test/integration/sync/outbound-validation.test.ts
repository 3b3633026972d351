import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { RULES_KEY } from '../../../main/core/sync/validate-outbound';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { zipBombs } from '../../support/zip-bombs';

/**
 * The hot folder checks each invoice against the official rules before it is queued (issue 11): with
 * the default `block`, a file that breaks a fatal rule goes to Failed/ with the rules in its note and
 * never reaches the service; with `warn` it is sent and the report kept; a file is validated once.
 */
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());
beforeEach(async () => {
  company = await sb.company();
  t = await startTestEngine(sb, company);
  return () => t.close();
});

const outbox = () => join(t.root, 'Outbox', 'Invoices');
const uploads = async () => (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as { filename: string }[];
/** A valid Peppol BIS 3 invoice whose payable amount no longer matches its lines (BR-CO-15 and friends). */
async function brokenSums(): Promise<string> {
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
  return xml.replace(
    /<cbc:PayableAmount currencyID="EUR">[^<]*<\/cbc:PayableAmount>/,
    '<cbc:PayableAmount currencyID="EUR">999999.99</cbc:PayableAmount>',
  );
}

describe('the official rules before an invoice leaves', () => {
  it('holds back an invoice that breaks a fatal rule: Failed/ with a note naming each rule, and nothing uploaded', async () => {
    await writeFile(join(outbox(), 'wrong-sum.xml'), await brokenSums());
    await writeFile(join(outbox(), 'good.xml'), await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml')));
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.filename)).toEqual(['good.xml']);
    expect(await readdir(join(t.root, 'Failed'))).toEqual(expect.arrayContaining(['wrong-sum.xml', 'wrong-sum.xml.error.txt']));
    const note = await readFile(join(t.root, 'Failed', 'wrong-sum.xml.error.txt'), 'utf8');
    expect(note).toMatch(/nothing of it left this computer/);
    expect(note).toMatch(/BR-CO-\d+ at \/Invoice/);
    const [row] = t.engine.store.outbox.listByStates(t.account.id, ['failed']);
    expect(row?.lastError).toMatch(/breaks \d+ of the official rules/);
    expect(t.engine.store.validationReports.get(row?.sha256 ?? '', RULES_KEY)?.status).toBe('invalid');
    // The note and the row's check name the rule packs that refused it (issue 41).
    expect(note).toMatch(
      /Checked against EN 16931 business rules validation-1\.3\.16, Peppol BIS Billing 3\.0 3\.0\.19, in force on \d{4}-\d{2}-\d{2}\./,
    );
    expect(row?.check?.rules).toBe(RULES_KEY);
    expect(
      t.engine.store.validationReports.get(row?.sha256 ?? '', row?.check?.rules ?? '')?.packs?.map((p) => `${p.name} ${p.version}`),
    ).toEqual(['EN 16931 business rules validation-1.3.16', 'Peppol BIS Billing 3.0 3.0.19']);
  });

  it('refuses a zip bomb unopened, even from a folder set to warn, in plain words (issue 39, item 2)', async () => {
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'warn' });
    const bomb = zipBombs().find((b) => b.what === '1 GB of zeros, declared 4 KB')?.zip as Buffer;
    await writeFile(join(outbox(), 'bomb.zip'), bomb);
    await t.engine.syncOnce();
    expect(await uploads()).toEqual([]);
    const note = await readFile(join(t.root, 'Failed', 'bomb.zip.error.txt'), 'utf8');
    expect(note).toMatch(/The zip was not opened: "invoice.xml" unpacks to more than the size it declares/);
  });

  it('sends it anyway with warn, keeping the report with its hash; a second scan does not validate again', async () => {
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'warn' });
    await writeFile(join(outbox(), 'warned.xml'), await brokenSums());
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.filename)).toEqual(['warned.xml']);
    const [row] = t.engine.store.outbox.listByStates(t.account.id, ['done']);
    const report = t.engine.store.validationReports.get(row?.sha256 ?? '', RULES_KEY);
    expect(report?.fatalCount).toBeGreaterThan(0);
    // The same bytes again: the stored report answers (its time stays that of the first run).
    const before = t.engine[WRITER].db.prepare('SELECT created_at FROM validation_reports').pluck().all();
    await writeFile(join(outbox(), 'warned-again.xml'), await brokenSums());
    await t.engine.syncOnce();
    expect(t.engine[WRITER].db.prepare('SELECT created_at FROM validation_reports').pluck().all()).toEqual(before);
  });

  it('takes the option as the Settings page and the command line set it, and refuses a mode it does not know at its field', async () => {
    t.engine.setFolderOptions(t.account.id, 'Outbox/Invoices', { validation: 'warn', lang: 'fi' });
    expect(t.engine.store.folderOptions.get(t.account.id, 'Outbox/Invoices')).toEqual({ validation: 'warn', lang: 'fi' });
    expect(() => t.engine.setFolderOptions(t.account.id, 'Outbox/Invoices', { validation: 'maybe' })).toThrow(
      expect.objectContaining({ fields: { validation: 'block, warn or off' } }),
    );
  });

  it('does not validate with off, nor trading documents by default', async () => {
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'off' });
    await writeFile(join(outbox(), 'unchecked.xml'), await brokenSums());
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.filename)).toEqual(['unchecked.xml']);
    expect(t.engine[WRITER].db.prepare('SELECT count(*) FROM validation_reports').pluck().get()).toBe(0);
  });
});
