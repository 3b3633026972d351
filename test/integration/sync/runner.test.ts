import { EventEmitter } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
const requests = new EventEmitter();
beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
  // Long intervals: anything that happens quickly below happened because of an event, not a timer.
  // Jitter at its top: one failed poll waits the interval plus a whole interval more.
  t = await startTestEngine(sb, company, {
    random: () => 0.999_999,
    stableMs: 200,
    runner: { watch: true, scanIntervalMs: 120_000, transport: { onRequest: (m, u) => requests.emit('request', `${m} ${u.pathname}`) } },
  });
  const first = t.engine.events.waitFor('synced');
  await t.engine.start();
  await first;
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('the long-running engine', () => {
  it('sends a file dropped into the Outbox because the watcher saw it', async () => {
    const sent = t.engine.events.waitFor('sent', (p) => p.file.endsWith('watched.xml'), 15_000);
    const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace('Snippet1', 'WATCHED-1');
    await writeFile(join(t.root, 'Outbox', 'Invoices', 'watched.xml'), xml);
    expect((await sent).remoteId).toBeTruthy();
  });

  it('does not lose a "sync now" that arrives while a cycle is running', async () => {
    // Hold the cycle at its documents request, after it has asked for invoices.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [{ action: 'latency', latency_ms: 800, method: 'GET', path: '^/v1/documents$', times: 1 }],
    });
    const atDocuments = new Promise<void>((resolve) => {
      const on = (r: string) => {
        if (r !== 'GET /v1/documents') return;
        requests.off('request', on);
        resolve();
      };
      requests.on('request', on);
    });
    t.engine.syncNow();
    await atDocuments;
    // While that cycle waits, a new invoice arrives and the user asks again.
    const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: 'late.xml', data: await readFile(join(FIXTURES, 'invoices/peppol-bis3/Vat-category-S.xml')) }),
    });
    const { id } = (await res.json()) as { id: string };
    const received = t.engine.events.waitFor('received', (r) => r.id === id, 10_000);
    t.engine.syncNow();
    expect((await received).kind).toBe('invoice');
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
  });

  it('sends a file dropped while a poll waits on a slow invoice list, before that poll ends', async () => {
    // The list answers after 10 s; the drop's stability wait is 200 ms. Before the outbox had a lane
    // of its own, the file waited for the whole poll (issue 36: 16 s with the list at 8 s).
    if (t.engine.status()[0]?.state !== 'idle') await t.engine.events.waitFor('state', (p) => p.state === 'idle');
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [{ action: 'latency', latency_ms: 10_000, method: 'GET', path: '^/v1/invoices$', times: 1 }],
    });
    const atList = new Promise<void>((resolve) => {
      const on = (r: string) => {
        if (r !== 'GET /v1/invoices') return;
        requests.off('request', on);
        resolve();
      };
      requests.on('request', on);
    });
    const order: string[] = [];
    const offSynced = t.engine.events.on('synced', () => order.push('synced'));
    const offSent = t.engine.events.on('sent', (p) => {
      if (p.file.endsWith('during-poll.xml')) order.push('sent');
    });
    try {
      t.engine.syncNow();
      await atList;
      order.length = 0;
      const polled = t.engine.events.waitFor('synced', undefined, 30_000);
      const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace('Snippet1', 'DURING-POLL-1');
      await writeFile(join(t.root, 'Outbox', 'Invoices', 'during-poll.xml'), xml);
      await polled;
      expect(order).toEqual(['sent', 'synced']);
    } finally {
      offSynced();
      offSent();
      await sb.call('/__sandbox/faults', { method: 'DELETE' });
    }
  });

  it('says when it polls next, and while the service fails that is the backed-off time', async () => {
    // The view's state is the account's health, which can lag the runner's own 'idle' by a moment: wait for the view.
    await vi.waitFor(() => expect(t.engine.status()[0]?.state).toBe('idle'), { timeout: 20_000, interval: 50 });
    const ok = t.engine.status()[0];
    expect(ok?.state).toBe('idle');
    const interval = (ok?.account.pollIntervalS ?? 0) * 1000;
    expect(Date.parse(ok?.nextPoll ?? '') - Date.parse(ok?.lastPoll ?? '')).toBeGreaterThanOrEqual(interval - 5_000);
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 503, path: '^/v1/' }] });
    const failed = t.engine.events.waitFor('synced', (p) => !p.ok, 20_000);
    t.engine.syncNow();
    const at = (await failed).at;
    const s = t.engine.status()[0];
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(s?.state).toBe('offline');
    expect(s?.message).toMatch(/HTTP 503|having trouble/);
    // One failure adds up to an interval to the wait (here all of it): the view tells that, not the plain interval after the last poll.
    expect(Date.parse(s?.nextPoll ?? '') - at).toBeGreaterThanOrEqual(2 * interval - 5_000);
  });
});
