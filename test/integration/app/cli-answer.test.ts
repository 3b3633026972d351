import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_FOLDER } from '../../../main/core/sync/invoice-answers';
import { addAccountArgs, runCli } from '../../support/cli';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { ubl } from '../../support/small-ubl';
import { keptTempDir } from '../../support/temp';
import { ensureRules } from '../../support/validation';

// Issue 42 item 1 as a user types it: `answer` refuses a status the transaction does not define before
// anything is written, answers a received invoice, and `answers` lists what was given. That the same
// answer twice writes one file is invoice-answers.test.ts's (through the same engine call).

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  await ensureRules();
}, 600_000);
afterAll(async () => sb.close());

describe('npm run cli -- answer, answers', () => {
  it('answers a received invoice once, lists the answer, and refuses an unknown status', { timeout: 120_000 }, async () => {
    // The seller's Peppol address (the one small-ubl's invoices name) receives invoice responses.
    const seller = await sb.company({ business_id: '1234567-8' });
    const reg = (await (
      await sb.call('/v1/company/profiles', { token: await sb.token(seller), method: 'POST', json: { profiles: ['INVOICE_RESPONSE'] } })
    ).json()) as { id: string };
    expect((await sb.call(`/__sandbox/profiles/${reg.id}/status`, { method: 'POST', json: { status: 'active' } })).status).toBe(200);
    const buyer = await sb.company({ name: 'Ostaja Oy' });
    const delivered = await sb.call(`/__sandbox/companies/${buyer.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: 'B-7.xml', data: ubl('B-7', '1234567-8', '80.00', 'To be answered') }, { sender_name: 'Toimittaja Oy' }),
    });
    expect(delivered.status).toBe(201);

    const data = keptTempDir('einvoice-cli-answer-data-');
    const root = keptTempDir('einvoice-cli-answer-root-');
    const env = { ...process.env, EINVOICE_API_KEY: buyer.api_key };
    const cli = (...args: string[]) => runCli(['--data', data, '--log-level', 'error', ...args], env);
    expect((await cli(...addAccountArgs('Ostaja', sb.url, buyer.company_id, root))).code).toBe(0);
    expect((await cli('sync', '--once')).code).toBe(0);

    const bad = await cli('answer', '--account', 'Ostaja', '--invoice', 'B-7', '--status', 'XX');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/AB|RE/);
    const args = [
      'answer',
      '--account',
      'Ostaja',
      '--invoice',
      'B-7',
      '--status',
      'RE',
      '--reason',
      'PRI',
      '--text',
      'Not the agreed price',
    ];
    const first = await cli(...args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('B-7: answered "Rejected"');
    expect(await readdir(join(root, ...ANSWER_FOLDER.split('/')))).toHaveLength(1);
    expect((await cli('answers', '--account', 'Ostaja', '--invoice', 'B-7')).stdout).toMatch(
      /\tRE Rejected\tPRI\t\S+\tNot the agreed price\n$/,
    );
  });
});
