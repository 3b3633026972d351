import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../../sandbox/context';
import { bankMessage, sentOnService, sha256 } from '../../support/bank-messages';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

const CLI = new URL('../../../main/core/cli/bin.ts', import.meta.url).pathname;
const FILES = 30;

function cli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}
const exited = (p: ChildProcess) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('bank messages: crash safety without an idempotency key', () => {
  it('sends each of 30 messages exactly once although the engine is killed mid-send again and again', async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    const company: TestCompany = await sb.company();
    const data = tempDir('einvoice-bank-crash-data-');
    const root = tempDir('einvoice-bank-crash-root-');
    const env = { EINVOICE_API_KEY: company.api_key };
    const add = cli(
      [
        '--data',
        data,
        'accounts',
        'add',
        '--name',
        'Crash',
        '--environment',
        'sandbox',
        '--url',
        sb.url,
        '--company-id',
        company.company_id,
        '--root',
        root,
      ],
      env,
    );
    expect(await exited(add)).toBe(0);
    const folder = join(root, 'Outbox', 'BankMessages');
    const bodies = Array.from({ length: FILES }, (_, i) => bankMessage(i % 2 ? 'FinvoiceSenderInfo' : 'ReceiverProposal', i));
    for (const [i, body] of bodies.entries()) await writeFile(join(folder, `message-${String(i).padStart(2, '0')}.xml`), body);
    // Every send is slowed a little (its hits count the sends), and some answers are lost after the
    // service kept the message: the worst case for sending twice.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'latency', latency_ms: 100, method: 'POST', path: '^/v1/fi_bank_messages$' },
        { action: 'drop_response', method: 'POST', path: '^/v1/fi_bank_messages$', probability: 0.25 },
      ],
    });
    const hits = async () => ((await (await sb.call('/__sandbox/faults')).json()) as { hits: number }[]).map((r) => r.hits);

    let kills = 0;
    for (let round = 0; round < 10; round++) {
      const before = (await hits())[0] ?? 0;
      const p = cli(['--data', data, 'sync', '--stable-ms', '100'], env);
      // Killed while it sends: once a send has begun (however long the start took), after a random while.
      await vi
        .waitFor(
          async () => {
            if (((await hits())[0] ?? 0) <= before) throw new Error('not sending yet');
          },
          { timeout: 30_000, interval: 50 },
        )
        .catch(() => undefined);
      // A real wait: a random moment inside the sending is the crash under test, not a wait for something.
      await new Promise((r) => setTimeout(r, Math.floor(random() * 1500)));
      p.kill('SIGKILL');
      await exited(p);
      kills++;
      if ((await readdir(folder)).length === 0) break;
    }
    const [sends, lost] = await hits();
    expect(sends, `seed ${seed}: messages were sent while the engine lived`).toBeGreaterThan(0);
    expect(lost, `seed ${seed}: answers were lost while the engine lived`).toBeGreaterThan(0);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    const final = cli(['--data', data, 'sync', '--once', '--stable-ms', '100'], env);
    let out = '';
    final.stdout?.on('data', (d) => {
      out += d;
    });
    final.stderr?.on('data', (d) => {
      out += d;
    });
    expect(await exited(final), `seed ${seed}: ${out}`).toBe(0);

    expect(kills).toBeGreaterThan(0);
    const onService = await sentOnService(sb, company);
    for (const [i, body] of bodies.entries()) {
      expect(onService.get(sha256(body))?.length, `seed ${seed}: message ${i} reached the service exactly once`).toBe(1);
    }
    expect([...onService.values()].flat()).toHaveLength(FILES);
    expect(await readdir(folder)).toEqual([]);
    expect((await readdir(join(root, 'Sent'))).length).toBe(FILES);
  }, 180_000);
});
