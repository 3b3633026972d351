import { copyFile, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const outbox = (t: TestEngine) => join(t.root, 'Outbox', 'Invoices');
const uploads = async (c: TestCompany) =>
  (await (await sb.call(`/__sandbox/companies/${c.company_id}/uploads`)).json()) as { filename: string; attempts: number; uuid: string }[];

describe('outbound: hot folder to the service', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company);
  });
  afterAll(async () => t.close());

  it('sends each invoice once and moves it to Sent/', async () => {
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(outbox(t), 'base-example.xml'));
    await copyFile(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml'), join(outbox(t), 'Lasku 1 – Järvenpää.xml'));
    await copyFile(join(FIXTURES, 'invoices/en16931-cii/CII_example1.xml'), join(outbox(t), 'cii.xml'));
    const report = await t.engine.syncOnce();
    expect(
      [...report.values()].every((r) => r.ok),
      JSON.stringify([...report.values()]),
    ).toBe(true);
    expect(await readdir(outbox(t))).toEqual([]);
    expect((await readdir(join(t.root, 'Sent'))).sort()).toEqual(['Lasku 1 – Järvenpää.xml', 'base-example.xml', 'cii.xml']);
    const up = await uploads(company);
    expect(up).toHaveLength(3);
    expect(up.every((u) => u.attempts === 1)).toBe(true);
    // Running again sends nothing more.
    await t.engine.syncOnce();
    expect((await uploads(company)).every((u) => u.attempts === 1)).toBe(true);
  });

  it('follows delivery: a FAILED invoice is flagged for a reroute, and sent invoices are mirrored', async () => {
    const sent = t.engine.store.outbox.listByStates(t.account.id, ['done']).find((j) => j.filename === 'cii.xml');
    expect(sent?.remoteId).toBeTruthy();
    const moved = await sb.call(`/__sandbox/invoices/${sent?.remoteId}/status`, {
      method: 'POST',
      json: { status: 'FAILED', message: 'Recipient unknown' },
    });
    expect(moved.status).toBe(200);
    t.engine[WRITER].outbox.transition(sent?.id ?? 0, ['done'], 'done', { deliveryCheckedAt: 0 });
    // The UI hears of a status once it is committed (a chunk of statuses is one transaction).
    const heard: { status: string; inTransaction: boolean }[] = [];
    const off = t.engine.events.on('delivery', (e) => heard.push({ status: e.status, inTransaction: t.engine[WRITER].db.inTransaction }));
    await t.engine.syncOnce();
    off();
    expect(heard).toEqual([{ status: 'FAILED', inTransaction: false }]);
    const job = t.engine.store.outbox.get(sent?.id ?? 0);
    expect(job?.deliveryStatus).toBe('FAILED');
    expect(job?.needsReroute).toBe(true);
    expect(t.engine.status()[0]?.needsReroute).toBe(1);
    expect(t.engine.store.invoices.get(t.account.id, sent?.remoteId ?? '')?.status).toBe('FAILED');
  });

  it('holds back the same content dropped again, with a message', async () => {
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(outbox(t), 'again.xml'));
    await t.engine.syncOnce();
    const held = t.engine.store.outbox.listByStates(t.account.id, ['held_duplicate']);
    expect(held).toHaveLength(1);
    expect(held[0]?.lastError).toMatch(/same content was already sent/);
    expect(await readdir(outbox(t))).toEqual(['again.xml']);
    expect(await uploads(company)).toHaveLength(3);
  });

  it('sends a held duplicate "anyway" under a key of its own, never the key its twin was sent under', async () => {
    const [held] = t.engine.store.outbox.listByStates(t.account.id, ['held_duplicate']);
    const twin = t.engine.store.outbox.listByStates(t.account.id, ['done']).find((j) => j.sha256 === held?.sha256);
    // The twin's key is derived from its content: the held copy, of the same content, must not reuse it.
    expect(held?.serviceKey).toBe(held?.idemKey);
    expect(twin?.serviceKey).not.toBe(twin?.idemKey);
    expect(t.engine.forceSend(held?.id ?? 0).moved).toBe(true);
    await t.engine.syncOnce();
    const up = await uploads(company);
    expect(up.map((u) => u.filename).sort()).toEqual(['Lasku 1 – Järvenpää.xml', 'again.xml', 'base-example.xml', 'cii.xml']);
    expect(up.find((u) => u.filename === 'again.xml')?.uuid).toBe(held?.idemKey);
    expect(await readdir(outbox(t))).toEqual([]);
  });

  it('moves a file the service refuses to Failed/ with a note in plain words', async () => {
    // The service's refusal, not the local rules' (which would hold this file back before it left).
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'off' });
    await writeFile(join(outbox(t), 'broken.xml'), '<Invoice><cbc:ID>1</Invoice');
    await t.engine.syncOnce();
    const failed = await readdir(join(t.root, 'Failed'));
    expect(failed.sort()).toEqual(['broken.xml', 'broken.xml.error.txt']);
    const note = await readFile(join(t.root, 'Failed', 'broken.xml.error.txt'), 'utf8');
    expect(note).toMatch(/refused the invoice "broken.xml"/);
    expect(note).toMatch(/What to do/);
  });
});

describe('a row an earlier build left `moving`', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company);
  });
  afterAll(async () => t.close());

  // Earlier builds marked the row `moving` (without the destination) before the move; a crash then
  // left the file in the Outbox or already in Sent/. Either way the next pass finishes it, sending nothing.
  const leaveMoving = (id: number) =>
    t.engine[WRITER].db.prepare("UPDATE outbox SET state = 'moving', dest_path = NULL WHERE id = ?").run(id);

  it('finishes it once, whether the file was still in the Outbox or already in Sent/', async () => {
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(outbox(t), 'moved.xml'));
    await t.engine.syncOnce();
    const [row] = t.engine.store.outbox.listByStates(t.account.id, ['done']);
    expect(row?.filename).toBe('moved.xml');
    const id = row?.id as number;

    // Cut short before the move: the file is back in the Outbox (a rename keeps its size and time).
    await rename(join(t.root, 'Sent', 'moved.xml'), join(outbox(t), 'moved.xml'));
    leaveMoving(id);
    await t.engine.syncOnce();
    expect(await readdir(outbox(t))).toEqual([]);
    expect(await readdir(join(t.root, 'Sent'))).toEqual(['moved.xml']);
    expect(t.engine.store.outbox.get(id)?.state).toBe('done');

    // Cut short after the move: found in Sent/ by its bytes, not copied there a second time.
    leaveMoving(id);
    await t.engine.syncOnce();
    expect(await readdir(join(t.root, 'Sent'))).toEqual(['moved.xml']);
    expect(t.engine.store.outbox.get(id)).toMatchObject({ state: 'done', destPath: 'Sent/moved.xml' });
    const up = await uploads(company);
    expect(up.map((u) => [u.filename, u.attempts])).toEqual([['moved.xml', 1]]);
  });
});
