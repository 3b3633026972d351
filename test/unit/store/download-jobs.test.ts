import { describe, expect, it } from 'vitest';
import { invoice } from './invoice-fixtures';
import { START, storeWithAccount } from './temp-store';

describe('invoice file jobs', () => {
  function withInvoice() {
    const t = storeWithAccount();
    t.store.invoices.upsert(t.account.id, 'RECEIVED', invoice('inv-1'));
    return t;
  }

  it('enqueue is idempotent per invoice, kind and remote file id (none for the original and image)', () => {
    const { store, account } = withInvoice();
    const original = store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'original', filename: 'inv-1.xml' });
    expect(original.created).toBe(true);
    expect(original.job).toMatchObject({
      invoiceId: 'inv-1',
      kind: 'original',
      remoteFileId: null,
      state: 'pending',
      attempts: 0,
      path: null,
    });
    const again = store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'original', filename: 'renamed.xml' });
    expect(again).toEqual({ job: original.job, created: false });
    store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'image', filename: 'inv-1.pdf' });
    store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'attachment', remoteFileId: 'f-1', filename: 'a.pdf' });
    store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'attachment', remoteFileId: 'f-2', filename: 'b.pdf' });
    expect(store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'attachment', remoteFileId: 'f-2', filename: 'b.pdf' }).created).toBe(
      false,
    );
    expect(store.invoiceFiles.listForInvoice(account.id, 'inv-1').map((j) => [j.kind, j.remoteFileId])).toEqual([
      ['original', null],
      ['image', null],
      ['attachment', 'f-1'],
      ['attachment', 'f-2'],
    ]);
    expect(() => store.invoiceFiles.enqueue(account.id, 'not-mirrored', { kind: 'original', filename: 'x' })).toThrow(/FOREIGN KEY/);
  });

  it('lists due jobs oldest first; retry counts and waits; done, failed and missing settle', () => {
    const { store, account, clock } = withInvoice();
    const a = store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'original', filename: 'a' }).job;
    const b = store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'image', filename: 'b' }).job;
    const c = store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'attachment', remoteFileId: 'f-1', filename: 'c' }).job;
    const d = store.invoiceFiles.enqueue(account.id, 'inv-1', {
      kind: 'attachment',
      remoteFileId: 'f-2',
      filename: 'd',
      nextAttemptAt: START + 10,
    }).job;
    expect(store.invoiceFiles.listDue(account.id, 10).map((j) => j.jobId)).toEqual([a.jobId, b.jobId, c.jobId]);
    expect(store.invoiceFiles.listDue(account.id, 2).map((j) => j.jobId)).toEqual([a.jobId, b.jobId]);

    expect(store.invoiceFiles.markRetry(a.jobId, 'HTTP 503', START + 5000)).toBe(true);
    expect(store.invoiceFiles.getJob(a.jobId)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'HTTP 503',
      nextAttemptAt: START + 5000,
    });
    expect(store.invoiceFiles.markDone(b.jobId, { path: 'Inbox/2025/inv-1.pdf', sha256: 'e'.repeat(64), size: 2048 })).toBe(true);
    expect(store.invoiceFiles.markMissing(c.jobId)).toBe(true);
    clock.advance(10);
    expect(store.invoiceFiles.listDue(account.id, 10).map((j) => j.jobId)).toEqual([d.jobId]);
    expect(store.invoiceFiles.markFailed(d.jobId, 'not a PDF')).toBe(true);

    expect(store.invoiceFiles.getJob(b.jobId)).toMatchObject({
      state: 'done',
      path: 'Inbox/2025/inv-1.pdf',
      sha256: 'e'.repeat(64),
      size: 2048,
      attempts: 0,
    });
    expect(store.invoiceFiles.getJob(c.jobId)).toMatchObject({ state: 'missing', attempts: 1 });
    expect(store.invoiceFiles.getJob(d.jobId)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'not a PDF',
      updatedAt: START + 10,
    });
    expect(store.invoiceFiles.countsByState(account.id)).toEqual({ pending: 1, needs_user: 0, done: 1, failed: 1, missing: 1 });
    clock.advance(5000);
    expect(store.invoiceFiles.listDue(account.id, 10).map((j) => j.jobId)).toEqual([a.jobId]);
  });

  it('a late result for a settled job changes nothing; requeue starts it over', () => {
    const { store, account } = withInvoice();
    const job = store.invoiceFiles.enqueue(account.id, 'inv-1', { kind: 'original', filename: 'a' }).job;
    store.invoiceFiles.markFailed(job.jobId, 'gave up');
    expect(store.invoiceFiles.markDone(job.jobId, { path: 'p', sha256: 's', size: 1 })).toBe(false);
    expect(store.invoiceFiles.markRetry(job.jobId, 'again', 0)).toBe(false);
    expect(store.invoiceFiles.getJob(job.jobId)).toMatchObject({ state: 'failed', path: null });
    expect(store.invoiceFiles.requeue(job.jobId)).toBe(true);
    expect(store.invoiceFiles.requeue(job.jobId)).toBe(false);
    expect(store.invoiceFiles.getJob(job.jobId)).toMatchObject({ state: 'pending', attempts: 0, lastError: null, nextAttemptAt: 0 });
    expect(store.invoiceFiles.getJob(9999)).toBeUndefined();
  });
});

describe('document file jobs', () => {
  it('enqueue is idempotent per file id, and the job functions are the shared ones', () => {
    const { store, account } = storeWithAccount();
    store.documents.upsert(account.id, 'RECEIVED', { id: 'doc-1', type: 'ORDER', status: 'DELIVERED' });
    const first = store.documentFiles.enqueue(account.id, 'doc-1', { fileId: 'df-1', fileType: 'PRIMARY_FILE', filename: 'order.xml' });
    expect(first.created).toBe(true);
    expect(first.job).toMatchObject({
      documentId: 'doc-1',
      fileId: 'df-1',
      fileType: 'PRIMARY_FILE',
      filename: 'order.xml',
      state: 'pending',
    });
    expect(store.documentFiles.enqueue(account.id, 'doc-1', { fileId: 'df-1', filename: 'order.xml' }).created).toBe(false);
    store.documentFiles.enqueue(account.id, 'doc-1', { fileId: 'df-2', filename: 'terms.pdf' });
    expect(store.documentFiles.listForDocument(account.id, 'doc-1').map((j) => j.fileId)).toEqual(['df-1', 'df-2']);
    expect(store.documentFiles.markDone(first.job.jobId, { path: 'Inbox/Documents/order.xml', sha256: 'x', size: 10 })).toBe(true);
    expect(store.documentFiles.listDue(account.id, 10).map((j) => j.fileId)).toEqual(['df-2']);
  });
});

describe('bank message jobs', () => {
  it('enqueues each message id once per kind and lists them newest first', () => {
    const { store, account, clock } = storeWithAccount();
    const ri = store.bankMessages.enqueue(account.id, 'ri', '1001');
    expect(ri.job).toMatchObject({ kind: 'ri', id: '1001', messageType: null, seenAt: START, state: 'pending' });
    clock.advance(60_000);
    expect(store.bankMessages.enqueue(account.id, 'ri', '1001').created).toBe(false);
    expect(store.bankMessages.enqueue(account.id, 'ri', '1001').job.seenAt).toBe(START);
    store.bankMessages.enqueue(account.id, 'ri', '1002');
    const sent = store.bankMessages.enqueue(account.id, 'sent', '1001', 'CVL');
    expect(sent.created).toBe(true);
    expect(sent.job.messageType).toBe('CVL');
    expect(store.bankMessages.list(account.id, 'ri').map((j) => j.id)).toEqual(['1002', '1001']);
    expect(store.bankMessages.markMissing(ri.job.jobId, '404')).toBe(true);
    expect(store.bankMessages.listDue(account.id, 10).map((j) => `${j.kind}:${j.id}`)).toEqual(['ri:1002', 'sent:1001']);
    expect(store.bankMessages.countsByState(account.id)).toEqual({ pending: 2, needs_user: 0, done: 0, failed: 0, missing: 1 });
  });
});

describe('RI messages waiting for their delete to be queued', () => {
  it('lists each downloaded, verified RI message until its delete is marked queued, and never again after', () => {
    const { store, account } = storeWithAccount();
    const file = (n: number) => ({ path: `Inbox/${n}.xml`, sha256: 'a'.repeat(64), size: 10 });
    const ri1 = store.bankMessages.enqueue(account.id, 'ri', '1001').job;
    const ri2 = store.bankMessages.enqueue(account.id, 'ri', '1002').job;
    store.bankMessages.enqueue(account.id, 'ri', '1003');
    const sent = store.bankMessages.enqueue(account.id, 'sent', '1004').job;
    store.bankMessages.markDone(ri1.jobId, file(1));
    store.bankMessages.markDone(ri2.jobId, file(2));
    store.bankMessages.markDone(sent.jobId, file(4));
    // Not downloaded yet (1003) or not an RI message (1004): nothing to delete.
    expect(store.bankMessages.listUndeletedRi(account.id, 10).map((m) => m.id)).toEqual(['1001', '1002']);
    store.bankMessages.markDeleteQueued(account.id, '1001');
    expect(store.bankMessages.listUndeletedRi(account.id, 10).map((m) => m.id)).toEqual(['1002']);
    expect(store.bankMessages.listUndeletedRi(account.id, 1).map((m) => m.id)).toEqual(['1002']);
    // Fetched again (the user asked): its delete was queued once already, so it is not listed again.
    store.bankMessages.requeue(ri1.jobId);
    store.bankMessages.markDone(ri1.jobId, file(1));
    expect(store.bankMessages.listUndeletedRi(account.id, 10).map((m) => m.id)).toEqual(['1002']);
  });
});
