import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountArgs, runCli } from '../../support/cli';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { fileTempDir } from '../../support/temp';
import { ensureRules } from '../../support/validation';

// npm run cli -- validate FILE... --remote [--account NAME]: the service's validator host answers, with
// the local command's exit codes (0 valid, 1 a rule broken, 2 a file not read or the host not asked).

const data = fileTempDir('einvoice-cli-remote-');
const dir = fileTempDir('einvoice-cli-remote-files-');
const VALID = join(FIXTURES, 'invoices/peppol-bis3/base-example.xml');
const BROKEN = join(dir, 'broken.xml');
const NOT_XML = join(dir, 'notes.txt');
const ENV = { ...process.env, EINVOICE_SECRETS_STORE: 'file', EINVOICE_SECRETS_PASSPHRASE: 'cli remote validation test' };
let sb: TestSandbox;

const cli = (args: string[], env: NodeJS.ProcessEnv = ENV) => runCli(['--data', data, '--log-level', 'error', ...args], env);

async function addAccount(name: string, allowed?: string[]): Promise<void> {
  const c = await sb.company(allowed ? { allowed_scopes: allowed } : {});
  const root = fileTempDir(`einvoice-cli-remote-${name}-`);
  const args = addAccountArgs(name, sb.url, c.company_id, root);
  const r = await cli(args, { ...ENV, EINVOICE_API_KEY: c.api_key });
  expect(r.code, r.stderr).toBe(0);
}

beforeAll(async () => {
  await ensureRules();
  sb = await startTestSandbox();
  writeFileSync(
    BROKEN,
    readFileSync(VALID, 'utf8').replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1'),
  );
  writeFileSync(NOT_XML, 'an invoice, honest');
  await addAccount('Full');
  await addAccount('NoValidate', ['eui', 'global', 'company']);
}, 300_000);
afterAll(async () => sb?.close());

describe('einvoice-sync validate --remote', () => {
  it('exits 0 for a valid file and says the service validated it', { timeout: 120_000 }, async () => {
    const r = await cli(['validate', VALID, '--remote', '--account', 'Full']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/base-example\.xml: valid \(UBL 2\.1 Invoice; .*Peppol BIS Billing 3\.0.*\), says the service's validator/);
  });

  it("exits 1 when the service finds a rule broken; --json marks the answer as the service's", { timeout: 120_000 }, async () => {
    const r = await cli(['validate', BROKEN, VALID, '--remote', '--account', 'Full', '--json']);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { file: string; valid: boolean; source: string; errors: { id: string; flag: string }[] }[];
    expect(out.map((o) => [o.file, o.valid, o.source])).toEqual([
      [BROKEN, false, 'service'],
      [VALID, true, 'service'],
    ]);
    expect(out[0]?.errors.some((e) => /^BR-CO-\d+$/.test(e.id) && e.flag === 'fatal')).toBe(true);
  });

  it('exits 2 for a file that is not XML (the service says why) and one that is not there (never sent)', { timeout: 120_000 }, async () => {
    const r = await cli(['validate', NOT_XML, join(dir, 'missing.xml'), '--remote', '--account', 'Full']);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/notes\.txt: could not be read\. .*XML/i);
    expect(r.stdout).toContain('missing.xml: could not be read. There is no such file.');
  });

  it('exits 2 and says so in plain words when the validator host is down or answers garbage', { timeout: 120_000 }, async () => {
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 503, path: '^/v1/validate$' }] });
    const down = await cli(['validate', VALID, '--remote', '--account', 'Full']);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(
      /The service's validator could not be asked about .*base-example\.xml: The service is having trouble \(HTTP 503\)/,
    );
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'garbage', path: '^/v1/validate$' }] });
    const garbage = await cli(['validate', VALID, '--remote', '--account', 'Full']);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toMatch(/not a validation report/);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
  });

  it('exits 2 for an account whose company may not use the validator, and refuses --account without --remote', {
    timeout: 120_000,
  }, async () => {
    const r = await cli(['validate', VALID, '--remote', '--account', 'NoValidate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/could not be asked about .*: This company's keys do not give access to the service's validator/);
    const local = await cli(['validate', VALID, '--account', 'Full']);
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/--account goes with --remote/);
  });
});
