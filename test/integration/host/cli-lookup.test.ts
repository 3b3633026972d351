import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fileTempDir } from '../../support/temp';

// `npm run cli -- lookup receivers|endpoints` as a user runs it, against the sandbox.

const CLI = new URL('../../../main/core/cli/bin.ts', import.meta.url).pathname;
let sb: TestSandbox;
let company: TestCompany;
const data = fileTempDir('einvoice-cli-lookup-');
const root = fileTempDir('einvoice-cli-lookup-root-');

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data', data, '--log-level', 'error', ...args], {
      env: { ...process.env, EINVOICE_API_KEY: company.api_key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company({ name: 'Lookup Oy' });
  const add = await cli([
    'accounts',
    'add',
    '--name',
    'Lookup',
    '--environment',
    'sandbox',
    '--url',
    sb.url,
    '--company-id',
    company.company_id,
    '--root',
    root,
  ]);
  expect(add.code, add.err).toBe(0);
}, 60_000);
afterAll(async () => sb?.close());

describe('npm run cli -- lookup', () => {
  it('receivers by business id print address, network, operator, name and document types; --json the service answer', {
    timeout: 60_000,
  }, async () => {
    const r = await cli(['lookup', 'receivers', '--bid', '1234567-8']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^0216:003712345678\t\w+\t.*\t1234567-8\tFI\t.*INVOICE/m);
    const j = await cli(['lookup', 'receivers', '--eia', '0216:003712345678', '--network', 'peppol', '--network', 'EXTERNAL', '--json']);
    expect(j.code, j.err).toBe(0);
    expect((JSON.parse(j.out) as { eia: string }[]).map((x) => x.eia)).toContain('0216:003712345678');
    const none = await cli(['lookup', 'receivers']);
    expect(none.code).not.toBe(0);
    expect(none.err).toMatch(/--name, --bid or --eia/);
  });

  it('endpoints of business ids; more than 10 refused before anything is sent', { timeout: 60_000 }, async () => {
    const r = await cli(['lookup', 'endpoints', '1234567-8', '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual([expect.objectContaining({ business_id: '1234567-8', eia: expect.any(String) })]);
    const eleven = Array.from({ length: 11 }, (_, i) => `900000${i}-1`);
    const many = await cli(['lookup', 'endpoints', ...eleven]);
    expect(many.code).not.toBe(0);
    expect(many.err).toMatch(/at most 10 business ids/);
  });

  it('options: the consumer fields are options of Outbox/Invoices, checked like the Settings page checks them', {
    timeout: 60_000,
  }, async () => {
    const bad = await cli(['options', '--account', 'Lookup', '--folder', 'Outbox/Invoices', 'recipient_phone_number=0401234567']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/recipient_phone_number: international format/);
    const ok = await cli([
      'options',
      '--account',
      'Lookup',
      '--folder',
      'Outbox/Invoices',
      'recipient_type=consumer',
      'recipient_phone_number=+4791234567',
      'route_order=efaktura,print',
    ]);
    expect(ok.code, ok.err).toBe(0);
    expect(JSON.parse(ok.out)).toEqual({
      recipient_type: 'consumer',
      recipient_phone_number: '+4791234567',
      route_order: ['efaktura', 'print'],
    });
  });
});
