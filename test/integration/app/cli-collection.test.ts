import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../main/core/api';
import { addAccountArgs, runCli } from '../../support/cli';
import { COLLECTORA_BODY, raiseEvent, uploadSentInvoice } from '../../support/receivables';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';

// The service's own collection view from the command line (issue 38, item 6): its assignment list and
// overview, a payment made directly to the company (asked first, amount and date checked), customers'
// service levels and the company's event feed (GET /v1/events).

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('npm run cli -- collection, events', () => {
  it('lists the service assignments, records a direct payment only when told yes, sets service levels, reads events', {
    timeout: 240_000,
  }, async () => {
    const c = await sb.company({ name: 'Perintä Oy' });
    // An assignment another program made: the app's own mirror knows nothing of it.
    const other = createApi({
      hosts: { base_url: sb.url, receivables_url: sb.url, validator_url: sb.url, bling_url: sb.url },
      credentials: { companyId: c.company_id, apiKey: c.api_key },
      retry: { initialDelayMs: 5, maxDelayMs: 50 },
    });
    await other.receivables.joinCollectora(COLLECTORA_BODY);
    const inv = await uploadSentInvoice(sb, await sb.token(c));
    await other.receivables.createAssignment(inv.id, { collection_type: 'reminder', payer_identifiers: ['1234567-8'] });
    await sb.advanceClock(61_000);
    const id = String((await other.receivables.invoiceAssignment(inv.id))?.assignment_id);
    await raiseEvent(sb, c.company_id, id, { event_type: 'reminder_sent' });
    await other.close();

    const data = keptTempDir('einvoice-cli-collection-data-');
    const env = { ...process.env, EINVOICE_API_KEY: c.api_key };
    const cli = (...args: string[]) => runCli(['--data', data, '--log-level', 'error', ...args], env);
    expect((await cli(...addAccountArgs('Perintä', sb.url, c.company_id, keptTempDir('einvoice-cli-collection-root-')))).code).toBe(0);

    const list = await cli('collection', 'assignments');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^1 assignment at the service: 1 open, 0 closed, 1 events not yet seen\n/);
    expect(list.stdout).toContain(`${id}\t${inv.number}\tok`);

    const events = await cli('events', '--unseen');
    expect(events.stdout).toMatch(new RegExp(`\\t${id}\\treminder_sent\\n$`));

    // Bad amounts and dates are refused before anything is asked of the service.
    const zero = await cli('collection', 'pay', id, '--amount', '0', '--date', '2026-01-15');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--amount must be an amount above zero');
    const badDate = await cli('collection', 'pay', id, '--amount', '10', '--date', '15.1.2026');
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('--date must be a date such as 2026-01-15');
    // No terminal and no --yes: nothing is recorded, and the words say what would be.
    const refused = await cli('collection', 'pay', id, '--amount', '10,50', '--date', '2026-01-15');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Recording 10.5 EUR paid directly to the company on 2026-01-15 for invoice ${inv.number}`);
    expect((await cli('events')).stdout).not.toContain('\tpaid');
    const paid = await cli('collection', 'pay', id, '--amount', '10,50', '--date', '2026-01-15', '--yes');
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stdout).toMatch(new RegExp(`^Recorded 10.5 EUR paid directly on invoice ${inv.number}; still open: `));
    expect((await cli('events')).stdout).toMatch(new RegExp(`\\t${id}\\tpaid\\n`));

    expect((await cli('collection', 'service-levels', 'list')).stdout).toContain('every customer has the default');
    const bad = await cli('collection', 'service-levels', 'set', '1234567-8', 'gold');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('default, premium, vip, service_bypass');
    expect((await cli('collection', 'service-levels', 'set', '1234567-8', 'vip')).stdout).toBe('1234567-8 now has service level vip\n');
    expect((await cli('collection', 'service-levels', 'list')).stdout).toMatch(/^1234567-8\tvip\t/);
  });
});
