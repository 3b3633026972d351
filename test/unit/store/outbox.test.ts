import { describe, expect, it } from 'vitest';
import type { NewOutboxJob } from '../../../main/core/store/outbox';
import { START, storeWithAccount } from './temp-store';

const file = (accountId: string, over: Partial<NewOutboxJob> = {}): NewOutboxJob => ({
  accountId,
  kind: 'invoice',
  relPath: 'Outbox/Invoices/inv-1.xml',
  filename: 'inv-1.xml',
  size: 1234,
  mtimeMs: START - 5000,
  sha256: 'a'.repeat(64),
  options: { format: 'PEPPOLBIS30', print_settings: { color: 'COLOR' } },
  ...over,
});

describe('outbox', () => {
  it('inserts a queued row with a fresh idempotency key and answers it', () => {
    const { store, account } = storeWithAccount();
    const { job, created } = store.outbox.insert(file(account.id));
    expect(created).toBe(true);
    expect(job).toMatchObject({
      accountId: account.id,
      kind: 'invoice',
      documentType: null,
      relPath: 'Outbox/Invoices/inv-1.xml',
      state: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      forced: false,
      needsReroute: false,
      options: { format: 'PEPPOLBIS30', print_settings: { color: 'COLOR' } },
      createdAt: START,
    });
    // the account took id 1 from the sequence; the job's key is the next one, and it stays
    expect(job.idemKey).toBe('00000000-0000-4000-8000-000000000002');
    expect(store.outbox.get(job.id)).toEqual(job);
    expect(store.outbox.get(job.id + 100)).toBeUndefined();
  });

  it('keeps a caller-given key, and a document needs its kind for a document type', () => {
    const { store, account } = storeWithAccount();
    const { job } = store.outbox.insert(
      file(account.id, { kind: 'document', documentType: 'ORDER', relPath: 'Outbox/Documents/ORDER/o.xml', idemKey: 'tx-77' }),
    );
    expect(job).toMatchObject({ kind: 'document', documentType: 'ORDER', idemKey: 'tx-77' });
    expect(() => store.outbox.insert(file(account.id, { documentType: 'ORDER', relPath: 'x' }))).toThrow(/CHECK/);
    expect(() => store.outbox.insert(file(account.id, { relPath: 'other', idemKey: 'tx-77' }))).toThrow(/UNIQUE/);
  });

  it('queues one file version once while it is in flight, and again once it is done', () => {
    const { store, account, clock } = storeWithAccount();
    const first = store.outbox.insert(file(account.id));
    clock.advance(1000);
    const again = store.outbox.insert(file(account.id));
    expect(again.created).toBe(false);
    expect(again.job.id).toBe(first.job.id);
    expect(again.job.idemKey).toBe(first.job.idemKey);

    // a changed file at the same path is a new version
    const edited = store.outbox.insert(file(account.id, { sha256: 'b'.repeat(64) }));
    expect(edited.created).toBe(true);
    expect(store.outbox.findActiveByPath(account.id, 'Outbox/Invoices/inv-1.xml').map((j) => j.id)).toEqual([first.job.id, edited.job.id]);

    for (const step of [
      ['queued', 'uploading'],
      ['uploading', 'uploaded'],
      ['uploaded', 'moving'],
      ['moving', 'done'],
    ] as const) {
      expect(store.outbox.transition(first.job.id, [step[0]], step[1])).toBe(true);
    }
    const resent = store.outbox.insert(file(account.id));
    expect(resent.created).toBe(true);
    expect(resent.job.id).not.toBe(first.job.id);
    expect(resent.job.idemKey).not.toBe(first.job.idemKey);
    expect(store.outbox.findActiveByPath(account.id, 'Outbox/Invoices/inv-1.xml').map((j) => j.id)).toEqual([edited.job.id, resent.job.id]);
  });

  it('transition is compare-and-set: a stale move changes nothing', () => {
    const { store, account, clock } = storeWithAccount();
    const { job } = store.outbox.insert(file(account.id));
    clock.advance(10);
    expect(store.outbox.transition(job.id, ['queued'], 'uploading')).toBe(true);
    // a second worker that still believes the row is queued loses
    expect(store.outbox.transition(job.id, ['queued'], 'vanished', { lastError: 'gone' })).toBe(false);
    const now = store.outbox.get(job.id)!;
    expect(now.state).toBe('uploading');
    expect(now.lastError).toBeNull();
    expect(now.updatedAt).toBe(START + 10);
    expect(store.outbox.transition(9999, ['queued'], 'done')).toBe(false);
  });

  it('transition writes only the patched fields, null clears, booleans round-trip', () => {
    const { store, account } = storeWithAccount();
    const { job } = store.outbox.insert(file(account.id));
    store.outbox.transition(job.id, ['queued'], 'queued', {
      lastError: '503 from the service',
      errorKind: 'retry',
      nextAttemptAt: START + 60_000,
    });
    store.outbox.transition(job.id, ['queued'], 'uploaded', { remoteId: 'inv-remote-1', forced: true, needsReroute: true });
    let row = store.outbox.get(job.id)!;
    expect(row).toMatchObject({
      state: 'uploaded',
      lastError: '503 from the service',
      errorKind: 'retry',
      nextAttemptAt: START + 60_000,
      remoteId: 'inv-remote-1',
      forced: true,
      needsReroute: true,
    });
    store.outbox.transition(job.id, ['uploaded'], 'moving', {
      destPath: 'Sent/2025-01/inv-1.xml',
      lastError: null,
      errorKind: null,
      needsReroute: false,
    });
    row = store.outbox.get(job.id)!;
    expect(row).toMatchObject({
      state: 'moving',
      destPath: 'Sent/2025-01/inv-1.xml',
      lastError: null,
      errorKind: null,
      remoteId: 'inv-remote-1',
      forced: true,
      needsReroute: false,
    });
    expect(() => store.outbox.transition(job.id, ['moving'], 'done', { errorKind: 'maybe' as 'skip' })).toThrow(/CHECK/);
  });

  it('recordAttempt counts and marks uploading in one step, only from the given states', () => {
    const { store, account } = storeWithAccount();
    const { job } = store.outbox.insert(file(account.id));
    expect(store.outbox.recordAttempt(job.id)).toBe(true);
    expect(store.outbox.get(job.id)).toMatchObject({ attempts: 1, state: 'uploading' });
    expect(store.outbox.recordAttempt(job.id)).toBe(false);
    expect(store.outbox.get(job.id)!.attempts).toBe(1);
    expect(store.outbox.recordAttempt(job.id, ['uploading'])).toBe(true);
    expect(store.outbox.get(job.id)).toMatchObject({ attempts: 2, state: 'uploading' });
  });

  it('recordAttempt with the count a sender read refuses once another try was counted, even with the row queued again', () => {
    const { store, account } = storeWithAccount();
    const { job } = store.outbox.insert(file(account.id));
    const staleRead = store.outbox.get(job.id)!;
    // Another sender claims it, its answer is lost, and the row is queued again with back-off.
    expect(store.outbox.recordAttempt(job.id, ['queued'], staleRead.attempts)).toBe(true);
    expect(store.outbox.transition(job.id, ['uploading'], 'queued', { nextAttemptAt: Date.now() + 60_000 })).toBe(true);
    expect(store.outbox.recordAttempt(job.id, ['queued'], staleRead.attempts)).toBe(false);
    expect(store.outbox.get(job.id)).toMatchObject({ attempts: 1, state: 'queued' });
    expect(store.outbox.recordAttempt(job.id, ['queued'], 1)).toBe(true);
  });

  it('finds earlier copies of the same bytes, but not ones that never reached the service', () => {
    const { store, account } = storeWithAccount();
    const other = store.accounts.create({ name: 'Other', environment: 'test', companyId: 'c-2', root: '/data/other' });
    const sha = 'c'.repeat(64);
    const a = store.outbox.insert(file(account.id, { relPath: 'Outbox/Invoices/a.xml', sha256: sha })).job;
    const b = store.outbox.insert(file(account.id, { relPath: 'Outbox/Invoices/b.xml', sha256: sha })).job;
    const c = store.outbox.insert(file(account.id, { relPath: 'Outbox/Invoices/c.xml', sha256: sha })).job;
    const d = store.outbox.insert(file(account.id, { relPath: 'Outbox/Invoices/d.xml', sha256: sha })).job;
    store.outbox.insert(file(account.id, { relPath: 'Outbox/Invoices/e.xml', sha256: 'd'.repeat(64) }));
    store.outbox.insert(file(other.id, { relPath: 'Outbox/Invoices/a.xml', sha256: sha }));
    store.outbox.transition(a.id, ['queued'], 'done');
    store.outbox.transition(b.id, ['queued'], 'failed');
    store.outbox.transition(c.id, ['queued'], 'vanished');
    expect(store.outbox.findBySha256(account.id, sha).map((j) => j.id)).toEqual([a.id, d.id]);
    expect(store.outbox.findBySha256(account.id, 'f'.repeat(64))).toEqual([]);
  });

  it('lists due rows in time order, up to the limit, per account', () => {
    const { store, account, clock } = storeWithAccount();
    const ids = ['x', 'y', 'z', 'w'].map(
      (n, i) =>
        store.outbox.insert(file(account.id, { relPath: `Outbox/Invoices/${n}.xml`, nextAttemptAt: START + [30, 10, 20, 999_999][i]! })).job
          .id,
    );
    const held = store.outbox.insert(file(account.id, { relPath: 'Outbox/Invoices/h.xml', state: 'held_duplicate' })).job;
    expect(store.outbox.listDue(account.id, 10)).toEqual([]);
    clock.advance(30);
    expect(store.outbox.listDue(account.id, 10).map((j) => j.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(store.outbox.listDue(account.id, 2).map((j) => j.id)).toEqual([ids[1], ids[2]]);
    expect(store.outbox.listDue(account.id, 10, START + 15).map((j) => j.id)).toEqual([ids[1]]);
    expect(store.outbox.listDue('nobody', 10)).toEqual([]);
    expect(store.outbox.listByStates(account.id, ['held_duplicate']).map((j) => j.id)).toEqual([held.id]);
    expect(store.outbox.listByStates(null, ['queued', 'held_duplicate'])).toHaveLength(5);
  });

  it('counts rows per state for an account, every state present', () => {
    const { store, account } = storeWithAccount();
    for (const n of ['a', 'b', 'c']) store.outbox.insert(file(account.id, { relPath: n }));
    store.outbox.transition(1, ['queued'], 'failed');
    expect(store.outbox.countsByState(account.id)).toEqual({
      queued: 2,
      held_duplicate: 0,
      needs_user: 0,
      uploading: 0,
      uploaded: 0,
      moving: 0,
      done: 0,
      failed: 1,
      vanished: 0,
    });
  });

  it('lists sent rows whose delivery may still change, least recently checked first', () => {
    const { store, account } = storeWithAccount();
    const sent = (
      relPath: string,
      kind: 'invoice' | 'document',
      status: string | null,
      checkedAt: number | null,
      state: 'done' | 'uploaded' = 'done',
    ) => {
      const extra = kind === 'document' ? { documentType: 'ORDER' } : {};
      const { job } = store.outbox.insert(file(account.id, { relPath, kind, ...extra }));
      store.outbox.transition(job.id, ['queued'], state, {
        remoteId: `r-${relPath}`,
        deliveryStatus: status,
        deliveryCheckedAt: checkedAt,
      });
      return job.id;
    };
    const fresh = sent('a', 'invoice', null, null);
    const pending = sent('b', 'invoice', 'PENDING', START - 100);
    sent('c', 'invoice', 'DELIVERED', START - 500);
    sent('d', 'invoice', 'SENT', null);
    const docDelivered = sent('e', 'document', 'DELIVERED', START - 300);
    sent('f', 'document', 'CONFIRMED_DELIVERY', null);
    sent('g', 'document', 'FAILED', null);
    const uploaded = sent('h', 'invoice', null, START - 50, 'uploaded');
    store.outbox.insert(file(account.id, { relPath: 'not-sent-yet' }));

    expect(store.outbox.listUndelivered(account.id, 10).map((j) => j.id)).toEqual([fresh, docDelivered, pending, uploaded]);
    expect(store.outbox.listUndelivered(account.id, 2).map((j) => j.id)).toEqual([fresh, docDelivered]);
    // only rows not checked since a given time (throttling)
    expect(store.outbox.listUndelivered(account.id, 10, START - 200).map((j) => j.id)).toEqual([fresh, docDelivered]);
  });

  it('reads the newest sent rows, those waiting for a reroute, and the row that sent an item, per account', () => {
    const { store, account } = storeWithAccount();
    const other = store.accounts.create({
      name: 'Other',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:8787',
      companyId: 'c-2',
      root: '/data/o',
    });
    const sent = (accountId: string, n: number, patch: { needsReroute?: boolean; kind?: 'invoice' | 'document' } = {}) => {
      const kind = patch.kind ?? 'invoice';
      const extra = kind === 'document' ? { documentType: 'ORDER' } : {};
      const { job } = store.outbox.insert(
        file(accountId, { relPath: `Outbox/s${n}.xml`, sha256: String(n).padStart(64, '0'), kind, ...extra }),
      );
      store.outbox.transition(job.id, ['queued'], 'done', { remoteId: `r${n}`, needsReroute: patch.needsReroute ?? false });
      return job.id;
    };
    const ids = Array.from({ length: 6 }, (_, i) => sent(account.id, i, { needsReroute: i === 1 }));
    const theirs = sent(other.id, 100, { needsReroute: true });
    const doc = sent(account.id, 7, { kind: 'document' });
    const open = store.outbox.insert(file(account.id, { relPath: 'Outbox/open.xml' })).job.id;

    expect(store.outbox.listRecentDone(account.id, 3).map((j) => j.id)).toEqual([doc, ids[5], ids[4]]);
    expect(store.outbox.listRecentDone(null, 2).map((j) => j.id)).toEqual([doc, theirs]);
    expect(store.outbox.listNeedingReroute(account.id).map((j) => j.id)).toEqual([ids[1]]);
    expect(store.outbox.listNeedingReroute(null).map((j) => j.id)).toEqual([ids[1], theirs]);
    expect(store.outbox.findSent(account.id, 'invoice', 'r3')?.id).toBe(ids[3]);
    // Of its kind, of its account, and sent.
    expect(store.outbox.findSent(account.id, 'invoice', 'r7')).toBeUndefined();
    expect(store.outbox.findSent(account.id, 'document', 'r7')?.id).toBe(doc);
    expect(store.outbox.findSent(account.id, 'invoice', 'r100')).toBeUndefined();
    expect(store.outbox.listByStates(account.id, ['queued']).map((j) => j.id)).toEqual([open]);
    expect(store.outbox.listByStates(other.id, ['queued'])).toEqual([]);
  });

  it('rows go with their account', () => {
    const { store, account } = storeWithAccount();
    const { job } = store.outbox.insert(file(account.id));
    expect(store.accounts.remove(account.id)).toBe(true);
    expect(store.outbox.get(job.id)).toBeUndefined();
    expect(() => store.outbox.insert(file('no-such-account'))).toThrow(/FOREIGN KEY/);
  });
});
