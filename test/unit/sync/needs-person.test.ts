import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../../main/core/store';
import { FAILED_WINDOW_MS, NEED_COUNTERS, needsPerson, QUIET_AFTER_MS } from '../../../main/core/sync/needs-person';
import { accountHealth } from '../../../shared/account-health';
import { NEED_KINDS } from '../../../shared/bridge/needs-person';
import { stoppedFacts } from '../../support/health-facts';
import { tempDir } from '../../support/temp';

// The Overview's "needs a person" over a real SQLite file with an accounting office's worth of companies.

const NOW = Date.parse('2026-11-25T12:00:00Z');
const DAY = 24 * 3600 * 1000;
let store: Store | null = null;
afterEach(() => {
  store?.close();
  store = null;
});

function office(companies: number): Store {
  let clock = NOW - 400 * DAY;
  const s = createStore(join(tempDir(), 'engine.db'), { now: () => clock });
  for (let i = 0; i < companies; i++) {
    s.accounts.create({ name: `Client ${String(i).padStart(3, '0')}`, environment: 'production', companyId: `c-${i}`, root: `/r/${i}` });
  }
  clock = NOW;
  return s;
}

let seq = 0;
function outbox(s: Store, accountId: string, state: string, updatedAt: number): void {
  seq++;
  s.db
    .prepare(
      `INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
       VALUES (?, 'invoice', ?, ?, 1, 0, 'x', ?, ?, ?, ?)`,
    )
    .run(accountId, `Outbox/Invoices/${seq}.xml`, `${seq}.xml`, `key-${seq}`, state, updatedAt, updatedAt);
}
function invoice(s: Store, accountId: string, direction: 'SENT' | 'RECEIVED', status: string | null, at: number, detect?: string): void {
  seq++;
  s.db
    .prepare(
      `INSERT INTO invoices (account_id, id, direction, status, sort_ms, handled, detect_status, json, first_seen_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, '{}', ?, ?)`,
    )
    .run(accountId, `inv-${seq}`, direction, status, at, detect ?? null, at, at);
}

describe('needs a person', () => {
  it('counts each kind per company across 250 accounts in a few milliseconds, leaving out companies with nothing', () => {
    const s = office(250);
    store = s;
    const accounts = s.accounts.list();
    // Every account had traffic lately, but three.
    for (const a of accounts.slice(3)) invoice(s, a.id, 'RECEIVED', null, NOW - DAY);
    const [a0, a1, a2, a3, a4] = accounts;
    if (!a0 || !a1 || !a2 || !a3 || !a4) throw new Error('accounts');
    outbox(s, a3.id, 'needs_user', NOW);
    outbox(s, a3.id, 'held_duplicate', NOW);
    outbox(s, a4.id, 'failed', NOW - DAY);
    outbox(s, a4.id, 'failed', NOW - FAILED_WINDOW_MS - DAY); // long ago: not asked about again
    outbox(s, a4.id, 'done', NOW);
    invoice(s, a4.id, 'SENT', 'FAILED', NOW - DAY);
    invoice(s, a4.id, 'SENT', 'DELIVERED', NOW - DAY);
    invoice(s, a3.id, 'RECEIVED', null, NOW - DAY, 'WARN');
    for (const [event, seen] of [
      ['e-1', 0],
      ['e-2', 0],
      ['e-3', 1],
    ] as const) {
      s.db
        .prepare(
          `INSERT INTO collection_events (account_id, event_id, assignment_id, invoice_id, event_type, happened_at, data_json, seen, first_seen_at)
           VALUES (?, ?, 'as-1', 'inv-x', 'REMINDER_SENT', '2026-11-24T10:00:00Z', '{}', ?, ?)`,
        )
        .run(a4.id, event, seen, NOW);
    }
    // a0..a2: created 400 days ago; a0 and a1 saw nothing for longer than the warning, a2 a month ago.
    invoice(s, a2.id, 'RECEIVED', null, NOW - 30 * DAY);
    invoice(s, a1.id, 'RECEIVED', null, NOW - QUIET_AFTER_MS - DAY);

    const started = performance.now();
    const view = needsPerson({
      store: s,
      accounts,
      now: NOW,
      health: new Map([[a2.id, accountHealth(stoppedFacts(NOW, 'The company is not verified'))]]),
    });
    const took = performance.now() - started;

    expect(view.accounts).toBe(250);
    expect(view.companies.map((c) => [c.name, c.counts])).toEqual([
      ['Client 002', { syncStopped: 1 }],
      ['Client 004', { failedUploads: 1, reroutes: 1, collectionEvents: 2 }],
      ['Client 003', { heldUploads: 2, detectWarnings: 1 }],
      ['Client 000', { quietCompany: 1 }],
      ['Client 001', { quietCompany: 1 }],
    ]);
    expect(view.companies[0]?.health).toEqual([expect.objectContaining({ kind: 'syncStopped', detail: 'The company is not verified' })]);
    expect(view.companies.find((c) => c.name === 'Client 001')?.lastTrafficAt).toBe(new Date(NOW - QUIET_AFTER_MS - DAY).toISOString());
    expect(view.totals).toMatchObject({
      syncStopped: 1,
      heldUploads: 2,
      failedUploads: 1,
      reroutes: 1,
      detectWarnings: 1,
      collectionEvents: 2,
      quietCompany: 2,
    });
    expect(view.available).toEqual([...NEED_KINDS]);
    expect(took).toBeLessThan(250);
  });

  it('takes a counter plugged in for a kind, and tells a kind without one as not counted rather than zero', () => {
    const s = office(2);
    store = s;
    const accounts = s.accounts.list();
    for (const a of accounts) invoice(s, a.id, 'RECEIVED', null, NOW);
    const input = { store: s, accounts, now: NOW, health: new Map() };
    const without = needsPerson(input, { ...NEED_COUNTERS, collectionEvents: null });
    expect(without.available).not.toContain('collectionEvents');
    expect(without.companies).toEqual([]);
    const second = accounts[1]?.id ?? '';
    const withIt = needsPerson(input, { ...NEED_COUNTERS, collectionEvents: () => new Map([[second, 4]]) });
    expect(withIt.available).toContain('collectionEvents');
    expect(withIt.companies).toEqual([expect.objectContaining({ accountId: second, counts: { collectionEvents: 4 }, total: 4 })]);
  });
});
