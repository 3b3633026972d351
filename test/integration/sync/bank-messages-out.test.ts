import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
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
      t.engine[WRITER].outbox.releaseHeld(t.account.id);
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

  it('finds the id of a sent message the service did not name, from its bytes in Sent/, and follows its status', async () => {
    const row = t.engine.store.outbox.listByStates(t.account.id, ['done']).find((j) => j.kind === 'bank_message');
    const id = row?.remoteId;
    expect(id).toBeTruthy();
    // As if the 204 had named no message and the sent list had not shown it yet.
    t.engine[WRITER].outbox.transition(row?.id ?? 0, ['done'], 'done', { remoteId: null, deliveryStatus: null, deliveryCheckedAt: null });
    await t.engine.syncOnce();
    await t.engine.syncOnce();
    const after = t.engine.store.outbox.get(row?.id ?? 0);
    expect(after?.remoteId).toBe(id);
    expect(after?.deliveryStatus).toBe('OK');
  });

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

describe('received RI messages: deleted on the service only once downloaded, and only when asked', () => {
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
  const riOnService = async () => {
    const q = new URLSearchParams({ timestamp_start: '2000-01-01T00:00:00Z', timestamp_end: '2100-01-01T00:00:00Z' });
    return (await (await sb.call(`/v1/fi_bank_messages/ri_messages?${q}`, { token: await sb.token(company) })).json()) as string[];
  };
  const addRi = async () => {
    const res = await sb.call(`/__sandbox/companies/${company.company_id}/bank-messages`, { method: 'POST', json: { kind: 'ri' } });
    return ((await res.json()) as { id: string }).id;
  };
  const downloaded = async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const e of await readdir(dir, { withFileTypes: true }))
        if (e.isDirectory()) await walk(join(dir, e.name));
        else files.push(join(dir, e.name));
    };
    await walk(join(t.root, 'Inbox', 'BankMessages'));
    return files;
  };

  it('keeps them on the service by default', async () => {
    expect(t.account.deleteRiAfterDownload).toBe(false);
    const ids = [await addRi(), await addRi()];
    await t.engine.syncOnce();
    expect((await downloaded()).filter((f) => ids.some((id) => f.includes(id)))).toHaveLength(2);
    expect(await riOnService()).toEqual(expect.arrayContaining(ids));
  });

  it('with the option on, never deletes before the download, and deletes each exactly once after it through failures', async () => {
    t.account = await t.engine.updateAccount(t.account.id, { deleteRiAfterDownload: true });
    const fresh = await addRi();
    // The content cannot be fetched: the message is not downloaded, so it must stay on the service.
    await setFaults([{ action: 'error', status: 503, method: 'GET', path: `^/v1/fi_bank_messages/ri_messages/${fresh}$` }]);
    await t.engine.syncOnce();
    expect((await downloaded()).some((f) => f.includes(fresh))).toBe(false);
    expect(await riOnService()).toContain(fresh);
    // Deletes fail in every way, their answers get lost: retried until done, and a repeated DELETE's 404 counts as done.
    await setFaults([
      { action: 'drop_response', method: 'DELETE', path: '^/v1/fi_bank_messages/ri_messages/', times: 1 },
      { action: 'error', status: 503, method: 'DELETE', path: '^/v1/fi_bank_messages/ri_messages/', probability: 0.4 },
      { action: 'reset', method: 'DELETE', path: '^/v1/fi_bank_messages/ri_messages/', probability: 0.2 },
    ]);
    // A dropped answer leaves its job pending after the service deleted the message: the next try's 404
    // settles it, so the loop waits for the jobs too, not only for the service's list (back-off is 50-500 ms here).
    const unsettled = () =>
      t.engine.store.bankMessages
        .list(t.account.id, 'ri')
        .filter((m) => t.engine.store.jobs.find(t.account.id, 'ri-delete', m.id)?.state !== 'done');
    for (let i = 0; i < 60 && ((await riOnService()).length > 0 || unsettled().length > 0); i++) {
      await t.engine.syncOnce();
      t.engine[WRITER].jobs.releaseHeld(t.account.id);
      if ((await riOnService()).length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    await setFaults([]);
    expect(await riOnService()).toEqual([]);
    // Every file stays here, whole, and each message was deleted once.
    const mirrored = t.engine.store.bankMessages.list(t.account.id, 'ri');
    expect(mirrored.map((m) => m.id)).toContain(fresh);
    for (const m of mirrored) {
      expect(m.state).toBe('done');
      expect(await readFile(m.path as string, 'utf8')).toMatch(/FinvoiceReceiverInfo/);
      expect(t.engine.store.jobs.find(t.account.id, 'ri-delete', m.id)?.state).toBe('done');
    }
    expect((await downloaded()).length).toBe(mirrored.length);
    // Each message's row says its delete was queued: the next poll reads none of them again.
    expect(t.engine.store.bankMessages.listUndeletedRi(t.account.id, 10)).toEqual([]);
  }, 60_000);

  it('does not delete a message whose file no longer holds what was downloaded', async () => {
    await setFaults([{ action: 'error', status: 503, method: 'DELETE', path: '^/v1/fi_bank_messages/ri_messages/' }]);
    const id = await addRi();
    await t.engine.syncOnce(); // downloaded; its delete fails this time
    await setFaults([]);
    const file = (await downloaded()).find((f) => f.includes(id)) as string;
    await writeFile(file, 'edited by hand');
    t.engine[WRITER].jobs.requeue(t.account.id, 'ri-delete', id, { messageId: id }, 0);
    await t.engine.syncOnce();
    expect(await riOnService()).toContain(id);
    expect(t.engine.store.jobs.find(t.account.id, 'ri-delete', id)?.lastError).toMatch(/does not hold the message as downloaded/);
  }, 60_000);
});
