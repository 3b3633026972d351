import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStatusView, InvoiceDetail, OutboxItemView } from '../../../shared/bridge/views';
import { FIXTURES, startTestEngine } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { value } from './results';
import { type HostUnderTest, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
/** The engine's clock runs this far ahead: delivery checks wait a minute between asks, the test does not. */
let skew = 0;

beforeAll(async () => {
  sb = await startTestSandbox();
  const company = await sb.company();
  const te = await startTestEngine(sb, company, { name: 'Sender', stableMs: 50, now: () => Date.now() + skew });
  h = await startHost(sb, company, te);
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

describe('a sent invoice whose delivery failed, over HTTP', () => {
  it('is listed as needing a reroute, shows its own file, and goes out again by e-mail', async () => {
    const accountId = h.te.account.id;
    const xml = await readFile(join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml'));
    await writeFile(join(h.te.root, 'Outbox', 'Invoices', 'customer.xml'), xml);
    await h.te.engine.syncOnce();
    const [job] = value(await h.call<OutboxItemView[]>('outbox.list', { accountId }));
    expect(job).toMatchObject({ state: 'done', kind: 'invoice', file: 'Outbox/Invoices/customer.xml', needsReroute: false });
    const remoteId = job?.remoteId ?? '';

    const failed = await sb.call(`/__sandbox/invoices/${remoteId}/status`, {
      method: 'POST',
      json: { status: 'FAILED', message: 'Mailbox full' },
    });
    expect(failed.status).toBe(200);
    skew += 61_000;
    await h.te.engine.syncOnce();
    expect(value(await h.call<OutboxItemView[]>('outbox.list', { accountId }))).toMatchObject([
      { id: job?.id, deliveryStatus: 'FAILED', needsReroute: true },
    ]);
    expect(value(await h.call<AccountStatusView[]>('sync.status'))).toMatchObject([{ needsReroute: 1, sent: 1 }]);

    const detail = value(await h.call<InvoiceDetail>('invoices.get', { accountId, id: remoteId }));
    expect(detail.row).toMatchObject({ direction: 'SENT', status: 'FAILED' });
    expect(detail.outbox).toMatchObject({ id: job?.id, needsReroute: true });
    expect(detail.rendered).toMatchObject({ number: 'Snippet1', seller: { name: 'SupplierTradingName Ltd.' } });
    const own = detail.files.find((f) => f.kind === 'original');
    expect(own).toMatchObject({ filename: 'customer.xml', state: 'done', path: join(h.te.root, 'Sent', 'customer.xml') });
    const read = value(await h.call<{ base64: string }>('files.read', { accountId, path: own?.path }));
    expect(Buffer.from(read.base64, 'base64').equals(xml)).toBe(true);

    const bad = await h.call('invoices.reroute', { accountId, id: remoteId, method: 'email', body: { recipient_email: 'nope' } });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { 'body.recipient_email': expect.any(String) } } });
    const rerouted = value(
      await h.call('invoices.reroute', { accountId, id: remoteId, method: 'email', body: { recipient_email: 'ap@customer.example' } }),
    );
    expect(rerouted).toEqual({ status: 'PENDING', message: 'The invoice is on its way again by e-mail' });
    // The reroute is written once, in the engine: with its delivery event and a line in the activity log.
    const log = h.te.engine.store.activity.listLatest(20, accountId);
    expect(log.find((a) => a.kind === 'invoice.rerouted')?.message).toMatch(/on its way again by e-mail/);
    expect(value(await h.call<OutboxItemView[]>('outbox.list', { accountId }))).toMatchObject([
      { deliveryStatus: 'PENDING', needsReroute: false },
    ]);
    const again = await h.call('invoices.reroute', {
      accountId,
      id: remoteId,
      method: 'email',
      body: { recipient_email: 'ap@customer.example' },
    });
    expect(again).toMatchObject({ ok: false, error: { kind: 'skip', status: 409 } });
  });

  it('a copy of a sent file is held back until outbox.force sends it', async () => {
    const accountId = h.te.account.id;
    const xml = await readFile(join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml'));
    await writeFile(join(h.te.root, 'Outbox', 'Invoices', 'copy.xml'), xml);
    await h.te.engine.syncOnce();
    const held = value(await h.call<OutboxItemView[]>('outbox.list', { accountId })).find((j) => j.file.endsWith('copy.xml'));
    expect(held).toMatchObject({ state: 'held_duplicate' });
    expect(await h.call('outbox.force', { id: 999_999 })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(value(await h.call('outbox.force', { id: held?.id }))).toMatchObject({ id: held?.id, state: 'queued' });
    expect(await h.call('outbox.force', { id: held?.id })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: expect.stringMatching(/is queued/) },
    });
    await h.te.engine.syncOnce();
    const sent = value(await h.call<OutboxItemView[]>('outbox.list', { accountId })).find((j) => j.id === held?.id);
    expect(sent).toMatchObject({ state: 'done', remoteId: expect.any(String) });
  });
});
