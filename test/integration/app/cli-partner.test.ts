import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountArgs, runCli } from '../../support/cli';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';

// The partner's commands as a user types them: a takeover is not started without a yes, says what
// moves, and starts and completes with --yes; sending parties are looked up and registered.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('npm run cli -- partner takeover, lookup sending-parties', () => {
  it('takes over a company only when told yes, and registers and finds a sending party', async () => {
    const office = await sb.company({ name: 'Toimisto Oy' });
    const target = await sb.company({ name: 'Kohde Oy', business_id: '9191919-1' });
    const data = keptTempDir('einvoice-cli-partner-data-');
    const env = { ...process.env, EINVOICE_API_KEY: office.api_key, EINVOICE_VENDOR_API_KEY: office.vendor_api_key };
    const cli = (...args: string[]) => runCli(['--data', data, '--log-level', 'error', ...args], env);
    expect((await cli(...addAccountArgs('Toimisto', sb.url, office.company_id, keptTempDir('einvoice-cli-partner-root-')))).code).toBe(0);

    const found = await cli('partner', 'takeover', 'find', '9191919-1');
    expect(found.stdout).toContain(target.company_id);
    // No terminal to ask on and no --yes: nothing is started, and the words say what would move.
    const refused = await cli('partner', 'takeover', 'start', target.company_id);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Nothing moves yet');
    expect((await cli('partner', 'takeover', 'find', '9191919-1')).stdout).toContain(target.company_id);
    const started = await cli('partner', 'takeover', 'start', target.company_id, '--yes', '--json');
    expect(started.code).toBe(0);
    const { id } = JSON.parse(started.stdout) as { id: string };
    // The service lists no takeovers: the app's own list is where the id is found again.
    expect((await cli('partner', 'takeover', 'list')).stdout).toMatch(new RegExp(`^${id}\tSTARTED\t${target.company_id}\t`));
    const done = await cli('partner', 'takeover', 'complete', id, '--yes');
    expect(done.stderr).toContain("moves the company's service relationship to your partner account");
    expect(done.stdout).toContain('completed');
    expect((await cli('partner', 'takeover', 'list')).stdout).toMatch(new RegExp(`^${id}\tCOMPLETED\t${target.company_id}\t`));

    expect((await cli('lookup', 'register-sending-party', '1234567-8', '--country', 'FI')).code).toBe(0);
    expect((await cli('lookup', 'sending-parties', '1234567-8', '7654321-0')).stdout).toBe(
      '1234567-8\tregistered\n7654321-0\tnot registered\n',
    );
    const tooMany = await cli('lookup', 'sending-parties', ...Array.from({ length: 11 }, (_, i) => `12345${i}`));
    expect(tooMany.code).toBe(2);
  });
});
