import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { naturalCompare } from '../../sandbox/domain/document-list';
import { form, startTestSandbox } from '../support/sandbox';
import { fileTempDir } from '../support/temp';

const order = readFileSync(new URL('../../../shared/fixtures/documents/ORDER_Order_Example.xml', import.meta.url));
const dir = fileTempDir('sandbox-docs-');

type Doc = { id: string; status: string; files: { id: string }[] };

describe('documents and bank messages survive a restart of a sandbox with --data', () => {
  it('keeps records, files, events, the transmission ids and the bank messages', async () => {
    const first = await startTestSandbox({ dataDir: dir });
    const c = await first.company();
    let token = await first.token(c);
    const up = await first.call('/v1/documents', {
      method: 'POST',
      token,
      body: form({ name: 'o.xml', data: order }, { transmission_id: 'keep-1', recipient_operator: 'PEPPOL' }),
    });
    const doc = (await up.json()) as Doc;
    await first.call(`/__sandbox/documents/${doc.id}/status`, { method: 'POST', json: { status: 'DELIVERED' } });
    const bank = (await (
      await first.call(`/__sandbox/companies/${c.company_id}/bank-messages`, {
        method: 'POST',
        json: { kind: 'ri', timestamp: '2024-06-01T12:00:00Z' },
      })
    ).json()) as { id: string };
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      token = await second.token(c);
      const list = await second.call('/v1/documents', { token });
      expect(list.headers.get('x-total')).toBe('1');
      expect(((await list.json()) as Doc[])[0]).toMatchObject({ id: doc.id, status: 'DELIVERED' });
      const events = (await (await second.call(`/v1/documents/${doc.id}/events`, { token })).json()) as { code: string }[];
      expect(events.map((e) => e.code)).toEqual(['CREATED', 'DELIVERED']);
      const file = await second.call(`/v1/files/${doc.files[0]?.id}`, { token });
      expect(Buffer.from(await file.arrayBuffer()).equals(order)).toBe(true);
      const again = await second.call('/v1/documents', {
        method: 'POST',
        token,
        body: form({ name: 'o.xml', data: order }, { transmission_id: 'keep-1', recipient_operator: 'PEPPOL' }),
      });
      expect(again.status).toBe(422);
      const next = await second.call('/v1/documents', {
        method: 'POST',
        token,
        body: form({ name: 'o.xml', data: order }, { recipient_operator: 'PEPPOL' }),
      });
      expect(next.status).toBe(201);
      expect((await second.call('/v1/documents', { token })).headers.get('x-total')).toBe('2');
      const ids = await second.call(
        '/v1/fi_bank_messages/ri_messages?timestamp_start=2024-06-01T00:00:00Z&timestamp_end=2024-06-02T00:00:00Z',
        { token },
      );
      expect(await ids.json()).toEqual([bank.id]);
      expect((await second.call(`/v1/fi_bank_messages/ri_messages/${bank.id}`, { token })).status).toBe(200);

      // A reset empties the documents; the list must not keep answering the forgotten ones.
      await second.call('/__sandbox/reset', { method: 'POST' });
      const c2 = await second.company();
      const t2 = await second.token(c2);
      await second.call('/v1/documents', {
        method: 'POST',
        token: t2,
        body: form({ name: 'o.xml', data: order }, { recipient_operator: 'PEPPOL' }),
      });
      await second.call('/v1/documents', {
        method: 'POST',
        token: t2,
        body: form({ name: 'o.xml', data: order }, { recipient_operator: 'PEPPOL' }),
      });
      expect((await second.call('/v1/documents', { token: t2 })).headers.get('x-total')).toBe('2');
    } finally {
      await second.close();
    }
  });
});

describe('naturalCompare', () => {
  it('orders digit runs by value and everything else by character', () => {
    const sorted = ['N-10', 'N-2', 'A', 'N-1', 'B-0', 'N-02b', '', 'N-2a'].sort(naturalCompare);
    expect(sorted).toEqual(['', 'A', 'B-0', 'N-1', 'N-2', 'N-2a', 'N-02b', 'N-10']);
    expect(naturalCompare('x99', 'x100')).toBeLessThan(0);
    expect(naturalCompare('abc', 'abd')).toBeLessThan(0);
    expect(naturalCompare('7', '007')).toBe(0);
  });
});
