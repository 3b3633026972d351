import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessage, sentOnService, sha256 } from '../../support/bank-messages';
import { crashAccount, faultHits, finishCleanly, killWhileSending } from '../../support/crash-harness';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const FILES = 30;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('bank messages: crash safety without an idempotency key', () => {
  it('sends each of 30 messages exactly once although the engine is killed mid-send again and again', async () => {
    const run = await crashAccount(sb, 'einvoice-bank-crash-');
    const { seed, company, root } = run;
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
    const kills = await killWhileSending(sb, run, folder, 10);
    const [sends, lost] = await faultHits(sb);
    expect(sends, `seed ${seed}: messages were sent while the engine lived`).toBeGreaterThan(0);
    expect(lost, `seed ${seed}: answers were lost while the engine lived`).toBeGreaterThan(0);
    await finishCleanly(sb, run);

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
