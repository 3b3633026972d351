import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvoiceUploadFields } from '../../shared/schemas/invoice';
import type { SandboxContext } from '../context';
import { applyDelivery, type InvoiceSource, newReceivedInvoice, newSentInvoice, storeUpload } from '../domain/invoice-create';
import type { ParsedInvoice } from '../domain/invoice-parsed';
import { type Rebrand, rebrandInvoice } from '../domain/invoice-rewrite';
import { parseInvoiceXml } from '../domain/invoice-xml';
import { INVOICES, type InvoiceRecord } from '../domain/records';
import type { CompanyRecord } from '../model';

/**
 * A year of invoice history for the demo company, built from the real sample files: about 200
 * received invoices from two dozen suppliers (each copy's XML rewritten with its supplier, number and
 * dates), most older ones HANDLED, and 20 sent invoices of which four FAILED and wait for a reroute.
 */

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/invoices/', import.meta.url));
/** The 3 MB sample with an embedded PDF would only make the demo slow to seed. */
const MAX_SAMPLE_BYTES = 200 * 1024;
const SAMPLES_PER_FORMAT = 4;
const DAY = 86_400_000;
export const SEED_RECEIVED = 200;
export const SEED_SENT = 20;

const SUPPLIERS: readonly [string, string][] = [
  ['Kahvipaahtimo Aroma Oy', '2334455-1'],
  ['Siivouspalvelu Kirkas Oy', '1987654-3'],
  ['Nordic Office Supplies AB', '5566123456'],
  ['Telia Finland Oyj', '1475607-9'],
  ['Helsingin Energia Oy', '2211334-7'],
  ['Byggvaruhuset Norrland AB', '5560987654'],
  ['Fjordkraft AS', '976944801'],
  ['Kiinteistöhuolto Pihlaja Oy', '2765432-1'],
  ['Datakeskus Pilvi Oy', '3012345-6'],
  ['Tilitoimisto Tase Oy', '1234987-5'],
  ['Posten Norge AS', '984661185'],
  ['Lassila & Tikanoja Oyj', '0114180-6'],
  ['Vakuutusyhtiö Turva', '0201337-3'],
  ['Møbelhuset Aps', '32145678'],
  ['Elektroniikka Virta Oy', '2456789-0'],
  ['Kuljetus Nopsa Oy', '2987612-4'],
  ['Konsulttitoimisto Visio Oy', '3123456-8'],
  ['Skandinavisk Programvare AS', '912345678'],
  ['Ravintola Lounasmestari Oy', '2678123-5'],
  ['Painotalo Musta Oy', '0987123-2'],
  ['Turvallisuuspalvelu Vahti Oy', '2345123-9'],
  ['Autovuokraamo Matka Oy', '1765432-0'],
  ['Hotelli Keskusta Oy', '2109876-4'],
  ['Työterveys Hyvä Oy', '2890123-7'],
];
const CUSTOMERS = [
  'Rakennusliike Perusta Oy',
  'Kauppahuone Lind Oy',
  'Göteborgs Hamn AB',
  'Oslo Kommune',
  'Tampereen Kaupunki',
  'Metsäkoneet Salo Oy',
  'Design Studio Aalto Oy',
  'Bergen Maritime AS',
];
const FAILURES = [
  'The e-invoice address is not registered in the PEPPOL network',
  'Mail delivery failed: mailbox full (552)',
  'Letter returned: recipient unknown at the address',
  'The recipient operator rejected the invoice: unknown receiver',
];

interface Sample {
  bytes: Buffer;
  parsed: ParsedInvoice;
  filename: string;
}

/** A few samples of each format folder, chosen by the seeded random: parsing all would dominate the seed time. */
function samples(random: () => number): Sample[] {
  const out: Sample[] = [];
  for (const dir of readdirSync(FIXTURES).sort()) {
    const names = readdirSync(join(FIXTURES, dir)).sort();
    const chosen: string[] = [];
    while (names.length && chosen.length < SAMPLES_PER_FORMAT) chosen.push(...names.splice(Math.floor(random() * names.length), 1));
    for (const name of chosen) {
      const path = join(FIXTURES, dir, name);
      if (statSync(path).size > MAX_SAMPLE_BYTES) continue;
      const bytes = readFileSync(path);
      try {
        const parsed = parseInvoiceXml(bytes);
        // A sample whose seller and buyer share a name cannot be rebranded apart.
        if (parsed.sender.name !== parsed.recipient.name) out.push({ bytes, parsed, filename: name });
      } catch {
        // Not every sample need be usable; the demo just skips it.
      }
    }
  }
  return out;
}

/** A rewritten copy of a sample, stored; the copy is not parsed again (see rebrandInvoice). */
function copyOf(ctx: SandboxContext, sample: Sample, filename: string, change: Rebrand): InvoiceSource {
  const { bytes, parsed } = rebrandInvoice(sample.bytes, sample.parsed, change);
  return storeUpload(ctx, {
    parsed,
    original: { filename, mimetype: 'application/xml', data: bytes },
    image: null,
    attachments: parsed.embedded,
  });
}

/** Invoice number prefix from the supplier's name, ASCII only (Kiinteistöhuolto -> KII). */
const prefix = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);
const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)] as T;

export async function seedInvoices(ctx: SandboxContext, company: CompanyRecord, random: () => number): Promise<void> {
  const pool = samples(random);
  if (pool.length === 0) return;
  const table = ctx.store.table<InvoiceRecord>(INVOICES);
  const now = ctx.now();
  const counters = new Map<string, number>();

  // Oldest first, so insertion order (seq) follows received_at.
  const receivedTimes = Array.from({ length: SEED_RECEIVED }, () => now - Math.floor(random() * 365 * DAY)).sort((a, b) => a - b);
  for (const at of receivedTimes) {
    const sample = pick(pool, random);
    const [supplier, bid] = pick(SUPPLIERS, random);
    const n = (counters.get(supplier) ?? 1000 + Math.floor(random() * 8000)) + 1;
    counters.set(supplier, n);
    const issued = at - Math.floor(random() * 3) * DAY;
    const src = copyOf(ctx, sample, sample.filename, {
      senderName: supplier,
      senderBid: bid,
      recipientName: company.name,
      number: `${prefix(supplier)}-${n}`,
      date: isoDay(issued),
      dateDue: isoDay(issued + (random() < 0.5 ? 14 : 30) * DAY),
    });
    const r = newReceivedInvoice(ctx, company.id, src, {
      at: new Date(at).toISOString(),
      origin: random() < 0.05 ? 'SCAN' : 'EXTERNAL',
    });
    // Older invoices have mostly been dealt with; the last month's are mostly still open.
    r.handled = random() < (now - at > 30 * DAY ? 0.85 : 0.2);
    table.put(r);
  }

  const sentTimes = Array.from({ length: SEED_SENT }, () => now - Math.floor(random() * 120 * DAY)).sort((a, b) => a - b);
  sentTimes.forEach((at, i) => {
    const sample = pick(pool, random);
    const customer = pick(CUSTOMERS, random);
    const filename = `invoice-${20_000 + i}.xml`;
    const src = copyOf(ctx, sample, filename, {
      senderName: company.name,
      senderBid: company.business_id,
      recipientName: customer,
      number: String(20_000 + i),
      date: isoDay(at),
      dateDue: isoDay(at + 14 * DAY),
    });
    // Some go by e-mail or print rather than e-invoice, as a real customer base would.
    const fields: InvoiceUploadFields =
      i % 5 === 1
        ? { recipient_email: `ap@${customer.toLowerCase().replace(/[^a-z]+/g, '')}.example`, disabled_routes: ['einvoice'] }
        : i % 7 === 3
          ? { disabled_routes: ['einvoice', 'email'] }
          : {};
    const iso = new Date(at).toISOString();
    const r = newSentInvoice(ctx, company.id, src, {
      at: iso,
      uuid: ctx.newId(),
      filename,
      fields,
      rawFields: {},
    });
    const later = new Date(at + (5 + Math.floor(random() * 120)) * 60_000).toISOString();
    // The newest three are still on their way; four of the rest failed and wait for a reroute.
    if (r.status === 'PENDING' && i < SEED_SENT - 3) {
      if (i % 4 === 2) applyDelivery(r, 'FAILED', FAILURES[i % FAILURES.length], later);
      else applyDelivery(r, 'DELIVERED', undefined, later);
    }
    table.put(r);
  });
}
