import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvFormat, csvLine, EOL, invoiceCsv } from '../../../main/core/bridge/csv';
import { createFormatters } from '../../../renderer/i18n/format';
import type { InvoiceRow } from '../../../shared/bridge/views';
import { emptyInvoiceRow } from '../../support/view-rows';

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold separators, quotes (doubled) and line breaks. */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const row = (over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  ...emptyInvoiceRow(),
  id: 'i1',
  direction: 'RECEIVED',
  status: 'DELIVERED',
  number: 'INV-1',
  reference: null,
  senderName: 'Järvenpää Oy',
  recipientName: 'Demo Oy',
  date: '2026-02-01',
  dateDue: '2026-03-01',
  sum: 12345.5,
  sumTax: 0,
  currency: 'EUR',
  receivedAt: '2026-02-01T08:00:00Z',
  handled: false,
  detectStatus: null,
  detectFindings: [],
  ...over,
});

describe('CSV cells', () => {
  it('uses ; where the decimal separator is a comma (fi, sv, nb, da) and , in English; amounts without grouping, minus as ASCII', () => {
    const en = csvFormat('en');
    expect([en.separator, en.amount(12345.5), en.amount(-3)]).toEqual([',', '12345.50', '-3.00']);
    for (const lang of ['fi', 'sv', 'nb', 'da'] as const) {
      const f = csvFormat(lang);
      expect([f.separator, f.amount(12345.5), f.amount(-3), f.amount(0.005)], lang).toEqual([';', '12345,50', '-3,00', '0,01']);
    }
  });

  it('writes dates exactly as the lists show them, in each language', () => {
    for (const lang of ['en', 'fi', 'sv', 'nb', 'da'] as const) {
      expect(csvFormat(lang).date('2026-02-01')).toBe(createFormatters(lang).date('2026-02-01'));
    }
    expect(csvFormat('fi').date('2026-02-01')).toBe('1.2.2026');
  });

  it('defuses text that a spreadsheet would run as a formula, but leaves the amounts it writes as numbers', () => {
    const f = csvFormat('en');
    expect(csvCell('=HYPERLINK("http://x","y")', f)).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+41 1', f)).toBe("'+41 1");
    expect(csvCell('-1+2', f)).toBe("'-1+2");
    expect(csvCell('@SUM(A1)', f)).toBe("'@SUM(A1)");
    expect(csvCell('\tx', f)).toBe("'\tx");
    expect(csvCell('\rx', f)).toBe(`"'\rx"`);
    expect(csvCell(-12.5, f)).toBe('-12.50');
    expect(csvCell('a=b', f)).toBe('a=b');
  });

  it('quotes separators, quotes and line breaks (RFC 4180); empty values are empty cells', () => {
    const f = csvFormat('fi');
    expect(csvLine(['a;b', 'say "hi"', 'two\nlines', 'x,y', null, undefined, 1.5], f)).toBe('"a;b";"say ""hi""";"two\nlines";"x,y";;;1,50');
  });

  it('any text comes back as it went in once a spreadsheet reads the line, a formula start marked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('en', 'fi') as fc.Arbitrary<'en' | 'fi'>,
        (cells, lang) => {
          const f = csvFormat(lang);
          const [parsed] = parseCsv(`${csvLine(cells, f)}${EOL}`, f.separator);
          expect(parsed).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the invoice list as CSV', () => {
  const columns = [
    { key: 'warning', label: 'Detect' },
    { key: 'party', label: 'Lähettäjä' },
    { key: 'number', label: 'Numero' },
    { key: 'date', label: 'Päivä' },
    { key: 'due', label: 'Eräpäivä' },
    { key: 'status', label: 'Tila' },
    { key: 'handled', label: 'Käsitelty' },
    { key: 'sum', label: 'Summa' },
    { key: 'currency', label: 'Valuutta' },
  ] as const;
  const words = { statuses: { DELIVERED: 'Toimitettu', FAILED: 'Epäonnistui' }, handled: 'Käsitelty', warning: 'Detect-varoitus' };

  it('starts with the BOM and the labels shown, one CRLF line per invoice, cells in the user’s language', () => {
    const { text, rows } = invoiceCsv(
      [
        row(),
        row({ id: 'i2', status: 'FAILED', handled: true, detectStatus: 'WARN', sum: -20, number: '=1+1', date: null, dateDue: null }),
        row({ id: 'i3', status: 'WEIRD', sum: null, currency: null, senderName: 'Kauppa "Oy"; Ab' }),
      ],
      { lang: 'fi', columns, words },
    );
    expect(rows).toBe(3);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith(EOL)).toBe(true);
    expect(text.slice(1).split(EOL)).toEqual([
      'Detect;Lähettäjä;Numero;Päivä;Eräpäivä;Tila;Käsitelty;Summa;Valuutta',
      ';Järvenpää Oy;INV-1;1.2.2026;1.3.2026;Toimitettu;;12345,50;EUR',
      "Detect-varoitus;Järvenpää Oy;'=1+1;;;Epäonnistui;Käsitelty;-20,00;EUR",
      ';"Kauppa ""Oy""; Ab";INV-1;1.2.2026;1.3.2026;WEIRD;;;',
      '',
    ]);
  });

  it('names the recipient of a sent invoice, never marks it handled, and writes English with commas', () => {
    const { text } = invoiceCsv([row({ direction: 'SENT', handled: true, recipientName: 'Buyer, Ltd' })], {
      lang: 'en',
      columns: [
        { key: 'party', label: 'Recipient' },
        { key: 'handled', label: 'Handled' },
        { key: 'date', label: 'Date' },
        { key: 'sum', label: 'Sum' },
      ],
      words: { statuses: {}, handled: 'Handled', warning: '' },
    });
    expect(parseCsv(text.slice(1), ',')).toEqual([
      ['Recipient', 'Handled', 'Date', 'Sum'],
      ['Buyer, Ltd', '', '1 Feb 2026', '12345.50'],
    ]);
  });
});
