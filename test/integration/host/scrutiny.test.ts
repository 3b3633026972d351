import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { countUnhandledDetectWarnings } from '../../../main/core/sync/detect-work';
import type { DetectStateView, ReportDefinitionView, ReportView, TrailView } from '../../../shared/bridge/scrutiny';
import type { OutboxItemView } from '../../../shared/bridge/views';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { overIpc } from './over-ipc';
import { value } from './results';
import { type HostUnderTest, receive, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
let accountId: string;
let invoiceId: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  h = await startHost(sb, await sb.company());
  accountId = h.te.account.id;
  invoiceId = await receive(sb, h.company, 'peppol-bis3/base-example.xml');
  await h.te.engine.syncOnce();
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

describe('reporting a suspicious sender over HTTP', () => {
  it('reports with reasons from the definitions, says a second report plainly, and withdraws', async () => {
    const defs = value(await h.call<ReportDefinitionView[]>('reports.definitions', { accountId, lang: 'fi' }));
    expect(defs.map((d) => d.reason)).toContain('FRAUD');
    expect(defs.every((d) => d.title.length > 0)).toBe(true);

    const bad = await h.call('reports.create', { accountId, invoiceId, reasons: [], contactEmail: 'not-an-address' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.error.fields ?? {})).toEqual(expect.arrayContaining(['reasons', 'contactEmail']));

    const input = {
      accountId,
      invoiceId,
      reasons: ['FRAUD', 'UNKNOWN_SENDER'],
      contactEmail: 'ap@example.com',
      description: 'Never ordered',
    };
    const listed = value(await h.call<ReportView[]>('reports.create', input));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ reasons: ['FRAUD', 'UNKNOWN_SENDER'], contactEmail: 'ap@example.com', description: 'Never ordered' });

    const again = await h.call('reports.create', input);
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error).toMatchObject({ status: 409, code: 'already_reported', kind: 'skip' });
      expect(again.error.message).toMatch(/already reported/);
    }

    const left = value(await h.call<ReportView[]>('reports.withdraw', { accountId, invoiceId, reportId: listed[0]?.id }));
    expect(left).toEqual([]);
    // Withdrawn twice (another client was first): the report is gone either way.
    expect(value(await h.call<ReportView[]>('reports.withdraw', { accountId, invoiceId, reportId: listed[0]?.id }))).toEqual([]);
    expect(value(await h.call<ReportView[]>('reports.list', { accountId, invoiceId }))).toEqual([]);
    // Withdrawn, the invoice can be reported again.
    expect(value(await h.call<ReportView[]>('reports.create', input))).toHaveLength(1);
  });
});

describe('Detect kept current over HTTP', () => {
  it('runs chosen checks now: PENDING first, then final through the job runner despite failing looks', async () => {
    await h.te.engine.start();
    const events = await h.events();
    // Looks at the analyses fail now and then: two 503s and a reset, which the runner's back-off rides out.
    for (const rule of [
      { action: 'error', method: 'GET', path: '^/v1/analysis/', status: 503, times: 2 },
      { action: 'reset', method: 'GET', path: '^/v1/analysis/', times: 1, skip: 3 },
    ]) {
      expect((await sb.call('/__sandbox/faults', { method: 'POST', json: rule })).status).toBeLessThan(300);
    }
    const started = value(
      await h.call<DetectStateView>('detect.analysis.run', { accountId, invoiceId, checks: ['VAT', 'SENDER_WARNING_LIST'] }),
    );
    expect(started.analyses.map((a) => [a.check, a.status])).toEqual([
      ['SENDER_WARNING_LIST', 'PENDING'],
      ['VAT', 'PENDING'],
    ]);
    expect(started.analysesRunning).toBe(true);
    await events.next('detect.updated', (p: { invoiceId: string }) => p.invoiceId === invoiceId);

    // The service finishes them once its delay has passed on its clock.
    await sb.advanceClock(5_000);
    const done = await vi.waitFor(
      async () => {
        const s = value(await h.call<DetectStateView>('detect.state', { accountId, invoiceId }));
        if (s.analyses.some((a) => a.status === 'PENDING')) throw new Error('still pending');
        return s;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(done.analysesRunning).toBe(false);
    expect(done.analysesGaveUp).toBeNull();
    for (const a of done.analyses) {
      expect(a.status).not.toBe('PENDING');
      expect(a.result).not.toBeNull();
      expect(a.checkedAt).not.toBeNull();
    }
    // The failing looks really happened: the runner went through them to the final answer.
    const rules = (await (await sb.call('/__sandbox/faults')).json()) as { action: string; hits: number }[];
    expect(rules.find((r) => r.action === 'error')?.hits).toBe(2);
    events.close();
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
  });

  it('gives up on a check the service never finishes, after the cap, and says so', async () => {
    expect((await sb.call('/__sandbox/config', { method: 'PATCH', json: { analysis_delay_ms: 3_600_000 } })).status).toBe(200);
    try {
      value(await h.call<DetectStateView>('detect.analysis.run', { accountId, invoiceId, checks: ['SUPPLIER_ACTIVATION'] }));
      const given = await vi.waitFor(
        async () => {
          const s = value(await h.call<DetectStateView>('detect.state', { accountId, invoiceId }));
          if (!s.analysesGaveUp) throw new Error('still looking');
          return s;
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(given.analysesRunning).toBe(false);
      // The sandbox applies a changed delay to every analysis, so the two finished earlier read as PENDING again too.
      expect(given.analysesGaveUp).toMatch(/^Tried 12 times .*still running 3 check/);
      expect(given.analyses.map((a) => a.check).sort()).toEqual(['SENDER_WARNING_LIST', 'SUPPLIER_ACTIVATION', 'VAT']);
      expect(given.analyses.every((a) => a.status === 'PENDING')).toBe(true);
    } finally {
      await sb.call('/__sandbox/config', { method: 'PATCH', json: { analysis_delay_ms: 2_000 } });
    }
  });

  it('asks again for a result that was not final when the invoice is opened, whatever its age', async () => {
    const store = h.te.engine[WRITER];
    // What an earlier answer left: a result the service had not finished, with its fetch settled.
    store.invoices.setDetect(accountId, invoiceId, 'PENDING', []);
    const job = store.jobs.find(accountId, 'detect', invoiceId);
    expect(job?.state).toBe('done');
    const opened = value(await h.call<DetectStateView>('detect.state', { accountId, invoiceId, refresh: true }));
    expect(opened.status).toBe('PENDING');
    expect(opened.refreshing).toBe(true);
    const fresh = await vi.waitFor(
      async () => {
        const s = value(await h.call<DetectStateView>('detect.state', { accountId, invoiceId }));
        if (s.status === 'PENDING' || s.refreshing) throw new Error('not fetched yet');
        return s;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(['OK', 'WARN']).toContain(fresh.status);
    // Opening it again with a final result asks nothing.
    expect(value(await h.call<DetectStateView>('detect.state', { accountId, invoiceId, refresh: true })).refreshing).toBe(false);
  });

  it('counts warned invoices nobody handled, per account', async () => {
    const store = h.te.engine[WRITER];
    store.invoices.setDetect(accountId, invoiceId, 'WARN', ['A finding']);
    expect(countUnhandledDetectWarnings(store).get(accountId)).toBe(1);
    store.invoices.setHandled(accountId, invoiceId, true);
    expect(countUnhandledDetectWarnings(store).get(accountId)).toBeUndefined();
  });
});

describe('the delivery trail over HTTP', () => {
  it("shows a sent invoice's actions newest first with their route and error", async () => {
    const xml = await readFile(join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml'));
    await writeFile(join(h.te.root, 'Outbox', 'Invoices', 'customer.xml'), xml);
    await h.te.engine.syncOnce();
    const job = value(await h.call<OutboxItemView[]>('outbox.list', { accountId })).find((j) => j.file === 'Outbox/Invoices/customer.xml');
    const sentId = job?.remoteId ?? '';
    expect(sentId).not.toBe('');
    const failed = await sb.call(`/__sandbox/invoices/${sentId}/status`, {
      method: 'POST',
      json: { status: 'FAILED', message: 'Mailbox full' },
    });
    expect(failed.status).toBe(200);

    const trail = value(await h.call<TrailView>('trail.invoice', { accountId, invoiceId: sentId }));
    expect(trail.source).toBe('live');
    const times = trail.entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(trail.entries.at(-1)?.type).toBe('CREATED');
    const error = trail.entries.find((e) => e.type === 'ERROR');
    expect(error?.error).toMatch(/Mailbox full/);
    expect(trail.entries.some((e) => e.type === 'SENT' && e.channel !== null && e.destination !== null)).toBe(true);
  });

  it('marks a DELIVERED document as delivered, and says plainly when it no longer is', async () => {
    const made = await sb.call(`/__sandbox/companies/${h.company.company_id}/sent-documents`, {
      method: 'POST',
      json: { type: 'ORDER', number: 'TRAIL-1', status: 'DELIVERED' },
    });
    const { id } = (await made.json()) as { id: string };
    await h.te.engine.syncOnce();

    const before = value(await h.call<TrailView>('trail.document', { accountId, documentId: id }));
    expect(before.entries.map((e) => e.type)).toEqual(['DELIVERED', 'CREATED']);
    expect(before.route?.destination).toBeTruthy();

    expect(value(await h.call<{ status: string }>('documents.confirmDelivery', { accountId, id }))).toEqual({
      status: 'CONFIRMED_DELIVERY',
    });
    const after = value(await h.call<TrailView>('trail.document', { accountId, documentId: id }));
    expect(after.entries[0]?.type).toBe('DELIVERY_CONFIRMED');

    const again = await h.call('documents.confirmDelivery', { accountId, id });
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error).toMatchObject({ status: 409, code: 'document_in_invalid_state' });
      expect(again.error.message).toMatch(/^The document is no longer in DELIVERED state: /);
    }
  });

  it('shows the trail kept in the mirror when the service cannot be reached', async () => {
    const [doc] = h.te.engine.store.documents.list(accountId, 'SENT', 10).items;
    await sb.call('/__sandbox/faults', { method: 'POST', json: { action: 'error', path: '^/v1/documents/[^/]+/events', status: 503 } });
    const kept = value(await h.call<TrailView>('trail.document', { accountId, documentId: doc?.id }));
    expect(kept.source).toBe('kept');
    expect(kept.offlineReason).toMatch(/503/);
    expect(kept.entries.length).toBeGreaterThan(0);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
  });
});

describe('the same commands over Electron IPC', () => {
  it('reach the same handlers, and bad input is refused before the engine', async () => {
    await overIpc(h, async (invoke) => {
      expect(value(await invoke('reports.definitions', { accountId, lang: 'sv' }))).toEqual(
        expect.arrayContaining([expect.objectContaining({ reason: 'SPAM' })]),
      );
      expect(value(await invoke('detect.state', { accountId, invoiceId }))).toMatchObject({ invoiceId });
      const [doc] = h.te.engine.store.documents.list(accountId, 'SENT', 10).items;
      expect(value(await invoke('trail.document', { accountId, documentId: doc?.id }))).toMatchObject({ source: 'live' });
      const bad = await invoke('detect.analysis.run', { accountId, invoiceId, checks: [] });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.error).toMatchObject({ kind: 'invalid', fields: { checks: 'choose at least one check' } });
      const unknown = await invoke('reports.list', { accountId, invoiceId: 'no-such-invoice' });
      expect(unknown.ok).toBe(false);
    });
  });
});
