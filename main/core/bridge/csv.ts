import type { InvoiceCsvColumn } from '../../../shared/bridge/commands';
import type { InvoiceRow } from '../../../shared/bridge/views';
import { DATE_FORMAT, LOCALES } from '../../../shared/locale';
import type { APP_LANGUAGES } from '../../../shared/settings';

// CSV as spreadsheets read it (RFC 4180), in the user's language, and safe to open: pure, no I/O.

type Lang = (typeof APP_LANGUAGES)[number];

/** A cell: text as it is, or an amount written in the locale's numbers. */
export type CsvValue = string | number | null | undefined;

export interface CsvFormat {
  locale: string;
  /** `;` where the decimal separator is a comma (what Excel expects there), `,` elsewhere. */
  separator: ',' | ';';
  /** Amounts with two decimals and no grouping, so a spreadsheet reads them as numbers. */
  amount(n: number): string;
  /** A calendar date as the app's lists show it. */
  date(iso: string): string;
}

/** Excel takes UTF-8 only with this mark in front; without it, ä and ø arrive as two characters each. */
export const BOM = '\uFEFF';
export const EOL = '\r\n';

export function csvFormat(lang: Lang): CsvFormat {
  const locale = LOCALES[lang];
  const numbers = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const decimal = numbers.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const dates = new Intl.DateTimeFormat(locale, DATE_FORMAT);
  return {
    locale,
    separator: decimal === ',' ? ';' : ',',
    // fi, sv and nb write a minus as U+2212, which no spreadsheet takes for a number.
    amount: (n) => numbers.format(n).replace(/\u2212/g, '-'),
    date: (iso) => {
      const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? iso : dates.format(d);
    },
  };
}

/** A spreadsheet runs a cell that starts like this as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that would start a formula gets a leading apostrophe (OWASP's advice); the amounts
 * written here are plain numbers and are left alone, so a negative sum stays a number. A cell with a
 * separator, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: CsvValue, f: CsvFormat): string {
  // An amount holds no quote, no line break and never the separator in use (a decimal comma goes with `;`),
  // and stays unquoted, so a spreadsheet reads it as a number.
  if (typeof value === 'number') return Number.isFinite(value) ? f.amount(value) : '';
  const text = FORMULA_START.test(value ?? '') ? `'${value}` : (value ?? '');
  // Text with either separator is quoted, so it reads right whichever one a spreadsheet guesses.
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvValue[], f: CsvFormat): string => cells.map((c) => csvCell(c, f)).join(f.separator);

export interface InvoiceCsvOptions {
  lang: Lang;
  columns: readonly { key: InvoiceCsvColumn; label: string }[];
  words: { statuses: Readonly<Record<string, string>>; handled: string; warning: string };
}

function invoiceCell(row: InvoiceRow, key: InvoiceCsvColumn, o: InvoiceCsvOptions, f: CsvFormat): CsvValue {
  switch (key) {
    case 'warning':
      return row.detectStatus === 'WARN' ? o.words.warning : '';
    case 'party':
      return row.direction === 'SENT' ? row.recipientName : row.senderName;
    case 'number':
      return row.number;
    case 'date':
      return row.date ? f.date(row.date) : '';
    case 'due':
      return row.dateDue ? f.date(row.dateDue) : '';
    case 'status':
      return row.status ? (o.words.statuses[row.status] ?? row.status) : '';
    case 'handled':
      return row.direction === 'RECEIVED' && row.handled ? o.words.handled : '';
    case 'sum':
      return row.sum;
    case 'currency':
      return row.currency;
  }
}

/** The whole file: the mark, a header of the labels shown, then one line per invoice, each ended by CRLF. */
export function invoiceCsv(rows: Iterable<InvoiceRow>, o: InvoiceCsvOptions): { text: string; rows: number } {
  const f = csvFormat(o.lang);
  const lines = [
    csvLine(
      o.columns.map((c) => c.label),
      f,
    ),
  ];
  for (const row of rows)
    lines.push(
      csvLine(
        o.columns.map((c) => invoiceCell(row, c.key, o, f)),
        f,
      ),
    );
  return { text: `${BOM}${lines.join(EOL)}${EOL}`, rows: lines.length - 1 };
}
