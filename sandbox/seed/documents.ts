import { readdir, readFile } from 'node:fs/promises';
import type { BankMessageType, DocumentStatus } from '../../shared/enums';
import type { SandboxContext } from '../context';
import { messageXml, randomConsumer, receiverInfoXml } from '../domain/bank-content';
import { BankMessages } from '../domain/bank-messages';
import { type FileIn, receiveDocument, sendDocumentAs } from '../domain/document-delivery';
import { Documents } from '../domain/document-store';
import type { CompanyRecord } from '../model';

const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url);
const DAY = 86_400_000;

type Plan =
  | { at: number; kind: 'received'; file: FileIn; confirm: boolean }
  | { at: number; kind: 'sent'; file: FileIn; status: DocumentStatus; bounce: boolean };

/**
 * A year of trading documents built from the real Peppol and EHF examples in shared/fixtures
 * (received ones, and sent ones in every status), and a few months of Finnish bank messages.
 */
export async function seedDocuments(ctx: SandboxContext, company: CompanyRecord, random: () => number): Promise<void> {
  const dir = new URL('documents/', FIXTURES);
  const names = (await readdir(dir)).filter((n) => n.endsWith('.xml')).sort();
  const files: FileIn[] = await Promise.all(
    names.map(async (filename) => ({ filename, data: await readFile(new URL(filename, dir)), mimetype: 'application/xml' })),
  );
  if (files.length === 0) return;
  const now = ctx.now();
  const fileAt = (i: number) => files[i % files.length] as FileIn;

  const plan: Plan[] = [];
  for (let i = 0; i < 36; i++) {
    const at = now - Math.floor(random() * 365 * DAY) - DAY;
    // Older deliveries have mostly been confirmed by the company; the newest wait for it.
    plan.push({ at, kind: 'received', file: fileAt(i), confirm: now - at > 21 * DAY && random() < 0.8 });
  }
  const sent: [DocumentStatus, number][] = [
    ['PROCESSING', 3],
    ['DELIVERED', 5],
    ['CONFIRMED_DELIVERY', 6],
    ['FAILED', 4],
    ['RESERVED', 1],
  ];
  let k = 0;
  for (const [status, count] of sent) {
    for (let i = 0; i < count; i++, k++) {
      // Documents still on their way are recent; settled ones are spread over the year.
      const span = status === 'PROCESSING' || status === 'RESERVED' ? 0.2 * DAY : 300 * DAY;
      plan.push({ at: now - Math.floor(random() * span) - 60_000, kind: 'sent', file: fileAt(k + 3), status, bounce: i % 2 === 1 });
    }
  }
  plan.sort((a, b) => a.at - b.at);

  const docs = new Documents(ctx);
  for (const p of plan) {
    const created_at = new Date(p.at).toISOString();
    if (p.kind === 'received') {
      const r = receiveDocument(docs, company, p.file, { created_at, transmission_id: ctx.newId() });
      if (r.ok && p.confirm) docs.move(r.doc, 'CONFIRMED_DELIVERY', 'patch', undefined, new Date(p.at + 3 * 3_600_000).toISOString());
    } else {
      sendDocumentAs(docs, company, p.file, {
        status: p.status,
        created_at,
        transmission_id: ctx.newId(),
        failAfterDelivery: p.bounce,
        failure: p.bounce ? 'The recipient access point returned a negative message level response' : 'No route to the recipient',
      });
    }
  }
  seedBankMessages(ctx, company, random, now);
}

function seedBankMessages(ctx: SandboxContext, company: CompanyRecord, random: () => number, now: number): void {
  const messages = new BankMessages(ctx);
  const id = () => String(100_000 + Math.floor(random() * 900_000));
  const plan: { at: number; kind: 'ri' | 'sent'; type: BankMessageType; broken?: boolean }[] = [];
  for (let i = 0; i < 12; i++) plan.push({ at: now - Math.floor(random() * 90 * DAY), kind: 'ri', type: 'RI' });
  plan.push({ at: now - 85 * DAY, kind: 'sent', type: 'SI' });
  for (let i = 0; i < 5; i++) plan.push({ at: now - Math.floor(random() * 80 * DAY), kind: 'sent', type: 'RP' });
  plan.push({ at: now - 12 * DAY, kind: 'sent', type: 'RP', broken: true });
  plan.sort((a, b) => a.at - b.at);
  for (const p of plan) {
    const timestamp = new Date(p.at).toISOString();
    const consumer = randomConsumer(random);
    // About one in four consumers cancels e-invoicing (RI with action DEL).
    let xml =
      p.kind === 'ri'
        ? receiverInfoXml(company, consumer, timestamp, id(), random() < 0.25 ? 'DEL' : 'ADD')
        : messageXml(p.type, company, consumer, timestamp, id());
    // One proposal was cut short in transfer: the banks answer it with an error message.
    if (p.broken) xml = xml.slice(0, Math.floor(xml.length * 0.6));
    messages.create({
      company_id: company.id,
      kind: p.kind,
      content: Buffer.from(xml),
      timestamp,
      ...(p.broken ? {} : { message_type: p.type }),
    });
  }
}
