import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import { cli, crashAccount, exited, finishCleanly } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const FILES = 100;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('crash safety', () => {
  it('sends each of 100 files exactly once although the engine is killed with SIGKILL again and again', async () => {
    const run = await crashAccount(sb, 'einvoice-crash-');
    const { seed, random, company, data, root, env } = run;

    // 100 distinct invoices: the same fixture with a different number each.
    const template = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    const { writeFile } = await import('node:fs/promises');
    for (let i = 0; i < FILES; i++) {
      await writeFile(
        join(root, 'Outbox', 'Invoices', `invoice-${String(i).padStart(3, '0')}.xml`),
        template.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>CRASH-${i}</cbc:ID>`),
      );
    }
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(root, 'Outbox', 'Invoices', 'kept-as-is.xml'));
    // Some answers are lost after the service applied the request: the worst case for double sending.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [{ action: 'drop_response', method: 'POST', path: '^/v1/invoices$', probability: 0.2 }],
    });

    let kills = 0;
    for (let round = 0; round < 12; round++) {
      const p = cli(['--data', data, 'sync', '--stable-ms', '100'], env);
      const life = 300 + Math.floor(random() * 1700);
      // A real wait: a random life before the SIGKILL is the crash under test, not a wait for something.
      await new Promise((r) => setTimeout(r, life));
      p.kill('SIGKILL');
      await exited(p);
      kills++;
      const left = await readdir(join(root, 'Outbox', 'Invoices'));
      if (left.length === 0) break;
    }
    await finishCleanly(sb, run);

    const uploads = (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as {
      filename: string;
      uuid: string;
      attempts: number;
    }[];
    const names = uploads.map((u) => u.filename).sort();
    expect(kills).toBeGreaterThan(0);
    expect(new Set(uploads.map((u) => u.uuid)).size, `seed ${seed}`).toBe(uploads.length);
    expect(names, `seed ${seed}: each file became exactly one invoice`).toEqual(
      [...Array.from({ length: FILES }, (_, i) => `invoice-${String(i).padStart(3, '0')}.xml`), 'kept-as-is.xml'].sort(),
    );
    expect(await readdir(join(root, 'Outbox', 'Invoices'))).toEqual([]);
    expect((await readdir(join(root, 'Sent'))).length).toBe(FILES + 1);
    // Killed between any two steps, the archive still holds every sent file exactly as it lies: none changed or added.
    const engine = new Engine({ dataDir: run.data, secrets: new MemorySecrets() });
    try {
      const v = await engine.archive.verify(engine.listAccounts()[0]!.id);
      expect(v, `seed ${seed}`).toMatchObject({ ok: true, changed: [], missing: [], added: [] });
      expect(v.files).toBeGreaterThanOrEqual(FILES + 1);
    } finally {
      await engine.stop();
    }
    const invoices = (await (
      await sb.call(`/v1/invoices?direction=SENT&per_page=100&page=1`, { token: await sb.token(company) })
    ).json()) as unknown[];
    const page2 = (await (
      await sb.call(`/v1/invoices?direction=SENT&per_page=100&page=2`, { token: await sb.token(company) })
    ).json()) as unknown[];
    expect(invoices.length + page2.length, `seed ${seed}: the service holds one invoice per file`).toBe(FILES + 1);
  }, 180_000);
});
