import { describe, expect, it } from 'vitest';
import { bankWindow, FIRST_WINDOW_MS, OVERLAP_MS } from '../../../main/core/sync/inbound-bank';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('bank message windows', () => {
  it('lists the first window when nothing was listed before', () => {
    expect(bankWindow(undefined, NOW)).toEqual({ start: NOW - FIRST_WINDOW_MS, end: NOW, healed: false });
  });

  it('starts the overlap before where the last window ended, and ends at the given (service) time', () => {
    expect(bankWindow(iso(NOW - 60_000), NOW)).toEqual({ start: NOW - 60_000 - OVERLAP_MS, end: NOW, healed: false });
    expect(bankWindow(iso(NOW), NOW)).toEqual({ start: NOW - OVERLAP_MS, end: NOW, healed: false });
  });

  it('never runs a window backwards: a position after now (a clock that ran ahead) lists the first window again', () => {
    for (const ahead of [1, OVERLAP_MS, 3 * 3600_000, 400 * 86_400_000]) {
      const w = bankWindow(iso(NOW + ahead), NOW);
      expect(w).toEqual({ start: NOW - FIRST_WINDOW_MS, end: NOW, healed: true });
      expect(w.start).toBeLessThan(w.end);
    }
  });

  it('lists the first window again for a position that is not a time', () => {
    expect(bankWindow('not a time', NOW)).toEqual({ start: NOW - FIRST_WINDOW_MS, end: NOW, healed: true });
  });
});
