// A large UBL invoice for the validation benches: a Peppol fixture with its InvoiceLine elements repeated
// (each copy given its own line ID), as utilities and wholesalers send them. The header totals are left as
// the fixture has them, so the sums rules (BR-CO-10 and the like) fire, as they would on a real mistake:
// the point is the work the rules do over the lines, and a finding or two to compare between engines.
import { readFileSync } from 'node:fs';

const LINE = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g;

export function largeInvoice(fixture: string, lines: number): string {
  const xml = readFileSync(fixture, 'utf8');
  const found = xml.match(LINE);
  if (!found?.length) throw new Error(`${fixture} has no cac:InvoiceLine to repeat`);
  const first = xml.indexOf(found[0]);
  const last = xml.lastIndexOf(found[found.length - 1] as string) + (found[found.length - 1] as string).length;
  const parts: string[] = [];
  for (let i = 0; i < lines; i++)
    parts.push((found[i % found.length] as string).replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${i + 1}</cbc:ID>`));
  return xml.slice(0, first) + parts.join('\n    ') + xml.slice(last);
}

/** The same invoice grown to about `targetBytes`: the line count is the one that first reaches it. */
export function largeInvoiceOfSize(fixture: string, targetBytes: number): { xml: Buffer; lines: number } {
  const one = Buffer.byteLength(largeInvoice(fixture, 1));
  const perLine = Buffer.byteLength(largeInvoice(fixture, 2)) - one;
  const lines = Math.max(1, Math.ceil((targetBytes - one) / perLine) + 1);
  return { xml: Buffer.from(largeInvoice(fixture, lines)), lines };
}
