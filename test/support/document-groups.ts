import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIXTURES } from './engine';
import type { TestCompany, TestSandbox } from './sandbox';

/** A UBL order of the fixtures, numbered `n` so each one's bytes are its own. */
export async function order(n: number | string): Promise<string> {
  const xml = await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml'), 'utf8');
  return withReachableSeller(xml).replace('<cbc:ID>34</cbc:ID>', `<cbc:ID>GROUP-${n}</cbc:ID>`);
}

/**
 * The fixture order's seller at the address its business id gives (0192:123456789), which the receiver
 * lookup knows with its operator: the app then finds the operator the service needs for a document.
 * The fixture's own address (0192:123456785) is unknown to the lookup, so it could not be sent.
 */
export const withReachableSeller = (xml: string): string =>
  xml.replace('<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>', '<cbc:EndpointID schemeID="0192">123456789</cbc:EndpointID>');

export const PDF = (n: number | string) => Buffer.from(`%PDF-1.4\n% drawing ${n}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** Drops a document with two attachments and a reference list into `dir`, the document last. */
export async function dropGroup(dir: string, base: string, n: number | string): Promise<void> {
  await writeFile(join(dir, `${base}.attachment-drawing.pdf`), PDF(n));
  await writeFile(join(dir, `${base}.attachment-terms.txt`), `Terms for order ${n}\n`);
  await writeFile(join(dir, `${base}.references.txt`), `# what this order refers to\n4500${n};PurchaseOrder\n\nCONTRACT-${n}\n`);
  await writeFile(join(dir, `${base}.xml`), await order(n));
}

export interface SentDocument {
  id: string;
  number: string | null;
  transmission_id: string;
  files: { filename: string; type: string }[];
  references: { reference_id: string; reference_id_type: string | null }[];
}

/** The company's sent documents on the sandbox (first 100). */
export async function sentDocuments(sb: TestSandbox, company: TestCompany): Promise<SentDocument[]> {
  const res = await sb.call('/v1/documents?direction=SENT&per_page=100', { token: await sb.token(company) });
  return (await res.json()) as SentDocument[];
}
