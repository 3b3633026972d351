import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { createStore } from '../../../main/core/store';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

/**
 * The one job runner against the sandbox over real HTTP: a refusal only the user can fix stops the
 * retries until they act; a 429 pauses every call of the account; shutdown lets an upload in flight
 * finish. Each file reaches the service exactly once.
 */
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
let requests: string[];

beforeEach(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
  requests = [];
  t = await startTestEngine(sb, company, {
    runner: {
      uploadConcurrency: 1,
      // No Retry-After is waited for inside a call: a 429 reaches the job runner at once.
      retry: { initialDelayMs: 10, maxDelayMs: 100, maxRetries: 3, maxRetryAfterMs: 0 },
      transport: { onRequest: (m, u) => requests.push(`${m} ${u.pathname}`) },
    },
  });
});
afterEach(async () => {
  await t.close();
  await sb.close();
});

async function drop(name: string, id: string): Promise<void> {
  const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace('Snippet1', id);
  await writeFile(join(t.root, 'Outbox', 'Invoices', name), xml);
}

async function uploads(): Promise<{ filename: string; attempts: number }[]> {
  const res = await sb.call(`/__sandbox/companies/${company.company_id}/uploads`);
  return (await res.json()) as { filename: string; attempts: number }[];
}

const faults = (rules: unknown[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });
const rows = () => t.engine.store.outbox.listByStates(t.account.id, ['queued', 'needs_user', 'uploading', 'uploaded', 'moving', 'done']);

describe('the job runner with the real service stand-in', () => {
  it('holds an upload the service refuses for a reason only the user can fix, and sends it once when they say try again', async () => {
    await faults([{ action: 'error', status: 403, method: 'POST', path: '^/v1/invoices$' }]);
    await drop('scope.xml', 'SCOPE-1');
    await t.engine.syncOnce();
    const [held] = rows();
    expect(held).toMatchObject({ state: 'needs_user', attempts: 1, errorKind: 'user' });
    expect(held?.lastError).toMatch(/not allowed|Try again/);
    expect(t.engine.status()[0]?.held).toBe(1);

    // Not retried on its own: more passes send nothing.
    const before = requests.filter((r) => r === 'POST /v1/invoices').length;
    await t.engine.syncOnce();
    await t.engine.syncOnce();
    expect(requests.filter((r) => r === 'POST /v1/invoices').length).toBe(before);
    expect(t.engine.store.outbox.get(held?.id ?? 0)).toMatchObject({ state: 'needs_user', attempts: 1 });

    // The user sorted it out and says try again.
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(t.engine.retryUpload(held?.id ?? 0).moved).toBe(true);
    expect(t.engine.store.activity.listLatest(5, t.account.id).map((e) => e.kind)).toContain('outbox.retry');
    await t.engine.syncOnce();
    expect(t.engine.store.outbox.get(held?.id ?? 0)).toMatchObject({ state: 'done', failuresBeforeUser: 1 });
    expect(await uploads()).toEqual([expect.objectContaining({ filename: 'scope.xml', attempts: 1 })]);
    expect(await readdir(join(t.root, 'Sent'))).toContain('scope.xml');
  });

  it('"Sync now" releases every upload waiting for the user', async () => {
    await faults([{ action: 'error', status: 403, method: 'POST', path: '^/v1/invoices$' }]);
    await drop('a.xml', 'HELD-A');
    await drop('b.xml', 'HELD-B');
    await t.engine.syncOnce();
    expect(rows().map((r) => r.state)).toEqual(['needs_user', 'needs_user']);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(t.engine.syncNowByUser(t.account.id)).toBe(2);
    expect(t.engine.store.activity.listLatest(5, t.account.id).map((e) => e.kind)).toContain('sync.released');
    await t.engine.syncOnce();
    expect(rows().map((r) => r.state)).toEqual(['done', 'done']);
    expect((await uploads()).map((u) => u.attempts)).toEqual([1, 1]);
  });

  it('pauses the whole account after a 429: nothing more is asked until the pause ends, then every file goes once', async () => {
    // Retry-After of 3 s on every upload: the first answer pauses the account, well beyond the next pass.
    await faults([{ action: 'error', status: 429, retry_after: 3, method: 'POST', path: '^/v1/invoices$' }]);
    for (const n of ['p1', 'p2', 'p3']) await drop(`${n}.xml`, `PAUSE-${n}`);
    await t.engine.syncOnce();
    const statuses = rows();
    expect(statuses.filter((r) => r.attempts > 0)).toHaveLength(1);
    expect(statuses.filter((r) => r.attempts === 0)).toHaveLength(2);
    const waitUntil = Date.parse(t.engine.status()[0]?.serviceWaitUntil ?? '');
    expect(waitUntil).toBeGreaterThan(Date.now());

    // While paused, a pass asks the service nothing at all, polls included.
    requests.length = 0;
    await t.engine.syncOnce();
    expect(Date.now()).toBeLessThan(waitUntil);
    expect(requests).toEqual([]);

    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    const sent = Promise.all(['p1', 'p2', 'p3'].map((n) => t.engine.events.waitFor('sent', (e) => e.file.endsWith(`${n}.xml`), 20_000)));
    await t.engine.start();
    await sent;
    const ledger = await uploads();
    expect(ledger.map((u) => u.filename).sort()).toEqual(['p1.xml', 'p2.xml', 'p3.xml']);
    expect(ledger.every((u) => u.attempts === 1)).toBe(true);
  });

  it('drains on shutdown: an upload in flight finishes instead of being cut off', async () => {
    await faults([{ action: 'latency', latency_ms: 700, method: 'POST', path: '^/v1/invoices$' }]);
    await drop('slow.xml', 'SLOW-1');
    await t.engine.start();
    await t.engine.events.waitFor('queued', (e) => e.file.endsWith('slow.xml'), 10_000);
    // The request has left and sits in the sandbox's latency when the app is told to stop.
    await vi.waitFor(() => expect(t.engine.store.outbox.listByStates(t.account.id, ['uploading'])).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    const id = rows()[0]?.id ?? 0;
    await t.engine.stop();
    // The stop waited for the upload in flight; the database file says how it ended.
    const store = createStore(dbFile(t.dataDir));
    const row = store.outbox.get(id);
    store.close();
    // Finished within the grace: uploaded (moved to Sent/ at the next start), not put back as queued.
    expect(row?.state === 'uploaded' || row?.state === 'moving' || row?.state === 'done').toBe(true);
    expect(row?.remoteId).toBeTruthy();
    expect(await uploads()).toEqual([expect.objectContaining({ filename: 'slow.xml', attempts: 1 })]);
  });
});
