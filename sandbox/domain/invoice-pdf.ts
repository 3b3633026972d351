import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { ParsedInvoice, ParsedParty } from './invoice-parsed';
import type { InvoiceRecord } from './records';

/**
 * GENERATED_IMAGE: a one-or-more page A4 PDF of the invoice drawn from the record and the parsed
 * file (parties, dates, lines, VAT, totals, payment details). Standard fonts only speak WinAnsi, so
 * other characters are folded to their base letter or '?'.
 */

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

export function winAnsi(s: string): string {
  let out = '';
  for (const ch of s.replace(/[\t\r\n]+/g, ' ')) {
    const c = ch.codePointAt(0) ?? 63;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

const money = (n: number | null | undefined, currency?: string | null): string =>
  n === null || n === undefined ? '' : `${n.toFixed(2)}${currency ? ` ${currency}` : ''}`;

interface Pen {
  page: PDFPage;
  y: number;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

export async function generateInvoicePdf(r: InvoiceRecord, p: ParsedInvoice | null): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Invoice ${r.number ?? r.id}`));
  doc.setCreator('E-Invoice Sync sandbox');
  doc.setProducer('pdf-lib');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pen: Pen = { page: doc.addPage(A4), y: A4[1] - MARGIN };

  const fitText = (text: string, f: PDFFont, size: number, width: number): string => {
    let t = winAnsi(text);
    if (f.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && f.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
    return `${t}...`;
  };
  const write = (text: string, x: number, opts: { size?: number; f?: PDFFont; width?: number; right?: boolean } = {}) => {
    const size = opts.size ?? 9;
    const f = opts.f ?? font;
    const t = fitText(text, f, size, opts.width ?? A4[0] - MARGIN - x);
    const dx = opts.right ? (opts.width ?? 0) - f.widthOfTextAtSize(t, size) : 0;
    pen.page.drawText(t, { x: x + dx, y: pen.y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const newline = (h = 13) => {
    pen.y -= h;
    if (pen.y < MARGIN + 30) {
      pen.page = doc.addPage(A4);
      pen.y = A4[1] - MARGIN;
    }
  };

  const title = p?.document_type === 'CREDIT_NOTE' ? 'CREDIT NOTE' : 'INVOICE';
  write(`${title} ${r.number ?? ''}`, MARGIN, { size: 18, f: bold });
  newline(28);

  const partyLines = (label: string, party: ParsedParty | null, fallback: InvoiceRecord['sender']): string[] => {
    const name = party?.name ?? fallback?.name ?? '';
    const a = party?.address;
    return [
      label,
      name,
      a?.street ?? '',
      [a?.post_code, a?.city].filter(Boolean).join(' '),
      party?.country ?? fallback?.country ?? '',
      `Business id: ${party?.bid ?? fallback?.bid ?? '-'}`,
      `VAT: ${party?.vat ?? fallback?.vat ?? '-'}`,
      `E-invoice address: ${party?.eia ?? fallback?.eia ?? '-'}`,
    ];
  };
  const left = partyLines('Seller', p?.sender ?? null, r.sender);
  const right = partyLines('Buyer', p?.recipient ?? null, r.recipient);
  for (let i = 0; i < left.length; i++) {
    write(left[i] ?? '', MARGIN, { width: 240, f: i === 0 ? bold : font });
    write(right[i] ?? '', 320, { width: 225, f: i === 0 ? bold : font });
    newline();
  }
  newline(8);

  const facts: [string, string][] = [
    ['Invoice date', r.date ?? '-'],
    ['Due date', r.date_due ?? '-'],
    ['Reference', r.reference ?? '-'],
    ['Order reference', p?.order_reference ?? '-'],
    ['Currency', r.currency ?? '-'],
  ];
  for (const [k, v] of facts) {
    write(k, MARGIN, { f: bold, width: 110 });
    write(v, MARGIN + 110, { width: 330 });
    newline();
  }
  newline(10);

  const cols = { no: MARGIN, name: MARGIN + 25, qty: 300, price: 360, vat: 430, amount: 470 };
  const header = () => {
    write('#', cols.no, { f: bold, width: 20 });
    write('Description', cols.name, { f: bold, width: 240 });
    write('Qty', cols.qty, { f: bold, width: 50, right: true });
    write('Unit price', cols.price, { f: bold, width: 60, right: true });
    write('VAT %', cols.vat, { f: bold, width: 35, right: true });
    write('Amount', cols.amount, { f: bold, width: 75, right: true });
    newline(15);
  };
  header();
  for (const l of p?.lines ?? []) {
    const before = pen.page;
    write(l.id ?? '', cols.no, { width: 20 });
    write([l.name, l.description].filter(Boolean).join(' - '), cols.name, { width: 240 });
    write(l.quantity === null ? '' : `${l.quantity} ${l.unit ?? ''}`.trim(), cols.qty, { width: 50, right: true });
    write(money(l.unit_price), cols.price, { width: 60, right: true });
    write(l.vat_percent === null ? '' : String(l.vat_percent), cols.vat, { width: 35, right: true });
    write(money(l.net_amount), cols.amount, { width: 75, right: true });
    newline();
    if (pen.page !== before) header();
  }
  newline(10);

  const totals: [string, string][] = [
    ['Total excluding VAT', money(p?.sum_excluding_tax, r.currency)],
    ['VAT', money(r.sum_tax, r.currency)],
    ['Total including VAT', money(r.sum, r.currency)],
    ['Amount due', money(p?.sum_payable ?? r.sum, r.currency)],
  ];
  for (const [k, v] of totals) {
    write(k, 330, { f: bold, width: 130 });
    write(v || '-', cols.amount, { width: 75, right: true });
    newline();
  }
  newline(10);

  if (p?.payment && (p.payment.iban || p.payment.account)) {
    write('Payment', MARGIN, { f: bold });
    newline();
    write(
      `Account: ${p.payment.iban ?? p.payment.account}   BIC: ${p.payment.bic ?? '-'}   Reference: ${p.payment.reference ?? '-'}`,
      MARGIN,
    );
    newline();
    if (r.virtual_barcode) {
      write(`Virtual barcode: ${r.virtual_barcode}`, MARGIN);
      newline();
    }
  }
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(
      winAnsi(`Generated by the E-Invoice Sync sandbox from ${r.source_format ?? 'the record'} - page ${i + 1} of ${pages.length}`),
      {
        x: MARGIN,
        y: 25,
        size: 7,
        font,
        color: rgb(0.45, 0.45, 0.45),
      },
    );
  });
  return Buffer.from(await doc.save());
}
