import type { ParsedInvoice } from './invoice-parsed';

/**
 * The Finnish bank "virtual barcode" (virtuaaliviivakoodi, Finanssiala's specification), 54 digits:
 * version 4 carries a national reference number, version 5 an RF creditor reference. Only EUR
 * invoices paid to a Finnish IBAN with a reference and an amount under one million have one.
 */
export function virtualBarcode(p: ParsedInvoice): string | null {
  const iban = p.payment.iban;
  const amount = p.sum_payable ?? p.sum;
  const ref = (p.payment.reference ?? '').replace(/\s/g, '').toUpperCase();
  if (p.currency !== 'EUR' || !iban?.startsWith('FI') || iban.length !== 18 || amount === null) return null;
  if (!(amount >= 0 && amount < 1_000_000) || ref === '') return null;
  const cents = Math.round(amount * 100);
  const money = `${String(Math.floor(cents / 100)).padStart(6, '0')}${String(cents % 100).padStart(2, '0')}`;
  const due = p.date_due ? p.date_due.slice(2).replaceAll('-', '') : '000000';
  const account = iban.slice(2);
  const rf = /^RF(\d{2})(\d{1,21})$/.exec(ref);
  if (rf) return `5${account}${money}${rf[1]}${(rf[2] ?? '').padStart(21, '0')}${due}`;
  if (/^\d{2,20}$/.test(ref)) return `4${account}${money}000${ref.padStart(20, '0')}${due}`;
  return null;
}
