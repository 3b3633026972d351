import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashAccount, faultHits, finishCleanly, killWhileSending } from '../../support/crash-harness';
import { dropGroup, sentDocuments } from '../../support/document-groups';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const GROUPS = 10;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('documents with companions: crash safety', () => {
  it('sends each of 10 documents once with both attachments and its references although the engine is killed mid-way again and again', async () => {
    const run = await crashAccount(sb, 'einvoice-group-crash-');
    const { seed, company, root } = run;
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
    const kills = await killWhileSending(sb, run, folder, 10);
    const [sends, lost] = await faultHits(sb);
    expect(sends, `seed ${seed}`).toBeGreaterThan(0);
    expect(lost, `seed ${seed}: answers were lost while the engine lived`).toBeGreaterThan(0);
    await finishCleanly(sb, run);

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
