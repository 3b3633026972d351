import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inboxSubfolders,
  MAX_SENDER_FOLDER_BYTES,
  senderFolderName,
  UNDATED_FOLDER,
  UNKNOWN_SENDER_FOLDER,
  yearMonthOf,
} from '../../../shared/inbox-layout';

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('Inbox layouts', () => {
  const invoice = { dates: ['2026-03-01', '2026-04-02T10:00:00+03:00'], sender: 'Acme Oy' };

  it('files by the first real date: flat, year, year and month, sender', () => {
    expect(inboxSubfolders('flat', invoice)).toEqual([]);
    expect(inboxSubfolders('year', invoice)).toEqual(['2026']);
    expect(inboxSubfolders('year-month', invoice)).toEqual(['2026', '03']);
    expect(inboxSubfolders('sender', invoice)).toEqual(['Acme Oy']);
    // No date of its own: the received date; nothing usable at all: one folder for it, not a crash.
    expect(inboxSubfolders('year-month', { dates: [null, '2025-12-31T23:59:00Z'], sender: null })).toEqual(['2025', '12']);
    expect(inboxSubfolders('year-month', { dates: ['13/2026', '2026-13-01', '../..'], sender: null })).toEqual([UNDATED_FOLDER]);
    expect(inboxSubfolders('sender', { dates: [], sender: null })).toEqual([UNKNOWN_SENDER_FOLDER]);
  });

  it('files items without a sender (bank messages) by year and month under "by sender"', () => {
    expect(inboxSubfolders('sender', { dates: ['2026-05-06T00:00:00.000Z'], noSender: true })).toEqual(['2026', '05']);
  });

  it.each([
    ['../../Evil/Oy', '_.._Evil_Oy'],
    ['..', UNKNOWN_SENDER_FOLDER],
    ['.', UNKNOWN_SENDER_FOLDER],
    ['', UNKNOWN_SENDER_FOLDER],
    ['   ', UNKNOWN_SENDER_FOLDER],
    ['CON', '_CON'],
    ['aux.', '_aux'],
    ['C:\\Windows\\System32', 'C__Windows_System32'],
    ['Acme Oy. ', 'Acme Oy'],
    ['.hidden', 'hidden'],
    ['Järvenpää Oy', 'Järvenpää Oy'],
  ])('keeps the sender %j inside its folder as %j', (raw, want) => {
    expect(senderFolderName(raw)).toBe(want);
  });

  it('makes any sender one safe, short folder name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (raw) => {
        const name = senderFolderName(raw);
        expect(name.length).toBeGreaterThan(0);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there
        expect(name).not.toMatch(/[\\/<>:"|?*\u0000-\u001f]/);
        expect(name).not.toMatch(/^\.|[. ]$/);
        expect(['.', '..']).not.toContain(name);
        expect(name).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i);
        expect(bytes(name)).toBeLessThanOrEqual(MAX_SENDER_FOLDER_BYTES);
      }),
    );
  });

  it('reads only a real year and month', () => {
    expect(yearMonthOf(['2026-02'])).toEqual({ year: '2026', month: '02' });
    expect(yearMonthOf(['0000-01-01', '2026-00-01', null, undefined, '2027-11-30'])).toEqual({ year: '2027', month: '11' });
    expect(yearMonthOf([])).toBeNull();
  });
});
