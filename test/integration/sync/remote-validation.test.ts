import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { REMOTE_RULES_KEY } from '../../../main/core/sync/remote-validation';
import { closeDefaultValidator } from '../../../main/core/validate';
import type { FaultRule } from '../../../sandbox/faults';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { ensureRules } from '../../support/validation';

/**
 * Remote validation (issue 11): an account may ask the service's validator host too. Whatever that
 * host does (fails, resets, answers garbage), a hot-folder file is sent exactly once or held back by
 * the rules, never lost; the remote report is stored by hash like the local one.
 */
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
beforeAll(async () => {
  await ensureRules();
  sb = await startTestSandbox();
}, 240_000);
afterAll(async () => sb.close());
beforeEach(async () => {
  company = await sb.company();
  t = await startTestEngine(sb, company);
  return async () => {
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await t.close();
  };
});

const outbox = () => join(t.root, 'Outbox', 'Invoices');
const uploads = async () => (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as { filename: string }[];
const faults = (rules: Partial<FaultRule>[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });
const faultList = async () => (await (await sb.call('/__sandbox/faults')).json()) as FaultRule[];
const finvoice = () => readFile(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml'));
/** Uploads fail once, then lose their answer once: the file must still reach the service exactly once. */
const UPLOAD_FAULTS: Partial<FaultRule>[] = [
  { action: 'error', status: 503, method: 'POST', path: '^/v1/invoices$', times: 1 },
  { action: 'drop_response', method: 'POST', path: '^/v1/invoices$', times: 1 },
];
const activity = (kind: string) => t.engine.store.activity.listLatest(100, t.account.id).filter((a) => a.kind === kind);

/** Passes until nothing of the account is left in the Outbox's queue. */
async function syncUntilSettled(): Promise<void> {
  await vi.waitFor(
    async () => {
      await t.engine.syncOnce();
      expect(t.engine.store.outbox.listByStates(t.account.id, ['queued', 'uploading', 'moving'])).toEqual([]);
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('remote validation of hot-folder files', () => {
  it('off (the default): the validator host is never asked', async () => {
    expect(t.account.remoteValidation).toBe('off');
    await writeFile(join(outbox(), 'fv.xml'), await finvoice());
    await faults([{ action: 'error', status: 500, path: '^/v1/validate$' }]);
    await syncUntilSettled();
    expect((await uploads()).map((u) => u.filename)).toEqual(['fv.xml']);
    expect((await faultList())[0]?.hits).toBe(0);
  });

  it('for a format the local rules do not cover, survives errors and resets of the host and stores its report', async () => {
    await t.engine.updateAccount(t.account.id, { remoteValidation: 'uncovered' });
    await faults([
      { action: 'error', status: 503, path: '^/v1/validate$', times: 1 },
      { action: 'reset', path: '^/v1/validate$', times: 1 },
      ...UPLOAD_FAULTS,
    ]);
    await writeFile(join(outbox(), 'fv.xml'), await finvoice());
    await writeFile(join(outbox(), 'peppol.xml'), await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml')));
    await syncUntilSettled();
    expect((await uploads()).map((u) => u.filename).sort()).toEqual(['fv.xml', 'peppol.xml']);
    const hits = (await faultList()).map((f) => f.hits);
    expect(hits).toEqual([1, 1, 1, 1]);
    const [fv] = t.engine.store.outbox.listByStates(t.account.id, ['done']).filter((j) => j.filename === 'fv.xml');
    const remote = t.engine.store.validationReports.get(fv?.sha256 ?? '', REMOTE_RULES_KEY);
    expect(remote).toMatchObject({ source: 'service', syntax: 'finvoice', status: 'valid' });
    expect(remote?.rulesets.map((r) => r.id)).toEqual(['FINVOICE-STRUCTURE']);
    // The Peppol invoice is covered by the local rules: the host was not asked about it.
    const [peppol] = t.engine.store.outbox.listByStates(t.account.id, ['done']).filter((j) => j.filename === 'peppol.xml');
    expect(t.engine.store.validationReports.get(peppol?.sha256 ?? '', REMOTE_RULES_KEY)).toBeNull();
    expect(activity('validation.remote')).toHaveLength(1);
  }, 60_000);

  it.each([
    ['always answering 503', { action: 'error', status: 503, path: '^/v1/validate$' }],
    ['resetting every connection', { action: 'reset', path: '^/v1/validate$' }],
    ['answering garbage', { action: 'garbage', path: '^/v1/validate$' }],
  ] as [string, Partial<FaultRule>][])(
    'a host %s neither blocks nor loses the file: sent once, the log says the check was not made',
    async (_, fault) => {
      await t.engine.updateAccount(t.account.id, { remoteValidation: 'always' });
      await faults([fault, ...UPLOAD_FAULTS]);
      await writeFile(join(outbox(), 'fv.xml'), await finvoice());
      await syncUntilSettled();
      expect((await uploads()).map((u) => u.filename)).toEqual(['fv.xml']);
      expect(await readdir(join(t.root, 'Sent'))).toContain('fv.xml');
      const [row] = t.engine.store.outbox.listByStates(t.account.id, ['done']);
      expect(t.engine.store.validationReports.get(row?.sha256 ?? '', REMOTE_RULES_KEY)).toBeNull();
      const [told] = activity('validation.remote_unavailable');
      expect(told?.level).toBe('warn');
      expect(told?.message).toMatch(/fv\.xml: the check by the service's validator could not be made \(.+\); the local check decides/);
      if (fault.action === 'garbage') expect(told?.message).toMatch(/not a validation report/);
    },
    60_000,
  );

  it('a host that is down is left alone for a while: the next files are not held up by it, and each is sent once', async () => {
    await t.engine.updateAccount(t.account.id, { remoteValidation: 'uncovered' });
    await faults([{ action: 'error', status: 503, path: '^/v1/validate$' }, ...UPLOAD_FAULTS]);
    const fv = (await finvoice()).toString('utf8');
    for (const n of [1, 2, 3]) await writeFile(join(outbox(), `fv-${n}.xml`), `${fv}<!-- copy ${n} -->\n`);
    await syncUntilSettled();
    expect((await uploads()).map((u) => u.filename).sort()).toEqual(['fv-1.xml', 'fv-2.xml', 'fv-3.xml']);
    // One file's call and its retries (3 in tests), then nothing more until the pause is over.
    expect((await faultList())[0]?.hits).toBe(4);
    const told = activity('validation.remote_unavailable').map((a) => a.message);
    expect(told).toHaveLength(3);
    expect(told.filter((m) => /could not be reached a moment ago; it is asked again from \d{4}-/.test(m))).toHaveLength(2);
  }, 60_000);

  it('a company without the validate scope: the file is sent, and the log says why the remote check was not made', async () => {
    const limited = await sb.company({ allowed_scopes: ['eui', 'global', 'company'] });
    const other = await startTestEngine(sb, limited);
    try {
      await other.engine.updateAccount(other.account.id, { remoteValidation: 'always' });
      await writeFile(join(other.root, 'Outbox', 'Invoices', 'fv.xml'), await finvoice());
      await other.engine.syncOnce();
      const sent = (await (await sb.call(`/__sandbox/companies/${limited.company_id}/uploads`)).json()) as { filename: string }[];
      expect(sent.map((u) => u.filename)).toEqual(['fv.xml']);
      const told = other.engine.store.activity.listLatest(50, other.account.id).find((a) => a.kind === 'validation.remote_unavailable');
      expect(told?.message).toMatch(
        /could not be made \(This company's keys do not give access to the service's validator \(scope validate\)\)/,
      );
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('when only the service can judge the file', () => {
  // The local rules are missing (a checkout where build:rules never ran): every file is "uncovered", so the
  // validator host's report alone can hold a file back. Its own rules were loaded before, in the sandbox.
  let empty: string;
  beforeAll(async () => {
    const warm = new FormData();
    warm.append('file', new Blob([await finvoice()]), 'warm.xml');
    const token = await sb.token(await sb.company(), 'validate');
    expect((await sb.call('/v1/validate', { method: 'POST', body: warm, token })).status).toBe(200);
    empty = await mkdtemp(join(tmpdir(), 'no-rules-'));
    await closeDefaultValidator();
    process.env.EINVOICE_RULES_DIR = empty;
  }, 120_000);
  afterAll(async () => {
    delete process.env.EINVOICE_RULES_DIR;
    await closeDefaultValidator();
    await rm(empty, { recursive: true, force: true });
  });

  it('block: a file the service says breaks fatal rules goes to Failed/ with its rules, nothing uploaded, its report stored', async () => {
    await t.engine.updateAccount(t.account.id, { remoteValidation: 'uncovered' });
    await faults([{ action: 'error', status: 502, path: '^/v1/validate$', times: 1 }, ...UPLOAD_FAULTS]);
    const broken = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace(
      /<cbc:PayableAmount currencyID="EUR">[^<]*<\/cbc:PayableAmount>/,
      '<cbc:PayableAmount currencyID="EUR">999999.99</cbc:PayableAmount>',
    );
    await writeFile(join(outbox(), 'wrong-sum.xml'), broken);
    await writeFile(join(outbox(), 'good.xml'), await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml')));
    await syncUntilSettled();
    expect((await uploads()).map((u) => u.filename)).toEqual(['good.xml']);
    expect(await readdir(join(t.root, 'Failed'))).toEqual(expect.arrayContaining(['wrong-sum.xml', 'wrong-sum.xml.error.txt']));
    const note = await readFile(join(t.root, 'Failed', 'wrong-sum.xml.error.txt'), 'utf8');
    expect(note).toMatch(/The service's validator says: It breaks \d+ of the official rules/);
    expect(note).toMatch(/BR-CO-\d+ at \/Invoice/);
    const [row] = t.engine.store.outbox.listByStates(t.account.id, ['failed']);
    expect(t.engine.store.validationReports.get(row?.sha256 ?? '', REMOTE_RULES_KEY)).toMatchObject({
      source: 'service',
      status: 'invalid',
    });
    expect(activity('validation.unavailable').length).toBeGreaterThan(0);
  }, 60_000);

  it('warn: the same file is sent once, and the service report kept', async () => {
    await t.engine.updateAccount(t.account.id, { remoteValidation: 'uncovered' });
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'warn' });
    await faults(UPLOAD_FAULTS);
    const broken = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace(
      /<cbc:PayableAmount currencyID="EUR">[^<]*<\/cbc:PayableAmount>/,
      '<cbc:PayableAmount currencyID="EUR">999999.99</cbc:PayableAmount>',
    );
    await writeFile(join(outbox(), 'warned.xml'), broken);
    await syncUntilSettled();
    expect((await uploads()).map((u) => u.filename)).toEqual(['warned.xml']);
    const [row] = t.engine.store.outbox.listByStates(t.account.id, ['done']);
    expect(t.engine.store.validationReports.get(row?.sha256 ?? '', REMOTE_RULES_KEY)?.fatalCount).toBeGreaterThan(0);
  }, 60_000);
});
