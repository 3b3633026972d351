import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../../main/core/api';
import { ServiceError } from '../../../main/core/api/errors';
import { silentLogger } from '../../../main/core/log';
import { createStore } from '../../../main/core/store';
import type { SyncContext } from '../../../main/core/sync/context';
import { EngineEvents } from '../../../main/core/sync/events';
import { JobRunner } from '../../../main/core/sync/jobs/job-runner';
import { ensureLayout } from '../../../main/core/sync/layout';
import { accountFaults } from '../../../main/core/sync/local-faults';
import { recoverOutbox } from '../../../main/core/sync/outbound';
import { newOutboundMemory, outboundCycle } from '../../../main/core/sync/outbound-cycle';
import { seededRandom } from '../../../sandbox/context';

class Crash extends Error {}

/**
 * A stand-in for the external service (not for our code): idempotent by uuid like the real one, with
 * seeded faults — errors before applying, answers lost after applying, and process crashes in the
 * middle of an upload (after the service applied it).
 */
function fakeService(random: () => number, faults: { error: number; lost: number; crash: number }) {
  const byUuid = new Map<string, { id: string; filename: string; sha: string }>();
  let calls = 0;
  const api = {
    client: { grantedScopes: new Set<string>(), serviceNow: () => null },
    invoices: {
      // What a try after a lost answer looks through first: the sent invoices, with the uuid each came under.
      async list() {
        if (random() < faults.error) throw new ServiceError('retry', 'HTTP 503', 503);
        const items = [...byUuid.entries()].map(([uuid, v]) => ({ id: v.id, uuid, number: null, status: 'PENDING' }));
        return { items, page: { total: items.length, totalPages: 1, page: 1, nextPage: null, perPage: 100 } };
      },
      async upload(u: { filename: string; data: Buffer; uuid: string }) {
        calls++;
        const roll = random();
        if (roll < faults.error) throw new ServiceError('retry', 'HTTP 503', 503);
        const existing = byUuid.get(u.uuid);
        const invoice = existing ?? { id: randomUUID(), filename: u.filename, sha: u.data.toString('base64').slice(0, 32) };
        byUuid.set(u.uuid, invoice);
        const after = random();
        if (after < faults.crash) throw new Crash('process died after the service applied the upload');
        if (after < faults.crash + faults.lost) throw new ServiceError('retry', 'connection reset', null);
        return { invoice: { id: invoice.id, status: 'PENDING' }, created: !existing };
      },
    },
  };
  return { api: api as unknown as Api, byUuid, calls: () => calls };
}

async function simulate(seed: number): Promise<void> {
  const random = seededRandom(seed);
  const dir = await mkdtemp(join(tmpdir(), 'einvoice-sim-'));
  const root = join(dir, 'root');
  await ensureLayout(root);
  const db = join(dir, 'db.sqlite');
  let clock = 1_000_000;
  const service = fakeService(random, { error: 0.15, lost: 0.15, crash: 0.1 });
  const files = 3 + Math.floor(random() * 6);
  for (let i = 0; i < files; i++) await writeFile(join(root, 'Outbox', 'Invoices', `f${i}.xml`), `<Invoice>${seed}-${i}</Invoice>`);

  let store = createStore(db, { now: () => clock });
  const accountId = store.accounts.create({
    name: 'Sim',
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:1',
    companyId: randomUUID(),
    root,
  }).id;
  // The files are stand-ins, not invoices: this simulation is about sending each exactly once, not the rules.
  store.folderOptions.set(accountId, 'Outbox/Invoices', { validation: 'off' });
  const newProcess = () => {
    const account = store.accounts.get(accountId);
    if (!account) throw new Error('account lost');
    const events = new EngineEvents();
    const ctx: SyncContext = {
      store,
      api: service.api,
      account,
      spoolDir: join(dir, 'spool'),
      now: () => clock,
      random,
      events,
      log: silentLogger,
      stableMs: 100,
      requests: pLimit(4),
      faults: accountFaults(store, account.id, events, silentLogger),
      jobRunner: new JobRunner({ now: () => clock, random, backoff: { baseMs: 10, capMs: 100 }, log: silentLogger }),
    };
    return { ctx, memory: newOutboundMemory() };
  };
  let proc = newProcess();
  await recoverOutbox(proc.ctx);
  for (let step = 0; step < 200; step++) {
    clock += 50 + Math.floor(random() * 200);
    let crashed = false;
    try {
      await outboundCycle(proc.ctx, proc.memory, 1 + Math.floor(random() * 3));
    } catch (e) {
      if (!(e instanceof Crash)) throw e;
      crashed = true;
    }
    // A crash above left the process half-way; sometimes it also dies between steps.
    if (crashed || random() < 0.2) {
      store.close();
      store = createStore(db, { now: () => clock });
      proc = newProcess();
      await recoverOutbox(proc.ctx);
    }
    if (
      (await readdir(join(root, 'Outbox', 'Invoices'))).length === 0 &&
      store.outbox.listByStates(accountId, ['queued', 'uploading', 'uploaded', 'moving']).length === 0
    )
      break;
  }
  const sent = (await readdir(join(root, 'Sent'))).sort();
  const expected = Array.from({ length: files }, (_, i) => `f${i}.xml`).sort();
  try {
    expect(sent, `seed ${seed}: every file reached Sent/`).toEqual(expected);
    expect(service.byUuid.size, `seed ${seed}: one invoice per file`).toBe(files);
    expect(new Set([...service.byUuid.values()].map((v) => v.sha)).size, `seed ${seed}: no content sent twice`).toBe(files);
    expect(await readdir(join(root, 'Outbox', 'Invoices'))).toEqual([]);
  } finally {
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('seeded simulation of the outbound engine', () => {
  it('sends every file exactly once through random faults and crashes (replay a failure with SIM_SEED)', async () => {
    if (process.env.SIM_SEED) return simulate(Number(process.env.SIM_SEED));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => simulate(seed)),
      { numRuns: Number(process.env.SIM_RUNS ?? 60), seed: 424242 },
    );
  }, 120_000);
});
