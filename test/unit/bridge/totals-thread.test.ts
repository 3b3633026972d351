import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { seedInvoices } from '../../../bench/seed-mirror';
import { TotalsThread } from '../../../main/core/bridge/handlers/totals-thread';
import type { TotalsAnswer } from '../../../main/core/bridge/handlers/totals-worker';
import { WRITER } from '../../../main/core/store/writer';
import type { InvoicePage, InvoiceTotals } from '../../../shared/bridge/views';
import { invoice } from '../store/invoice-fixtures';
import { storeWithAccount } from '../store/temp-store';
import { testBridge } from './setup';

// Real SQLite files, the real worker thread (its own read-only connection), the real bridge.

describe('the totals thread', () => {
  it('sums a search on its own connection to exactly what one query on the engine’s gives', { timeout: 120_000 }, async () => {
    const { store, account } = storeWithAccount();
    seedInvoices(store, account.id, 20_000);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    const thread = new TotalsThread(store.db.name);
    try {
      for (const search of ['Kuljetus', 'i', 'nordic fjord', 'xyzzy']) {
        const filter = { direction: 'RECEIVED' as const, search };
        const got = await thread.totals(account.id, filter);
        expect(got).toEqual(store.invoices.totals(account.id, filter));
        if (search === 'Kuljetus' || search === 'i') expect(got.length).toBeGreaterThan(0);
      }
      // What the engine writes after the worker has opened its connection is seen by the next ask.
      const before = await thread.totals(account.id, { direction: 'RECEIVED', search: 'Kuljetus' });
      for (let i = 0; i < 5; i++)
        store.invoices.upsert(account.id, 'RECEIVED', {
          ...invoice(`new-${i}`, { sender: { name: 'Kuljetus Uusi Oy' }, sum: 10 }),
          currency: 'EUR',
        });
      const after = await thread.totals(account.id, { direction: 'RECEIVED', search: 'Kuljetus' });
      expect(after).toEqual(store.invoices.totals(account.id, { direction: 'RECEIVED', search: 'Kuljetus' }));
      expect(after).not.toEqual(before);
    } finally {
      thread.stop();
    }
  });

  it('answers an older ask of the account "superseded" once a newer one comes, and the newest in full', { timeout: 120_000 }, async () => {
    const { store, account } = storeWithAccount();
    seedInvoices(store, account.id, 50_000);
    const thread = new TotalsThread(store.db.name);
    try {
      const settled: string[] = [];
      const older = thread.totals(account.id, { direction: 'RECEIVED', search: 'i' }).finally(() => settled.push('older'));
      const waiting = thread.totals(account.id, { direction: 'RECEIVED', search: 'nordic' }).finally(() => settled.push('waiting'));
      const newest = { direction: 'RECEIVED' as const, search: 'Kuljetus' };
      const newer = thread.totals(account.id, newest).finally(() => settled.push('newer'));
      await expect(older).rejects.toMatchObject({ view: { kind: 'retry', message: expect.stringMatching(/^Newer totals/) } });
      await expect(waiting).rejects.toMatchObject({ view: { kind: 'retry' } });
      expect(await newer).toEqual(store.invoices.totals(account.id, newest));
      expect(settled).toEqual(['older', 'waiting', 'newer']);
    } finally {
      thread.stop();
    }
  });

  it('stops summing a superseded search where it is instead of running it to the end', { timeout: 120_000 }, async () => {
    const { store, account } = storeWithAccount();
    seedInvoices(store, account.id, 20_000);
    const thread = new TotalsThread(store.db.name);
    try {
      const older = thread.totals(account.id, { direction: 'RECEIVED', search: 'i' });
      // What the worker itself answered (the thread no longer hands it on once superseded).
      const worker = (thread as unknown as { worker: Worker }).worker;
      const answers: TotalsAnswer[] = [];
      worker.on('message', (a: TotalsAnswer) => answers.push(a));
      const newest = { direction: 'RECEIVED' as const, search: 'Kuljetus' };
      const newer = thread.totals(account.id, newest);
      await expect(older).rejects.toMatchObject({ view: { kind: 'retry' } });
      expect(await newer).toEqual(store.invoices.totals(account.id, newest));
      // "i" matches nearly every row, so it could only have ended early by stopping at a check.
      expect(answers[0]).toMatchObject({ ok: false, message: expect.stringMatching(/superseded/) });
      expect(answers[1]).toMatchObject({ ok: true });
      // The same worker answered both: it was not ended and replaced.
      expect((thread as unknown as { worker: Worker }).worker).toBe(worker);
    } finally {
      thread.stop();
    }
  });

  it('answers in plain words when the mirror cannot be read', async () => {
    const { store } = storeWithAccount();
    const thread = new TotalsThread(`${store.db.name}.missing`);
    try {
      await expect(thread.totals('a', { direction: 'RECEIVED', search: 'x' })).rejects.toMatchObject({
        view: { kind: 'retry', message: expect.stringMatching(/^The totals of this search could not be counted \(.+\); ask again$/) },
      });
    } finally {
      thread.stop();
    }
  });
});

describe('bridge calls while a huge search’s totals are being summed', () => {
  it('are answered before the totals, which still arrive whole', { timeout: 180_000 }, async () => {
    const t = testBridge();
    const a = t.account();
    const store = t.engine[WRITER];
    seedInvoices(store, a.id, 200_000);
    const order: string[] = [];
    const all = { direction: 'RECEIVED' as const, query: 'i' };
    // A search matching nearly every row: one query over all of them (about 3 s at a million rows).
    const totals = t.bridge.dispatch('invoices.totals', { accountId: a.id, filter: all }).then((r) => {
      order.push('totals');
      return r;
    });
    const pages: InvoicePage[] = [];
    for (const query of ['K', 'Ku', 'Kul', 'Kulj']) {
      const r = await t.bridge.dispatch('invoices.list', { accountId: a.id, filter: { direction: 'RECEIVED', query }, limit: 50 });
      if (!r.ok) throw new Error(r.error.message);
      pages.push(r.value as InvoicePage);
      order.push(`list ${query}`);
    }
    const status = await t.bridge.dispatch('sync.status', {});
    order.push('sync.status');
    expect(status.ok).toBe(true);
    const answer = await totals;
    expect(order).toEqual(['list K', 'list Ku', 'list Kul', 'list Kulj', 'sync.status', 'totals']);
    expect(pages.every((p) => p.items.length > 0)).toBe(true);
    if (!answer.ok) throw new Error(answer.error.message);
    const want = store.invoices.totals(a.id, { direction: 'RECEIVED', search: 'i' });
    expect((answer.value as InvoiceTotals).byCurrency).toEqual(want);
    expect(want.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(100_000);
  });
});

describe('closing the bridge', () => {
  it('answers a search’s totals still being counted in plain words instead of finishing them', {
    timeout: 120_000,
  }, async () => {
    const t = testBridge();
    const a = t.account();
    seedInvoices(t.engine[WRITER], a.id, 50_000);
    const totals = t.bridge.dispatch('invoices.totals', { accountId: a.id, filter: { direction: 'RECEIVED', query: 'i' } });
    t.bridge.close();
    const answer = await totals;
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/could not be counted \(the mirror was closed\)/);
  });
});
