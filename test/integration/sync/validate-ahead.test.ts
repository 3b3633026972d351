import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/core/log';
import { WRITER } from '../../../main/core/store/writer';
import type { SyncContext } from '../../../main/core/sync/context';
import { EngineEvents } from '../../../main/core/sync/events';
import { sha256 } from '../../../main/core/sync/files';
import { LocalFaults } from '../../../main/core/sync/local-faults';
import { scanOutbox } from '../../../main/core/sync/scan';
import { MAX_AHEAD_BYTES, validateAhead } from '../../../main/core/sync/validate-ahead';
import { RULES_KEY } from '../../../main/core/sync/validate-outbound';
import { Validator } from '../../../main/core/validate';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

/** The account's local faults, for a context made by hand: validation ahead only clears the rules' one. */
const noFaults = new LocalFaults({ accountId: 'a', events: new EngineEvents(), record: () => undefined, log: silentLogger });

/**
 * Issue 11 item 6: a drop of invoices is validated ahead of intake on the validator's workers, so
 * validation does not stand in line file by file; intake finds each report stored by the hash of the
 * bytes it copied, so a file is validated once, and bytes that changed in between are validated again.
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
afterEach(() => {
  vi.restoreAllMocks();
});

const outbox = () => join(t.root, 'Outbox', 'Invoices');
const uploads = async () => (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as { filename: string }[];
const base = () => readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
const numbered = async (n: string) => (await base()).replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${n}</cbc:ID>`);
const brokenSums = async () =>
  (await base()).replace(
    /<cbc:PayableAmount currencyID="EUR">[^<]*<\/cbc:PayableAmount>/,
    '<cbc:PayableAmount currencyID="EUR">999999.99</cbc:PayableAmount>',
  );
const reportCount = () => t.engine[WRITER].db.prepare('SELECT count(*) FROM validation_reports').pluck().get();

/** Counts the validator's calls and the most that were waiting for an answer at once. */
function watchValidations() {
  const original = Validator.prototype.validate;
  const seen = { calls: 0, inFlight: 0, most: 0 };
  vi.spyOn(Validator.prototype, 'validate').mockImplementation(function (this: Validator, ...args) {
    seen.calls++;
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    return original.apply(this, args).finally(() => {
      seen.inFlight--;
    });
  });
  return seen;
}

describe('validation ahead of intake', () => {
  it('validates a drop several files at a time, once per content, and sends and holds back exactly as intake alone does', async () => {
    const seen = watchValidations();
    for (const n of ['A-1', 'A-2', 'A-3', 'A-4']) await writeFile(join(outbox(), `${n}.xml`), await numbered(n));
    await writeFile(join(outbox(), 'A-2-again.xml'), await numbered('A-2'));
    await writeFile(join(outbox(), 'wrong-sum.xml'), await brokenSums());
    await t.engine.syncOnce();

    // Six files, five contents: each content validated once, and more than one at a time.
    expect(seen.calls).toBe(5);
    expect(seen.most).toBeGreaterThanOrEqual(2);
    expect(reportCount()).toBe(5);
    const sent = (await uploads()).map((u) => u.filename);
    expect(sent).toHaveLength(4);
    expect(sent).toEqual(expect.arrayContaining(['A-1.xml', 'A-3.xml', 'A-4.xml']));
    expect(sent.filter((n) => n.startsWith('A-2'))).toHaveLength(1);
    expect(t.engine.store.outbox.listByStates(t.account.id, ['held_duplicate'])).toHaveLength(1);
    expect(await readdir(join(t.root, 'Failed'))).toEqual(expect.arrayContaining(['wrong-sum.xml', 'wrong-sum.xml.error.txt']));
  });

  it('leaves a file that changed after it was validated ahead to intake, which validates the bytes it sends', async () => {
    const file = join(outbox(), 'changed.xml');
    const good = await numbered('C-1');
    await writeFile(file, good);
    const ctx = {
      store: t.engine[WRITER],
      account: t.account,
      log: silentLogger,
      faults: noFaults,
      now: Date.now,
    } as unknown as SyncContext;
    const { files } = await scanOutbox(t.root);
    await validateAhead(ctx, files).before(0);
    expect(t.engine.store.validationReports.get(sha256(Buffer.from(good)), RULES_KEY)?.status).toBe('valid');

    const broken = await brokenSums();
    await writeFile(file, broken);
    await t.engine.syncOnce();
    expect(await uploads()).toEqual([]);
    expect(t.engine.store.validationReports.get(sha256(Buffer.from(broken)), RULES_KEY)?.status).toBe('invalid');
    expect(await readdir(join(t.root, 'Failed'))).toContain('changed.xml');
  });

  it('validates nothing ahead with validation off, nor zip files, nor files over the size it holds', async () => {
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'off' });
    const seen = watchValidations();
    await writeFile(join(outbox(), 'off.xml'), await numbered('O-1'));
    const ctx = {
      store: t.engine[WRITER],
      account: t.account,
      log: silentLogger,
      faults: noFaults,
      now: Date.now,
    } as unknown as SyncContext;
    await validateAhead(ctx, (await scanOutbox(t.root)).files).before(0);
    expect(seen.calls).toBe(0);

    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'block' });
    await writeFile(join(outbox(), 'off.xml'), Buffer.from('PK\x03\x04 not really a zip', 'latin1'));
    await validateAhead(ctx, (await scanOutbox(t.root)).files).before(0);
    expect(seen.calls).toBe(0);

    const padded = (await numbered('O-2')).replace('</cbc:Note>', `${' '.repeat(MAX_AHEAD_BYTES)}</cbc:Note>`);
    await writeFile(join(outbox(), 'off.xml'), padded);
    await validateAhead(ctx, (await scanOutbox(t.root)).files).before(0);
    expect(seen.calls).toBe(0);
    expect(reportCount()).toBe(0);
  });
});
