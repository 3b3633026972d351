import { join } from 'node:path';
import pLimit from 'p-limit';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../../../main/core/api';
import { silentLogger } from '../../../../main/core/log';
import { createStore, type Store } from '../../../../main/core/store';
import type { SyncContext } from '../../../../main/core/sync/context';
import { detectState, refreshDetectOnOpen } from '../../../../main/core/sync/detect-work';
import { EngineEvents } from '../../../../main/core/sync/events';
import { DETECT_KIND, detectQueue, enqueueDetect } from '../../../../main/core/sync/jobs/detect-queue';
import { JobRunner } from '../../../../main/core/sync/jobs/job-runner';
import { passWakeAt } from '../../../../main/core/sync/jobs/run-kinds';
import { accountFaults } from '../../../../main/core/sync/local-faults';
import { tempDir } from '../../../support/temp';

// A Detect result the service has not finished: kept, asked again with the runner's back-off until
// final, given up at the cap, and asked again when the invoice is opened. The service's answers are
// scripted here because neither the spec nor the sandbox has a result that is not final.

let store: Store | null = null;
afterEach(() => {
  store?.close();
  store = null;
});

function setup(answers: string[]) {
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const s = createStore(join(tempDir(), 'engine.db'), { now: () => clock });
  store = s;
  const account = s.accounts.create({ name: 'A', environment: 'sandbox', companyId: 'c-1', root: '/r' });
  s.invoices.upsert(account.id, 'RECEIVED', { id: 'inv-1', status: 'DELIVERED', received_at: '2026-01-02T10:00:00Z' });
  let asked = 0;
  const api = {
    invoices: {
      detectResults: async () => {
        const status = answers[Math.min(asked++, answers.length - 1)] ?? 'OK';
        return { status, executed_checks: ['VAT'], findings: status === 'WARN' ? ['Not in the VAT register'] : [] };
      },
    },
  } as unknown as Api;
  const events = new EngineEvents();
  const told: string[] = [];
  events.on('detect', (p) => told.push(p.invoiceId));
  const jobRunner = new JobRunner({ now: () => clock, random: () => 0.5, backoff: { baseMs: 1_000, capMs: 8_000 }, log: silentLogger });
  const ctx: SyncContext = {
    store: s,
    api,
    account,
    spoolDir: '/spool',
    now: () => clock,
    random: () => 0.5,
    events,
    log: silentLogger,
    stableMs: 0,
    requests: pLimit(4),
    faults: accountFaults(s, account.id, events, silentLogger),
    jobRunner,
  };
  const pass = async () => {
    const due = passWakeAt(ctx);
    if (due !== null && due > clock) clock = due;
    return jobRunner.runDue(
      detectQueue(ctx, () => 'en'),
      1,
    );
  };
  return { s, ctx, account, pass, told, asked: () => asked };
}

describe('Detect results that are not final', () => {
  it('are kept and asked again with back-off until the service says OK, WARN or DISABLED', async () => {
    const { s, ctx, account, pass, told } = setup(['PENDING', 'PENDING', 'WARN']);
    enqueueDetect(ctx, ['inv-1']);
    expect(await pass()).toMatchObject({ retried: 1, done: 0 });
    expect(s.invoices.get(account.id, 'inv-1')?.detectStatus).toBe('PENDING');
    expect(detectState(ctx, 'inv-1')).toMatchObject({ status: 'PENDING', refreshing: true, gaveUp: null });
    const first = s.jobs.find(account.id, DETECT_KIND, 'inv-1');
    expect(first?.nextAttemptAt).toBeGreaterThan(ctx.now());
    expect(await pass()).toMatchObject({ retried: 1 });
    expect(await pass()).toMatchObject({ done: 1 });
    expect(detectState(ctx, 'inv-1')).toMatchObject({ status: 'WARN', findings: ['Not in the VAT register'], refreshing: false });
    expect(passWakeAt(ctx)).toBeNull();
    expect(told).toEqual(['inv-1', 'inv-1', 'inv-1']);
  });

  it('are given up at the cap, said plainly, and asked again when the invoice is opened', async () => {
    const { ctx, pass, asked } = setup(['PENDING']);
    enqueueDetect(ctx, ['inv-1']);
    for (let i = 0; i < 8; i++) await pass();
    const given = detectState(ctx, 'inv-1');
    expect(given.refreshing).toBe(false);
    expect(given.gaveUp).toMatch(/^Tried 8 times .*Detect has not finished its checks/);
    expect(await pass()).toMatchObject({ done: 0, retried: 0 });
    expect(asked()).toBe(8);

    expect(refreshDetectOnOpen(ctx, 'inv-1')).toBe(true);
    // Already queued: opening it again queues nothing more.
    expect(refreshDetectOnOpen(ctx, 'inv-1')).toBe(false);
    expect(detectState(ctx, 'inv-1')).toMatchObject({ refreshing: true, gaveUp: null });
    await pass();
    expect(asked()).toBe(9);
  });

  it('opening an invoice with a final result asks nothing', async () => {
    const { s, ctx, account } = setup(['OK']);
    s.invoices.setDetect(account.id, 'inv-1', 'OK', []);
    expect(refreshDetectOnOpen(ctx, 'inv-1')).toBe(false);
    expect(s.jobs.find(account.id, DETECT_KIND, 'inv-1')).toBeUndefined();
  });
});
