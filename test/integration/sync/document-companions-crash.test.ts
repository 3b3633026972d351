import { type ChildProcess, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../../sandbox/context';
import { dropGroup, sentDocuments } from '../../support/document-groups';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

const CLI = new URL('../../../main/core/cli/bin.ts', import.meta.url).pathname;
const GROUPS = 10;

function cli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}
const exited = (p: ChildProcess) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('documents with companions: crash safety', () => {
  it('sends each of 10 documents once with both attachments and its references although the engine is killed mid-way again and again', async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    const company: TestCompany = await sb.company();
    const data = tempDir('einvoice-group-crash-data-');
    const root = tempDir('einvoice-group-crash-root-');
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
    const folder = join(root, 'Outbox', 'Documents', 'ORDER');
    for (let i = 0; i < GROUPS; i++) await dropGroup(folder, `ORDER-${i}`, i);
    // Every upload is slowed a little (its hits count the uploads), and some answers are lost after the
    // service kept the document.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'latency', latency_ms: 100, method: 'POST', path: '^/v1/documents$' },
        { action: 'drop_response', method: 'POST', path: '^/v1/documents$', probability: 0.25 },
      ],
    });
    const hits = async () => ((await (await sb.call('/__sandbox/faults')).json()) as { hits: number }[]).map((r) => r.hits);

    let kills = 0;
    for (let round = 0; round < 10; round++) {
      const before = (await hits())[0] ?? 0;
      const p = cli(['--data', data, 'sync', '--stable-ms', '100'], env);
      await vi
        .waitFor(
          async () => {
            if (((await hits())[0] ?? 0) <= before) throw new Error('not uploading yet');
          },
          { timeout: 30_000, interval: 50 },
        )
        .catch(() => undefined);
      // A real wait: a random moment inside the uploads and moves is the crash under test.
      await new Promise((r) => setTimeout(r, Math.floor(random() * 1500)));
      p.kill('SIGKILL');
      await exited(p);
      kills++;
      if ((await readdir(folder)).length === 0) break;
    }
    const [sends, lost] = await hits();
    expect(sends, `seed ${seed}`).toBeGreaterThan(0);
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
    const docs = await sentDocuments(sb, company);
    expect(docs.map((d) => d.number).sort(), `seed ${seed}: one document per group`).toEqual(
      Array.from({ length: GROUPS }, (_, i) => `GROUP-${i}`).sort(),
    );
    for (const d of docs) {
      const n = d.number?.slice('GROUP-'.length);
      expect(d.files.map((f) => f.filename).sort(), `seed ${seed}`).toEqual(
        [`ORDER-${n}.attachment-drawing.pdf`, `ORDER-${n}.attachment-terms.txt`, `ORDER-${n}.xml`].sort(),
      );
      expect(
        d.references.map((r) => r.reference_id),
        `seed ${seed}`,
      ).toEqual([`4500${n}`, `CONTRACT-${n}`]);
    }
    expect(await readdir(folder)).toEqual([]);
    expect((await readdir(join(root, 'Sent'))).length).toBe(GROUPS * 4);
    expect(await readdir(join(root, 'Failed'))).toEqual([]);
  }, 180_000);
});
