import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { order, sentDocuments } from '../../support/document-groups';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

/**
 * Issue 38, item 7: the service needs the recipient's operator for every document. The app takes it
 * from the folder's options, or from the receiver lookup, and otherwise sets the file aside in Failed/
 * with a note saying what to set, without sending it.
 */
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
  t = await startTestEngine(sb, company, { stableMs: 50 });
});
afterAll(async () => {
  await sb.call('/__sandbox/faults', { method: 'DELETE' });
  await t.close();
  await sb.close();
});

const orders = () => join(t.root, 'Outbox', 'Documents', 'ORDER');
const uploads = async () => (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as { filename: string }[];
const sentWithOperator = async () =>
  ((await sentDocuments(sb, company)) as unknown as { number: string; recipient: { operator: string } }[]).map((d) => [
    d.number,
    d.recipient.operator,
  ]);

describe('the recipient operator of a document', () => {
  it('is looked up for each document through lookup and upload failures, and each is sent once', async () => {
    for (let i = 0; i < 6; i++) await writeFile(join(orders(), `LOOKED-${i}.xml`), await order(`LOOKED-${i}`));
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'error', status: 503, method: 'GET', path: '^/v1/lookup/receivers$', times: 2 },
        { action: 'reset', method: 'GET', path: '^/v1/lookup/receivers$', probability: 0.3 },
        { action: 'drop_response', method: 'POST', path: '^/v1/documents$', times: 1 },
        { action: 'error', status: 503, method: 'POST', path: '^/v1/documents$', probability: 0.3 },
      ],
    });
    for (let i = 0; i < 30 && (await readdir(orders())).length > 0; i++) {
      await t.engine.syncOnce();
      t.engine[WRITER].outbox.releaseHeld(t.account.id);
    }
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(await readdir(orders())).toEqual([]);
    const sent = await sentWithOperator();
    expect(sent.map(([n]) => n).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `GROUP-LOOKED-${i}`));
    expect(sent.every(([, op]) => op === 'PEPPOL')).toBe(true);
    expect(await readdir(join(t.root, 'Failed')).catch(() => [])).toEqual([]);
  });

  it('is not made up: a recipient the lookup does not know goes to Failed/ unsent, with a note saying what to set', async () => {
    // The fixture's own seller address, 0192:123456785, is unknown to the lookup.
    const raw = await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml'));
    await writeFile(join(orders(), 'UNKNOWN.xml'), raw);
    await t.engine.syncOnce();
    expect(await readdir(orders())).toEqual([]);
    const note = await readFile(join(t.root, 'Failed', 'UNKNOWN.xml.error.txt'), 'utf8');
    expect(note).toContain('The operator of the recipient 0192:123456785 is not known, so the document was not sent.');
    expect(note).toContain('Set recipient_operator in the sending options of Outbox/Documents/ORDER');
    expect((await uploads()).map((u) => u.filename)).not.toContain('UNKNOWN.xml');
  });

  it("is the folder's option when it has one, and then nothing is looked up", async () => {
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Documents/ORDER', { recipient_operator: '003721291126' });
    // Every lookup would fail: the option is enough.
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 500, path: '^/v1/lookup/receivers$' }] });
    await writeFile(join(orders(), 'OPTION.xml'), await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml')));
    await t.engine.syncOnce();
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(await readdir(join(t.root, 'Sent'))).toContain('OPTION.xml');
    expect((await sentWithOperator()).filter(([, op]) => op === '003721291126')).toHaveLength(1);
    t.engine[WRITER].folderOptions.remove(t.account.id, 'Outbox/Documents/ORDER');
  });
});
