import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { fileTempDir } from '../../support/temp';

// npm run cli -- users list|add|remove and webhooks list|add|remove|resend, against the embedded
// sandbox's demo company (its keys stay beside the sandbox, so no keychain or passphrase is needed).

const data = fileTempDir('einvoice-cli-company-');

const cli = (...args: string[]) => runCli(['--data', data, '--log-level', 'error', ...args]);

beforeAll(async () => {
  const demo = await cli('demo');
  expect(demo.code, demo.stderr).toBe(0);
}, 120_000);

describe('npm run cli -- users', () => {
  it('adds (new, then existing), lists, refuses a bad phone at its field, removes by e-mail', { timeout: 90_000 }, async () => {
    const added = await cli('users', 'add', '--email', 'anna@example.com', '--first-name', 'Anna', '--no-invoice-emails');
    expect(added.stdout).toMatch(/^Created user Anna <anna@example.com>/);
    const again = await cli('users', 'add', '--email', 'anna@example.com', '--first-name', 'Anna');
    expect(again.stdout).toMatch(/already had a user at the service; added to this company/);
    const bad = await cli('users', 'add', '--email', 'b@example.com', '--first-name', 'B', '--phone', 'call me');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/phone: must be a phone number/);
    const list = await cli('users', 'list');
    expect(list.stdout).toMatch(/anna@example.com\tAnna\t-\tadmin\tno invoice e-mails/);
    const json = JSON.parse((await cli('users', 'list', '--json')).stdout) as { email: string }[];
    expect(json.map((u) => u.email)).toContain('anna@example.com');
    expect((await cli('users', 'remove', 'ANNA@example.com')).stdout).toBe('Removed Anna <anna@example.com> from the company\n');
    expect((await cli('users', 'list')).stdout).not.toContain('anna@example.com');
    const unknown = await cli('users', 'remove', 'nobody@example.com');
    expect(unknown.code).toBe(2);
  });
});

describe('npm run cli -- webhooks', () => {
  it('adds with the address masked, refuses http and unknown events, lists, resends, removes', { timeout: 90_000 }, async () => {
    const url = 'https://erp:hunter2@hooks.example.com/in?token=s3cr3t';
    const added = await cli('webhooks', 'add', url, '--events', 'DOCUMENTS.INVOICE.RECEIVED,NETWORKS.*', '--json');
    expect(added.code, added.stderr).toBe(0);
    const view = JSON.parse(added.stdout) as { id: string; destination: string };
    expect(view.destination).toBe('https://erp:•••@hooks.example.com/in?token=•••');
    expect(added.stdout + added.stderr).not.toMatch(/hunter2|s3cr3t/);
    expect((await cli('webhooks', 'add', 'http://hooks.example.com/in', '--events', '*')).code).toBe(2);
    const badEvent = await cli('webhooks', 'add', 'https://hooks.example.com/in', '--events', 'INVOICES.NEW');
    expect(badEvent.code).toBe(2);
    expect(badEvent.stderr).toMatch(/INVOICES\.NEW/);
    const list = await cli('webhooks', 'list');
    expect(list.stdout).toContain(
      `${view.id}\tWEBHOOK\thttps://erp:•••@hooks.example.com/in?token=•••\tDOCUMENTS.INVOICE.RECEIVED,NETWORKS.*`,
    );
    expect(list.stdout).not.toMatch(/hunter2|s3cr3t/);
    expect((await cli('webhooks', 'resend')).stdout).toMatch(/deliver the unacknowledged events again/);
    expect((await cli('webhooks', 'remove', view.id)).stdout).toBe(`Removed webhook subscription ${view.id}\n`);
    expect((await cli('webhooks', 'list')).stdout).not.toContain(view.id);
  });
});
