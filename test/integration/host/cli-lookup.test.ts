import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountArgs, runCli } from '../../support/cli';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fileTempDir } from '../../support/temp';

// `npm run cli -- lookup receivers|endpoints` as a user runs it, against the sandbox.

let sb: TestSandbox;
let company: TestCompany;
const data = fileTempDir('einvoice-cli-lookup-');
const root = fileTempDir('einvoice-cli-lookup-root-');

const cli = (args: string[]) =>
  runCli(['--data', data, '--log-level', 'error', ...args], { ...process.env, EINVOICE_API_KEY: company.api_key });

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company({ name: 'Lookup Oy' });
  const add = await cli(addAccountArgs('Lookup', sb.url, company.company_id, root));
  expect(add.code, add.stderr).toBe(0);
}, 60_000);
afterAll(async () => sb?.close());

describe('npm run cli -- lookup', () => {
  it('receivers by business id print address, network, operator, name and document types; --json the service answer', {
    timeout: 60_000,
  }, async () => {
    const r = await cli(['lookup', 'receivers', '--bid', '1234567-8']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^0216:003712345678\t\w+\t.*\t1234567-8\tFI\t.*INVOICE/m);
    const j = await cli(['lookup', 'receivers', '--eia', '0216:003712345678', '--network', 'peppol', '--network', 'EXTERNAL', '--json']);
    expect(j.code, j.stderr).toBe(0);
    expect((JSON.parse(j.stdout) as { eia: string }[]).map((x) => x.eia)).toContain('0216:003712345678');
    const none = await cli(['lookup', 'receivers']);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/--name, --bid or --eia/);
  });

  it('endpoints of business ids; more than 10 refused before anything is sent', { timeout: 60_000 }, async () => {
    const r = await cli(['lookup', 'endpoints', '1234567-8', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ business_id: '1234567-8', eia: expect.any(String) })]);
    const eleven = Array.from({ length: 11 }, (_, i) => `900000${i}-1`);
    const many = await cli(['lookup', 'endpoints', ...eleven]);
    expect(many.code).not.toBe(0);
    expect(many.stderr).toMatch(/at most 10 business ids/);
  });

  it('options: the consumer fields are options of Outbox/Invoices, checked like the Settings page checks them', {
    timeout: 60_000,
  }, async () => {
    const bad = await cli(['options', '--account', 'Lookup', '--folder', 'Outbox/Invoices', 'recipient_phone_number=0401234567']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/recipient_phone_number: (must be in )?international format/);
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
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({
      recipient_type: 'consumer',
      recipient_phone_number: '+4791234567',
      route_order: ['efaktura', 'print'],
    });
  });
});
