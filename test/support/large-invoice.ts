// A large UBL invoice made from a Peppol fixture by repeating its first InvoiceLine (each copy with its
// own line id) until the file reaches the size asked for: the shape of a utility's or a telecom's invoice
// with thousands of lines (issue 41). Its totals no longer add up, so it has findings; that is fine for
// measuring how a check of its size behaves.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BASE = fileURLToPath(new URL('../../../shared/fixtures/invoices/peppol-bis3/base-example.xml', import.meta.url));

export function largeUbl(targetBytes: number): { xml: Buffer; lines: number } {
  const base = readFileSync(BASE, 'utf8');
  const start = base.indexOf('<cac:InvoiceLine>');
  const end = base.lastIndexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length;
  const line = base.slice(start, base.indexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length);
  const head = base.slice(0, start);
  const tail = base.slice(end);
  const parts: string[] = [];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  let n = 0;
  while (size < targetBytes) {
    n++;
    const copy = line.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${n}</cbc:ID>`);
    parts.push(copy);
    size += Buffer.byteLength(copy) + 1;
  }
  return { xml: Buffer.from(`${head}${parts.join('\n')}${tail}`), lines: n };
}
