import { createHash } from 'node:crypto';
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());
afterEach(async () => {
  await sb.call('/__sandbox/faults', { method: 'DELETE' });
});

const outbox = (t: TestEngine) => join(t.root, 'Outbox', 'Invoices');
const uploads = async (c: TestCompany) =>
  (await (await sb.call(`/__sandbox/companies/${c.company_id}/uploads`)).json()) as {
    filename: string;
    attempts: number;
    sha256: string;
  }[];
const base = () => readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
const numbered = async (n: string) => (await base()).replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${n}</cbc:ID>`);
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe('bad input never loses a file and never sends one twice', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company, { stableMs: 400, runner: { transport: { headersTimeoutMs: 1500 } } });
  });
  afterAll(async () => t.close());

  it('refuses a zero-byte file, a file that is not XML and broken XML into Failed/, each with a note', async () => {
    await writeFile(join(outbox(t), 'empty.xml'), '');
    await writeFile(join(outbox(t), 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    await writeFile(join(outbox(t), 'cut.xml'), (await base()).slice(0, 900));
    await t.engine.syncOnce();
    await t.engine.syncOnce();
    const failed = (await readdir(join(t.root, 'Failed'))).sort();
    expect(failed).toEqual(['cut.xml', 'cut.xml.error.txt', 'empty.xml', 'empty.xml.error.txt', 'photo.jpg', 'photo.jpg.error.txt']);
    expect(await readFile(join(t.root, 'Failed', 'empty.xml.error.txt'), 'utf8')).toMatch(/What was wrong: .*empty/i);
    expect(await readdir(outbox(t))).toEqual([]);
  });

  it('sends odd and non-ASCII names as they are and keeps the name in Sent/', async () => {
    const names = ['Lasku #12 (korjattu) ÅÄÖ.xml', 'faktura æøå – mars.xml', 'invoice;rm -rf;.xml', '請求書.xml'];
    for (const [i, n] of names.entries()) await writeFile(join(outbox(t), n), await numbered(`ODD-${i}`));
    await t.engine.syncOnce();
    const sent = await readdir(join(t.root, 'Sent'));
    for (const n of names) expect(sent).toContain(n);
    const up = await uploads(company);
    for (const n of names) expect(up.filter((u) => u.filename === n)).toHaveLength(1);
  });

  it('waits for a file that is still being written and sends the whole of it', async () => {
    const full = await numbered('GROWING-1');
    const path = join(outbox(t), 'growing.xml');
    await writeFile(path, full.slice(0, 200));
    let offset = 200;
    const writer = (async () => {
      while (offset < full.length) {
        // A real wait: appends 120 ms apart, inside the engine's 150 ms stability wait, are the subject here.
        await new Promise((r) => setTimeout(r, 120));
        const next = Math.min(full.length, offset + 400);
        await appendFile(path, full.slice(offset, next));
        offset = next;
      }
    })();
    await t.engine.syncOnce();
    await writer;
    await t.engine.syncOnce();
    const up = (await uploads(company)).filter((u) => u.filename === 'growing.xml');
    expect(up).toHaveLength(1);
    expect(up[0]?.sha256).toBe(sha(full));
  });

  it('sends a 50 MB invoice', async () => {
    const xml = await base();
    const pad = `<!-- ${'x'.repeat(50 * 1024 * 1024)} -->`;
    await writeFile(join(outbox(t), 'big.xml'), xml.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>BIG-1</cbc:ID>${pad}`));
    await t.engine.syncOnce();
    expect(await readdir(join(t.root, 'Sent'))).toContain('big.xml');
    expect((await uploads(company)).filter((u) => u.filename === 'big.xml')).toHaveLength(1);
  }, 120_000);

  it('finishes an upload whose file is deleted while it is on the wire, from its own copy', async () => {
    await writeFile(join(outbox(t), 'vanishing.xml'), await numbered('VANISH-1'));
    await sb.call('/__sandbox/faults', {
      method: 'POST',
      json: { action: 'latency', latency_ms: 800, method: 'POST', path: '^/v1/invoices$', times: 1 },
    });
    const run = t.engine.syncOnce();
    // The engine says nothing when an upload begins: the store's state is polled.
    await vi.waitFor(() => expect(t.engine.store.outbox.listByStates(t.account.id, ['uploading'])).not.toHaveLength(0), {
      timeout: 10_000,
      interval: 20,
    });
    await rm(join(outbox(t), 'vanishing.xml'));
    await run;
    expect((await uploads(company)).filter((u) => u.filename === 'vanishing.xml')).toHaveLength(1);
    expect(await readFile(join(t.root, 'Sent', 'vanishing.xml'), 'utf8')).toContain('VANISH-1');
  });

  it('does not send a file taken out of the Outbox before its upload began', async () => {
    const before = (await uploads(company)).length;
    await writeFile(join(outbox(t), 'withdrawn.xml'), await numbered('WITHDRAWN-1'));
    // Queue it while the service is down, then take the file back.
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 503, method: 'POST', path: '^/v1/invoices$' }] });
    await t.engine.syncOnce();
    const queued = t.engine.store.outbox.listByStates(t.account.id, ['queued']).find((j) => j.filename === 'withdrawn.xml');
    expect(queued?.attempts).toBeGreaterThan(0);
    // Attempts were made: the outcome is unknown to the user, so it must still be completed.
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await rm(join(outbox(t), 'withdrawn.xml'));
    t.engine[WRITER].outbox.transition(queued?.id ?? 0, ['queued'], 'queued', { nextAttemptAt: 0 });
    await t.engine.syncOnce();
    expect((await uploads(company)).length).toBe(before + 1);

    // A held duplicate has never been tried: taking it out of the Outbox withdraws it.
    await writeFile(join(outbox(t), 'again-withdrawn.xml'), await numbered('WITHDRAWN-1'));
    await t.engine.syncOnce();
    const held = t.engine.store.outbox.listByStates(t.account.id, ['held_duplicate']).find((j) => j.filename === 'again-withdrawn.xml');
    expect(held?.attempts).toBe(0);
    await rm(join(outbox(t), 'again-withdrawn.xml'));
    await t.engine.syncOnce();
    expect(t.engine.store.outbox.get(held?.id ?? 0)?.state).toBe('vanished');
    expect((await uploads(company)).length).toBe(before + 1);
  });

  it('survives a stalled service and an expiring token, then sends once', async () => {
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 1 } });
    await writeFile(join(outbox(t), 'stalled.xml'), await numbered('STALL-1'));
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [{ action: 'stall', method: 'POST', path: '^/v1/invoices$', stall_ms: 5000, times: 10 }],
    });
    const first = await t.engine.syncOnce();
    expect([...first.values()][0]).toBeDefined();
    const job = t.engine.store.outbox.listByStates(t.account.id, ['queued']).find((j) => j.filename === 'stalled.xml');
    expect(job?.lastError).toMatch(/did not answer in time|closed/);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await sb.advanceClock(2_000); // the token expires meanwhile
    t.engine[WRITER].outbox.transition(job?.id ?? 0, ['queued'], 'queued', { nextAttemptAt: 0 });
    await t.engine.syncOnce();
    const up = (await uploads(company)).filter((u) => u.filename === 'stalled.xml');
    expect(up).toHaveLength(1);
    expect(await readdir(join(t.root, 'Sent'))).toContain('stalled.xml');
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 3600 } });
  });
});
