import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessage, sentOnService, sha256 as sha } from '../../support/bank-messages';
import { startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const ROOTS = ['FinvoiceSenderInfo', 'ReceiverProposal', 'FinvoiceReceiverInfo'] as const;
const setFaults = (rules: unknown[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });

describe('bank messages out: Outbox/BankMessages to POST /v1/fi_bank_messages', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company);
  });
  afterAll(async () => {
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await t.close();
  });
  const folder = () => join(t.root, 'Outbox', 'BankMessages');

  it('sends each dropped message exactly once through errors, resets, lost answers and garbage, then follows its status', async () => {
    expect(await readdir(folder())).toEqual([]); // the layout made the folder
    const files = Array.from({ length: 12 }, (_, i) => ({ name: `message-${i}.xml`, body: bankMessage(ROOTS[i % 3] as string, i) }));
    await writeFile(join(folder(), files[0]?.name as string), files[0]?.body as string);
    await writeFile(join(t.root, 'Outbox', 'BankMessages', 'kept.xml'), bankMessage('FinvoiceSenderInfo', 99));
    for (const f of files.slice(1)) await writeFile(join(folder(), f.name), f.body);
    await setFaults([
      // The worst case for sending twice, surely hit: the service keeps the message, the answer is lost.
      { action: 'drop_response', method: 'POST', path: '^/v1/fi_bank_messages$', times: 2 },
      { action: 'drop_response', method: 'POST', path: '^/v1/fi_bank_messages$', probability: 0.35 },
      { action: 'error', status: 503, method: 'POST', path: '^/v1/fi_bank_messages$', probability: 0.2 },
      { action: 'reset', method: 'POST', path: '^/v1/fi_bank_messages$', probability: 0.15 },
      { action: 'garbage', method: 'POST', path: '^/v1/fi_bank_messages$', probability: 0.2 },
      { action: 'error', status: 500, method: 'GET', path: '^/v1/fi_bank_messages/sent_messages', probability: 0.2 },
      { action: 'reset', method: 'GET', path: '^/v1/fi_bank_messages/', probability: 0.1 },
    ]);
    for (let round = 0; round < 40 && (await readdir(folder())).length > 0; round++) {
      await t.engine.syncOnce();
      // Held for the user after many tries under this much failure: "Try again", as a user would.
      t.engine.store.outbox.releaseHeld(t.account.id);
    }
    const hits = (await (await sb.call('/__sandbox/faults')).json()) as { action: string; hits: number }[];
    expect(hits[0]?.hits).toBe(2);
    await setFaults([]);
    await t.engine.syncOnce();
    expect(await readdir(folder())).toEqual([]);
    const onService = await sentOnService(sb, company);
    for (const f of [...files, { name: 'kept.xml', body: bankMessage('FinvoiceSenderInfo', 99) }]) {
      expect(onService.get(sha(f.body))?.length, `${f.name} reached the service exactly once`).toBe(1);
    }
    expect([...onService.values()].flat()).toHaveLength(files.length + 1);
    const sent = await readdir(join(t.root, 'Sent'));
    expect(sent.sort()).toEqual([...files.map((f) => f.name), 'kept.xml'].sort());
    const rows = t.engine.store.outbox.listByStates(t.account.id, ['done']).filter((j) => j.kind === 'bank_message');
    expect(rows).toHaveLength(files.length + 1);
    // Each row knows its message on the service, and the status was followed to the bank's answer.
    for (const r of rows) {
      expect(onService.get(r.sha256)).toEqual([r.remoteId]);
      expect(r.deliveryStatus).toBe('OK');
    }
  }, 120_000);

  it('refuses what is no bank message with a note in Failed/, sending nothing', async () => {
    const before = [...(await sentOnService(sb, company)).values()].flat().length;
    await writeFile(join(folder(), 'empty.xml'), '');
    await writeFile(join(folder(), 'notes.txt'), 'pay the rent');
    await writeFile(join(folder(), 'invoice.xml'), '<?xml version="1.0"?><Finvoice Version="3.0"><InvoiceDetails/></Finvoice>');
    await writeFile(join(folder(), 'broken.xml'), '<FinvoiceSenderInfo><MessageDetails></FinvoiceSenderInfo>');
    await writeFile(join(folder(), 'huge.xml'), `<FinvoiceSenderInfo>${'x'.repeat(6 * 1024 * 1024)}</FinvoiceSenderInfo>`);
    // An empty file is first given time to be written; then it is refused.
    for (let i = 0; i < 3 && (await readdir(folder())).length > 0; i++) await t.engine.syncOnce();
    expect(await readdir(folder())).toEqual([]);
    const failed = await readdir(join(t.root, 'Failed'));
    const note = (n: string) => readFile(join(t.root, 'Failed', `${n}.error.txt`), 'utf8');
    for (const n of ['empty.xml', 'notes.txt', 'invoice.xml', 'broken.xml', 'huge.xml']) expect(failed).toContain(`${n}.error.txt`);
    expect(await note('empty.xml')).toMatch(/did not send the bank message "empty.xml"[\s\S]*The file is empty/);
    expect(await note('notes.txt')).toMatch(/The file is not XML/);
    expect(await note('invoice.xml')).toMatch(/root element Finvoice is not a bank message[\s\S]*Outbox\/Invoices/);
    expect(await note('broken.xml')).toMatch(/not well-formed XML/);
    expect(await note('huge.xml')).toMatch(/6\.0 MB/);
    expect([...(await sentOnService(sb, company)).values()].flat()).toHaveLength(before);
  }, 60_000);
});
