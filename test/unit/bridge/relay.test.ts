import { describe, expect, it, onTestFinished } from 'vitest';
import { createBridgeServer } from '../../../main/core/bridge';
import { WRITER } from '../../../main/core/store/writer';
import type { BridgeEventName } from '../../../shared/bridge/events';
import { invoice } from '../store/invoice-fixtures';
import { testBridge } from './setup';

/** Resolves once the next turn of the event loop has run (the relay reads new activity once per turn). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

describe('engine events reach the bridge as bridge events', () => {
  it('maps each engine event onto its bridge event', async () => {
    const { bridge, engine } = testBridge();
    const seen: [BridgeEventName, unknown][] = [];
    bridge.subscribeAll((name, payload) => seen.push([name, payload]));
    const ev = engine.events;
    ev.emit('state', { accountId: 'a', state: 'syncing' });
    ev.emit('state', { accountId: 'a', state: 'needs_user', message: 'The API key was refused' });
    ev.emit('progress', { accountId: 'a', phase: 'invoices', done: 100, total: 250 });
    ev.emit('sent', { accountId: 'a', outboxId: 1, file: 'Outbox/Invoices/x.xml', remoteId: 'r1', kind: 'invoice' });
    ev.emit('rejected', { accountId: 'a', outboxId: 2, file: 'Outbox/Invoices/y.xml', message: 'not an invoice' });
    ev.emit('received', { accountId: 'a', kind: 'invoice', id: 'i1' });
    ev.emit('delivery', { accountId: 'a', outboxId: 1, remoteId: 'r1', status: 'FAILED', needsReroute: true });
    ev.emit('problem', { accountId: null, kind: 'retry', message: 'offline' });
    expect(seen).toEqual([
      ['sync.state', { accountId: 'a', state: 'syncing', message: null }],
      ['sync.state', { accountId: 'a', state: 'needs_user', message: 'The API key was refused' }],
      ['sync.progress', { accountId: 'a', phase: 'invoices', done: 100, total: 250 }],
      ['item.sent', { accountId: 'a', outboxId: 1, file: 'Outbox/Invoices/x.xml', remoteId: 'r1' }],
      ['item.rejected', { accountId: 'a', outboxId: 2, file: 'Outbox/Invoices/y.xml', message: 'not an invoice' }],
      ['item.received', { accountId: 'a', kind: 'invoice', id: 'i1' }],
      ['item.delivery', { accountId: 'a', outboxId: 1, status: 'FAILED', needsReroute: true }],
      ['problem', { accountId: null, kind: 'retry', message: 'offline' }],
    ]);
  });

  it('pushes each new activity entry once, oldest first, after the events that write them', async () => {
    const { bridge: early, engine, dataDir, account } = testBridge();
    const a = account();
    engine[WRITER].activity.append({ accountId: a.id, level: 'info', kind: 'old', message: 'before the late bridge' });
    const late = createBridgeServer({
      engine,
      dataDir,
      host: {
        kind: 'browser',
        version: '1',
        capabilities: { openFiles: false, startAtLogin: false, notifications: false },
        secretStore: { kind: 'memory', label: 'memory only' },
      },
    });
    onTestFinished(() => late.close());
    const seenEarly: string[] = [];
    const seenLate: string[] = [];
    early.subscribe('activity', (entry) => seenEarly.push(entry.message));
    late.subscribe('activity', (entry) => seenLate.push(entry.message));
    engine[WRITER].activity.append({ accountId: a.id, level: 'info', kind: 'upload.done', message: 'first' });
    engine[WRITER].activity.append({ accountId: a.id, level: 'error', kind: 'upload.failed', message: 'second' });
    engine.events.emit('sent', { accountId: a.id, outboxId: 1, file: 'f', remoteId: null, kind: 'invoice' });
    engine.events.emit('synced', { accountId: a.id, at: 0, ok: true });
    await nextTurn();
    engine.events.emit('synced', { accountId: a.id, at: 1, ok: true });
    await nextTurn();
    expect(seenLate).toEqual(['first', 'second']);
    expect(seenEarly).toEqual(['before the late bridge', 'first', 'second']);
  });

  it('relays state changes, and stops on unsubscribe and close (sync.status asks the engine, which owns the state)', async () => {
    const { bridge, engine, account } = testBridge();
    const a = account();
    const states: string[] = [];
    const off = bridge.subscribe('sync.state', (p) => states.push(p.state));
    engine.events.emit('state', { accountId: a.id, state: 'offline', message: 'The service is having trouble (HTTP 503)' });
    off();
    engine.events.emit('state', { accountId: a.id, state: 'idle' });
    expect(states).toEqual(['offline']);
    const after: string[] = [];
    bridge.subscribeAll((name) => after.push(name));
    bridge.close();
    engine.events.emit('state', { accountId: a.id, state: 'idle' });
    expect(after).toEqual([]);
  });

  it('pushes a burst of entries larger than one read, each once', async () => {
    const { bridge, engine, account } = testBridge();
    const a = account();
    const got: number[] = [];
    bridge.subscribe('activity', (entry) => got.push(entry.id));
    const ids = engine[WRITER].transaction(() =>
      Array.from({ length: 1200 }, (_, i) =>
        engine[WRITER].activity.append({ accountId: a.id, level: 'info', kind: 'outbox.queued', message: `file ${i}` }),
      ),
    );
    engine.events.emit('synced', { accountId: a.id, at: 0, ok: true });
    await nextTurn();
    expect(got).toEqual(ids);
  });

  it("sends a changed invoice's new row with a reroute and with each Detect result, for the lists to put in place", () => {
    const { bridge, engine, account } = testBridge();
    const a = account();
    engine[WRITER].invoices.upsert(a.id, 'SENT', invoice('s1', { status: 'PENDING', number: 'S-1' }));
    engine[WRITER].invoices.upsert(a.id, 'RECEIVED', invoice('r1', { number: 'R-1' }));
    const seen: [BridgeEventName, unknown][] = [];
    bridge.subscribeAll((name, payload) => seen.push([name, payload]));
    engine.events.emit('invoice', { accountId: a.id, invoiceId: 's1' });
    engine.events.emit('detect', { accountId: a.id, invoiceId: 'r1' });
    engine.events.emit('detect', { accountId: a.id, invoiceId: 'gone' });
    const changed = seen.filter(([name]) => name === 'invoice.changed').map(([, p]) => p as { invoiceId: string; row: unknown });
    expect(changed.map((c) => c.invoiceId)).toEqual(['s1', 'r1', 'gone']);
    expect(changed[0]?.row).toMatchObject({ id: 's1', direction: 'SENT', status: 'PENDING', number: 'S-1' });
    expect(changed[1]?.row).toMatchObject({ id: 'r1', direction: 'RECEIVED', number: 'R-1' });
    expect(changed[2]?.row).toBeNull();
    // The detail's own event stays as it was.
    expect(seen.filter(([name]) => name === 'detect.updated')).toHaveLength(2);
  });
});
