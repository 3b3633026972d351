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
