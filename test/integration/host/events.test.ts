import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityView } from '../../../shared/bridge/views';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { type EventSocket, type HostUnderTest, receive, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
let ws: EventSocket;

beforeAll(async () => {
  sb = await startTestSandbox();
  h = await startHost(sb, await sb.company());
  ws = await h.events();
  // The first cycle starts with the engine; the test's own sync starts once it is done.
  const firstCycle = h.te.engine.events.waitFor('synced');
  await h.te.engine.start();
  await firstCycle;
});
afterAll(async () => {
  ws.close();
  await h.close();
  await sb.close();
});

describe('events over the WebSocket while the engine syncs', () => {
  it('pushes the sync state, each received invoice and each queued and sent file, as {event, payload}', async () => {
    const accountId = h.te.account.id;
    const invoiceId = await receive(sb, h.company, 'peppol-bis3/base-example.xml');
    const xml = await readFile(join(FIXTURES, 'invoices', 'finvoice3', 'finvoice_30_example.xml'));
    await writeFile(join(h.te.root, 'Outbox', 'Invoices', 'to-send.xml'), xml);

    const syncing = ws.next<{ accountId: string; state: string }>('sync.state', (p) => p.accountId === accountId && p.state === 'syncing');
    const got = ws.next<{ id: string; kind: string }>('item.received', (p) => p.id === invoiceId);
    const queued = ws.next<{ file: string; held: boolean }>('item.queued', (p) => p.file.endsWith('to-send.xml'));
    const sent = ws.next<{ file: string; remoteId: string | null }>('item.sent', (p) => p.file.endsWith('to-send.xml'));
    const activity = ws.next<ActivityView>('activity', (p) => p.accountId === accountId);
    expect(await h.call('sync.now', { accountId })).toEqual({ ok: true, value: { started: true } });

    expect(await syncing).toMatchObject({ state: 'syncing' });
    expect(await got).toEqual({ accountId, kind: 'invoice', id: invoiceId });
    // The outbox list follows files as they are queued, not only when they are sent.
    expect(await queued).toMatchObject({ accountId, file: 'Outbox/Invoices/to-send.xml', held: false });
    const s = await sent;
    expect(s.remoteId).toBeTruthy();
    expect(await activity).toMatchObject({
      accountId,
      level: expect.stringMatching(/info|warn|error/),
      at: expect.stringMatching(/^\d{4}-/),
    });
    await ws.next('sync.state', (p: { accountId: string; state: string }) => p.accountId === accountId && p.state === 'idle');
  });

  it('announces account changes made through the bridge', async () => {
    const changed = ws.next('accounts.changed');
    const r = await h.call('accounts.update', { accountId: h.te.account.id, pollIntervalS: 600 });
    expect(r).toMatchObject({ ok: true, value: { pollIntervalS: 600 } });
    expect(await changed).toEqual({});
  });
});

describe("the page's reads over the event socket", () => {
  it('answers a read of the mirror as POST does, with the host time, and keeps pushing events', async () => {
    const sock = await h.events();
    const accountId = h.te.account.id;
    const input = { accountId, filter: { direction: 'RECEIVED' }, limit: 10 };
    sock.send(JSON.stringify({ call: 1, name: 'invoices.list', input }));
    sock.send(JSON.stringify({ call: 2, name: 'sync.status', input: {} }));
    const [list, status] = await Promise.all([sock.reply(1), sock.reply(2)]);
    expect(list.result).toEqual(await h.call('invoices.list', input));
    expect((list.result as { ok: boolean }).ok).toBe(true);
    expect(list.ms).toBeGreaterThanOrEqual(0);
    expect(status.result).toMatchObject({ ok: true, value: [{ account: { id: accountId } }] });
    // Invalid input is refused field by field, as over POST.
    sock.send(JSON.stringify({ call: 3, name: 'invoices.list', input: { accountId, limit: -5 } }));
    expect((await sock.reply(3)).result).toMatchObject({ ok: false, error: { kind: 'invalid', fields: expect.any(Object) } });
    const changed = sock.next('accounts.changed');
    await h.call('accounts.update', { accountId, pollIntervalS: 900 });
    expect(await changed).toEqual({});
    sock.close();
  });

  it('refuses over the socket a command that changes something, and does not run it', async () => {
    const sock = await h.events();
    const accountId = h.te.account.id;
    const before = await h.call<{ pollIntervalS: number }>('accounts.list');
    sock.send(JSON.stringify({ call: 7, name: 'accounts.update', input: { accountId, pollIntervalS: 3600 } }));
    sock.send(JSON.stringify({ call: 8, name: 'no.such.command', input: {} }));
    expect((await sock.reply(7)).result).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: expect.stringContaining('not sent over the socket') },
    });
    expect((await sock.reply(8)).result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await h.call('accounts.list')).toEqual(before);
    sock.close();
  });

  it('takes a withdrawal of a call that ran, or of none, and goes on answering', async () => {
    const sock = await h.events();
    sock.send(JSON.stringify({ call: 11, name: 'app.info', input: {} }));
    expect((await sock.reply(11)).result).toMatchObject({ ok: true });
    sock.send(JSON.stringify({ cancel: 11 }));
    sock.send(JSON.stringify({ cancel: 12345 }));
    sock.send(JSON.stringify({ call: 12, name: 'sync.status', input: {} }));
    expect((await sock.reply(12)).result).toMatchObject({ ok: true });
    sock.close();
  });

  it('ignores frames that are no call, and closes the socket on a frame over 4 KB', async () => {
    const sock = await h.events();
    for (const junk of [
      '{broken',
      'null',
      '[1,2]',
      JSON.stringify({ call: 'x', name: 'app.info' }),
      JSON.stringify({ call: 1.5, name: 'app.info' }),
    ])
      sock.send(junk);
    sock.send(JSON.stringify({ call: 9, name: 'app.info', input: {} }));
    expect((await sock.reply(9)).result).toMatchObject({ ok: true });
    sock.send(JSON.stringify({ call: 10, name: 'invoices.list', input: { accountId: 'x'.repeat(5000) } }));
    expect(await sock.closed()).toBe(1009);
  });
});
