import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import { FIXTURES } from '../../support/engine';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';

// One engine, several companies, polls taking turns one at a time: the company whose service
// stalls is polled first and never answers, and every other company is still polled and mirrored.
let healthy: TestSandbox;
let stalling: TestSandbox;
let engine: Engine;
const dirs: string[] = [];
const dir = (p: string) => {
  const d = keptTempDir(p);
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  healthy = await startTestSandbox();
  stalling = await startTestSandbox();
  engine = new Engine({
    dataDir: dir('einvoice-many-'),
    secrets: new MemorySecrets(),
    // One poll at a time, so without the lease the stalled one would hold everybody up.
    runner: { watch: false, stableMs: 100, pollsAtOnce: 1, pollLeaseMs: 300, retry: { maxRetries: 0 } },
  });
}, 30_000);
afterAll(async () => {
  await engine.stop();
  await healthy.close();
  await stalling.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('an engine with many companies', () => {
  it('polls and mirrors every other company while one company stalls its poll', async () => {
    const slow = await stalling.company();
    await engine.addAccount({
      name: 'Stalled Oy',
      environment: 'sandbox',
      url: stalling.url,
      companyId: slow.company_id,
      root: dir('einvoice-stalled-'),
      apiKey: slow.api_key,
    });
    // Every service call of that company from now on hangs until the test ends.
    await stalling.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'stall', stall_ms: 600_000 }] });
    const synced: string[] = [];
    engine.events.on('synced', (p) => synced.push(p.accountId));
    await engine.start();
    // Its poll holds the one place: the service has its request.
    while (((await (await stalling.call('/__sandbox/faults')).json()) as { hits: number }[])[0]?.hits === 0)
      await new Promise((r) => setTimeout(r, 20));

    const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
    const others = [];
    for (let i = 0; i < 4; i++) {
      const c = await healthy.company();
      const res = await healthy.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
        method: 'POST',
        body: form({ name: `in-${i}.xml`, data: xml }),
      });
      expect(res.status).toBe(201);
      // Added while the engine runs: its runner starts at once and waits for a place.
      others.push(
        await engine.addAccount({
          name: `Client ${i} Oy`,
          environment: 'sandbox',
          url: healthy.url,
          companyId: c.company_id,
          root: dir('einvoice-client-'),
          apiKey: c.api_key,
        }),
      );
    }
    await Promise.all(
      others.map((a) => (synced.includes(a.id) ? null : engine.events.waitFor('synced', (p) => p.accountId === a.id && p.ok, 60_000))),
    );

    // Every other company was polled and its invoice mirrored while the stalled poll still hangs.
    const stalledId = engine.listAccounts().find((a) => a.name === 'Stalled Oy')?.id;
    expect(synced).not.toContain(stalledId);
    for (const a of others) expect(engine.store.invoices.list(a.id, { direction: 'RECEIVED' }, 10).items).toHaveLength(1);
    const status = engine.status();
    for (const a of others) expect(status.find((s) => s.account.id === a.id)?.state).toBe('idle');
    expect(status.find((s) => s.account.id === stalledId)?.state).toBe('syncing');
  }, 90_000);
});
