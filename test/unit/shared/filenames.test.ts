import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extensionFor, MAX_NAME_BYTES, numberedName, readableName, sanitizeFileName } from '../../../shared/filenames';

describe('sanitizeFileName', () => {
  it.each([
    ['..\\..\\Windows\\system32', '_.._Windows_system32'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['CON', '_CON'],
    ['con.xml', '_con.xml'],
    ['LPT1.pdf', '_LPT1.pdf'],
    ['a<b>c:d"e|f?g*h.xml', 'a_b_c_d_e_f_g_h.xml'],
    ['  name. . ', 'name'],
    ['', 'file'],
    ['..', 'file'],
    ['.', 'file'],
    ['.hidden', 'hidden'],
    ['Järvenpää Oy 12.xml', 'Järvenpää Oy 12.xml'],
    ['tab\there\nnewline', 'tab here newline'],
  ])('%j -> %j', (raw, want) => {
    expect(sanitizeFileName(raw)).toBe(want);
  });

  it('refuses every reserved device name in every spelling, trailing spaces and dots included (issue 39, item 8)', () => {
    const devices = ['CON', 'PRN', 'AUX', 'NUL', ...[1, 2, 3, 4, 5, 6, 7, 8, 9, '¹', '²', '³'].flatMap((n) => [`COM${n}`, `LPT${n}`])];
    const spellings = (d: string) => [d, d.toLowerCase(), d[0] + d.slice(1).toLowerCase()];
    const tails = ['', '.txt', ' .txt', '  .xml', '. .pdf', '..xml', ' ', '.', ' . ', '.tar.gz'];
    for (const d of devices)
      for (const spelt of spellings(d))
        for (const tail of tails) {
          const out = sanitizeFileName(`${spelt}${tail}`);
          const base = (out.split('.')[0] ?? '').replace(/[\s.]+$/, '');
          expect(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i.test(base), `${spelt}${tail} -> ${out}`).toBe(false);
        }
  });

  it('normalises to NFC so macOS and Windows agree on the name', () => {
    expect(sanitizeFileName('A\u0308rø.xml')).toBe('\u00c4rø.xml');
  });

  it('keeps the extension when it cuts a long name, within the byte limit', () => {
    const name = sanitizeFileName(`${'ä'.repeat(300)}.xml`);
    expect(name.endsWith('.xml')).toBe(true);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it('never yields a name that leaves its folder or is illegal, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (raw) => {
        const n = sanitizeFileName(raw);
        expect(n.length).toBeGreaterThan(0);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not survive
        expect(n).not.toMatch(/[/\\<>:"|?*\u0000-\u001f]/);
        expect(n).not.toMatch(/^\.|[. ]$/);
        expect(n === '.' || n === '..').toBe(false);
        expect(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(n)).toBe(false);
        expect(new TextEncoder().encode(n).length).toBeLessThanOrEqual(MAX_NAME_BYTES);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('readable names', () => {
  it('joins date, party and number', () => {
    expect(readableName({ date: '2026-03-01T10:00:00Z', party: 'Sender Oy', number: '12345' }, '.xml')).toBe(
      '2026-03-01 Sender Oy 12345.xml',
    );
    expect(readableName({ party: 'Evil/..\\Oy', number: 'CON' }, 'pdf')).toBe('Evil_.._Oy CON.pdf');
  });
  it('numbers alternatives before the extension', () => {
    expect(numberedName('a.xml', 2)).toBe('a (2).xml');
    expect(numberedName('README', 3)).toBe('README (3)');
  });
  it('picks extensions by content type', () => {
    expect(extensionFor('application/pdf')).toBe('.pdf');
    expect(extensionFor('application/xml; charset=utf-8')).toBe('.xml');
    expect(extensionFor(undefined)).toBe('.bin');
  });
});
