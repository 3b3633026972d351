import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ActiveRow, type Observation, plan } from '../../../main/core/sync/planner';
import type { ScannedFile } from '../../../main/core/sync/scan';

const file = (name: string, size = 100, mtimeMs = 1000): ScannedFile => ({
  relPath: `Outbox/Invoices/${name}`,
  folder: 'Outbox/Invoices',
  subdir: '',
  name,
  kind: 'invoice',
  documentType: null,
  size,
  mtimeMs,
  dev: 1,
  ino: name.length,
});
const row = (over: Partial<ActiveRow> & { id: number; relPath: string }): ActiveRow => ({
  size: 100,
  mtimeMs: 1000,
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});

describe('planner', () => {
  it('waits until a file keeps its size and mtime for the stability time', () => {
    const f = file('a.xml');
    const p1 = plan({ now: 0, stableMs: 2000, scan: [f], seen: new Map(), active: [] });
    expect(p1.ops).toEqual([]);
    expect(p1.wakeAt).toBe(2000);
    const p2 = plan({ now: 1500, stableMs: 2000, scan: [f], seen: p1.seen, active: [] });
    expect(p2.ops).toEqual([]);
    const p3 = plan({ now: 2000, stableMs: 2000, scan: [f], seen: p2.seen, active: [] });
    expect(p3.ops).toEqual([{ op: 'intake', file: f }]);
  });

  it('starts the wait again when the file grows', () => {
    const p1 = plan({ now: 0, stableMs: 1000, scan: [file('a.xml', 10)], seen: new Map(), active: [] });
    const p2 = plan({ now: 1500, stableMs: 1000, scan: [file('a.xml', 20)], seen: p1.seen, active: [] });
    expect(p2.ops).toEqual([]);
    expect(p2.seen.get('Outbox/Invoices/a.xml')?.since).toBe(1500);
  });

  it('does not queue a version that is already queued, but does queue a changed one', () => {
    const seen = new Map<string, Observation>([['Outbox/Invoices/a.xml', { size: 100, mtimeMs: 1000, since: 0 }]]);
    const active = [row({ id: 1, relPath: 'Outbox/Invoices/a.xml', nextAttemptAt: 99_999 })];
    expect(plan({ now: 5000, stableMs: 1000, scan: [file('a.xml')], seen, active }).ops).toEqual([]);
    const changed = new Map<string, Observation>([['Outbox/Invoices/a.xml', { size: 120, mtimeMs: 2000, since: 0 }]]);
    const ops = plan({ now: 5000, stableMs: 1000, scan: [file('a.xml', 120, 2000)], seen: changed, active }).ops;
    expect(ops).toEqual([{ op: 'intake', file: file('a.xml', 120, 2000) }]);
  });

  it('uploads due rows, finishes uploaded ones, cancels untried rows whose file was removed', () => {
    const active = [
      row({ id: 1, relPath: 'Outbox/Invoices/due.xml', nextAttemptAt: 10 }),
      row({ id: 2, relPath: 'Outbox/Invoices/later.xml', nextAttemptAt: 500 }),
      row({ id: 3, relPath: 'Outbox/Invoices/up.xml', state: 'uploaded', attempts: 1 }),
      row({ id: 4, relPath: 'Outbox/Invoices/gone.xml' }),
      row({ id: 5, relPath: 'Outbox/Invoices/tried-gone.xml', attempts: 2 }),
      row({ id: 6, relPath: 'Outbox/Invoices/mv.xml', state: 'moving', attempts: 1 }),
    ];
    const scan = [file('due.xml'), file('later.xml'), file('up.xml')];
    const seen = new Map(scan.map((f) => [f.relPath, { size: f.size, mtimeMs: f.mtimeMs, since: 0 }]));
    const p = plan({ now: 100, stableMs: 10, scan, seen, active });
    expect(p.ops).toEqual([
      { op: 'upload', id: 1 },
      { op: 'finish', id: 3 },
      { op: 'cancel', id: 4 },
      { op: 'upload', id: 5 },
      { op: 'finish', id: 6 },
    ]);
    expect(p.wakeAt).toBe(500);
  });

  it('never uploads a row that is not queued and due, never intakes an unstable file (property)', () => {
    const arbRow = fc.record({
      id: fc.nat(1000),
      relPath: fc.constantFrom('a', 'b', 'c', 'd').map((n) => `Outbox/Invoices/${n}.xml`),
      size: fc.nat(5),
      mtimeMs: fc.nat(5),
      state: fc.constantFrom('queued', 'held_duplicate', 'uploading', 'uploaded', 'moving') as fc.Arbitrary<ActiveRow['state']>,
      attempts: fc.nat(3),
      nextAttemptAt: fc.nat(200),
    });
    const arbFile = fc
      .record({ n: fc.constantFrom('a', 'b', 'c', 'd'), size: fc.nat(5), mtimeMs: fc.nat(5) })
      .map((x) => file(`${x.n}.xml`, x.size, x.mtimeMs));
    fc.assert(
      fc.property(
        fc.uniqueArray(arbRow, { maxLength: 8, selector: (r) => r.id }),
        fc.uniqueArray(arbFile, { selector: (f) => f.relPath }),
        fc.nat(200),
        (active, scan, now) => {
          const seen = new Map(scan.map((f) => [f.relPath, { size: f.size, mtimeMs: f.mtimeMs, since: now - 50 }]));
          const p = plan({ now, stableMs: 100, scan, seen, active });
          for (const op of p.ops) {
            if (op.op === 'upload') {
              const r = active.find((x) => x.id === op.id);
              expect(r?.state).toBe('queued');
              expect(r && r.nextAttemptAt <= now).toBe(true);
            }
            expect(op.op).not.toBe('intake');
          }
        },
      ),
    );
  });
});
