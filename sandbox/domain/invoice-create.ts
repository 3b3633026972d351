import { createHash } from 'node:crypto';
import type { InvoiceActionChannel, InvoiceActionType } from '../../shared/enums';
import type { InvoiceAction, InvoiceUploadFields, Party } from '../../shared/schemas/invoice';
import type { SandboxContext } from '../context';
import { virtualBarcode } from './invoice-barcode';
import type { ParsedInvoice, ParsedParty } from './invoice-parsed';
import { parseInvoiceXml } from './invoice-xml';
import { isZip, mimeOf, type PackedFile, unpackInvoiceZip } from './invoice-zip';
import { INVOICES, type InvoiceRecord, type StoredFile } from './records';

/** Building invoice records from uploaded or delivered files; shared by the routes and the seeder. */

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** A client's file name without any folder part. */
export const cleanFilename = (name: string): string => name.replace(/^.*[\\/]/, '').trim() || 'invoice.xml';

export interface InvoiceSource {
  parsed: ParsedInvoice;
  original: StoredFile;
  image: StoredFile | null;
  attachments: StoredFile[];
}

function storeFile(ctx: SandboxContext, filename: string, mimetype: string, data: Buffer): StoredFile {
  const blob = ctx.newId();
  ctx.store.blobs.put(blob, data);
  return { id: ctx.newId(), filename, mimetype, blob, sha256: sha256(data), size: data.length };
}

/** An upload read and parsed, before anything is stored. */
export interface ParsedUpload {
  parsed: ParsedInvoice;
  original: PackedFile;
  image: PackedFile | null;
  attachments: PackedFile[];
}

/**
 * Reads an XML invoice or the zip form (throws InvoiceFileError when it is neither). Synchronous on
 * purpose: the upload's uuid check and the record's creation must not interleave with another request.
 */
export function parseUpload(filename: string, data: Buffer): ParsedUpload {
  if (isZip(data)) {
    const z = unpackInvoiceZip(data);
    const parsed = parseInvoiceXml(z.xml.data);
    return { parsed, original: z.xml, image: z.image, attachments: [...z.attachments, ...parsed.embedded] };
  }
  const parsed = parseInvoiceXml(data);
  return {
    parsed,
    original: { filename: cleanFilename(filename), mimetype: 'application/xml', data },
    image: null,
    attachments: parsed.embedded,
  };
}

/** Puts the files of a parsed upload into the blob store. */
export function storeUpload(ctx: SandboxContext, u: ParsedUpload): InvoiceSource {
  return {
    parsed: u.parsed,
    original: storeFile(ctx, u.original.filename, 'application/xml', u.original.data),
    image: u.image ? storeFile(ctx, u.image.filename, 'application/pdf', u.image.data) : null,
    attachments: u.attachments.map((f) => storeFile(ctx, cleanFilename(f.filename), f.mimetype || mimeOf(f.filename), f.data)),
  };
}

export const readInvoiceSource = (ctx: SandboxContext, filename: string, data: Buffer): InvoiceSource =>
  storeUpload(ctx, parseUpload(filename, data));

const party = (p: ParsedParty): Party => ({
  eia: p.eia,
  bid: p.bid,
  name: p.name,
  country: p.country,
  vat: p.vat,
  operator: p.operator,
});

export function action(
  type: InvoiceActionType,
  channel: InvoiceActionChannel | null,
  message: string,
  at: string,
  details?: Record<string, string | null>,
): InvoiceAction {
  return { type, channel, message, happened_at: at, channel_details: details ? { channel, ...details } : null };
}

function baseRecord(ctx: SandboxContext, companyId: string, src: InvoiceSource, at: string): InvoiceRecord {
  const id = ctx.newId();
  const p = src.parsed;
  return {
    id,
    company_id: companyId,
    direction: 'RECEIVED',
    uuid: null,
    status: 'DELIVERED',
    number: p.number,
    reference: p.reference,
    sender: party(p.sender),
    recipient: party(p.recipient),
    received_at: at,
    created_at: at,
    date: p.date,
    date_due: p.date_due,
    source_format: p.source_format,
    sum: p.sum,
    sum_tax: p.sum_tax,
    currency: p.currency,
    origin: 'EXTERNAL',
    destination: null,
    comment: null,
    files: src.attachments.map((f) => ({
      id: f.id,
      filename: f.filename,
      type: 'ATTACHMENT',
      mimetype: f.mimetype,
      href: `/v1/invoices/${id}/files/${f.id}`,
    })),
    actions: [],
    revision: 1,
    virtual_barcode: virtualBarcode(p),
    handled: false,
    seq: ctx.store.table(INVOICES).size + 1,
    internal: { original: src.original, image: src.image, attachments: src.attachments, upload_fields: {} },
  };
}

export interface ReceiveOptions {
  at: string;
  origin?: InvoiceRecord['origin'];
  senderName?: string;
}

/** An invoice another party sent to the company: DELIVERED, with one RECEIVED action. */
export function newReceivedInvoice(ctx: SandboxContext, companyId: string, src: InvoiceSource, opts: ReceiveOptions): InvoiceRecord {
  const r = baseRecord(ctx, companyId, src, opts.at);
  const origin = opts.origin ?? 'EXTERNAL';
  r.origin = origin;
  r.uuid = ctx.newId();
  if (opts.senderName) r.sender = { ...r.sender, name: opts.senderName };
  const channel: InvoiceActionChannel = origin === 'SCAN' ? 'SCAN' : 'EINVOICE';
  const via = origin === 'SCAN' ? 'the scan service' : src.parsed.family === 'FINVOICE' ? 'the bank network' : 'PEPPOL';
  r.actions.push(action('RECEIVED', channel, `Received from ${r.sender?.name ?? 'unknown sender'} via ${via}`, opts.at, { origin: via }));
  return r;
}

interface Route {
  channel: InvoiceActionChannel;
  destination: string;
  operator: string | null;
}

/** The route a sent invoice takes: e-invoice, then e-mail, then print, skipping disabled ones. */
export function chooseRoute(
  recipient: { eia: string | null; operator: string | null; email: string | null; postal: string | null },
  disabled: readonly string[],
  forceEmail: boolean,
): Route | null {
  if (forceEmail) return recipient.email ? { channel: 'EMAIL', destination: recipient.email, operator: null } : null;
  if (recipient.eia && !disabled.includes('einvoice'))
    return { channel: 'EINVOICE', destination: recipient.eia, operator: recipient.operator };
  if (recipient.email && !disabled.includes('email')) return { channel: 'EMAIL', destination: recipient.email, operator: null };
  if (!disabled.includes('print'))
    return { channel: 'PRINT', destination: recipient.postal ?? 'postal address of the invoice', operator: null };
  return null;
}

const postal = (p: ParsedParty): string | null =>
  p.address
    ? [p.name, p.address.street, [p.address.post_code, p.address.city].filter(Boolean).join(' '), p.address.country]
        .filter(Boolean)
        .join(', ')
    : null;

export interface SendOptions {
  at: string;
  uuid: string;
  filename: string;
  fields: InvoiceUploadFields;
  rawFields: Record<string, string | string[]>;
}

/** An uploaded invoice: PENDING and sent on its route, SENT without delivery, or FAILED with no route. */
export function newSentInvoice(ctx: SandboxContext, companyId: string, src: InvoiceSource, opts: SendOptions): InvoiceRecord {
  const r = baseRecord(ctx, companyId, src, opts.at);
  const f = opts.fields;
  const p = src.parsed;
  r.direction = 'SENT';
  r.origin = 'INTERNAL';
  r.uuid = opts.uuid;
  r.comment = f.sender_comment ?? null;
  r.internal.upload_fields = opts.rawFields;
  const email = f.recipient_email ?? p.recipient.email;
  r.recipient = {
    ...r.recipient,
    eia: f.recipient_eia ?? r.recipient?.eia ?? null,
    operator: f.recipient_operator ?? r.recipient?.operator ?? null,
    email,
  };
  r.actions.push(action('CREATED', null, `Invoice ${p.number} created from ${opts.filename}`, opts.at));
  for (const v of f.route_order ?? []) {
    if (v === 'netbank_cvl' || v === 'netbank_cvl_hold') {
      r.actions.push(action('INFO', null, `route_order value ${v} is deprecated since 05/2022`, opts.at));
    }
  }
  if (f.prevent_routing) {
    r.status = 'SENT';
    r.actions.push(action('INFO', null, 'Routing prevented (prevent_routing=true): the invoice is not delivered', opts.at));
    return r;
  }
  const route = chooseRoute(
    { eia: r.recipient.eia ?? null, operator: r.recipient.operator ?? null, email: email ?? null, postal: postal(p.recipient) },
    f.disabled_routes ?? [],
    f['email_settings[xml_format]'] !== undefined,
  );
  if (!route) {
    r.status = 'FAILED';
    r.actions.push(action('ERROR', null, `No delivery route left: disabled routes ${(f.disabled_routes ?? []).join(', ')}`, opts.at));
    return r;
  }
  r.status = 'PENDING';
  r.destination = route.destination;
  r.actions.push(
    action('SENT', route.channel, `Sent by ${route.channel} to ${route.destination}`, opts.at, {
      destination: route.destination,
      operator: route.operator,
    }),
  );
  return r;
}

/** The channel of the latest SENT action (what DELIVERED and ERROR actions report on). */
export function lastChannel(r: InvoiceRecord): InvoiceActionChannel | null {
  for (let i = r.actions.length - 1; i >= 0; i--) {
    const a = r.actions[i];
    if (a?.type === 'SENT') return (a.channel as InvoiceActionChannel | null) ?? null;
  }
  return null;
}

/** Mark a change: a sync client compares revisions to know it must fetch the record again. */
export function bumpRevision(r: InvoiceRecord): void {
  r.revision += 1;
}

/** DELIVERED adds a DELIVERED action, FAILED an ERROR action, both on the channel the invoice went by. */
export function applyDelivery(r: InvoiceRecord, status: 'DELIVERED' | 'FAILED', message: string | undefined, at: string): void {
  const channel = lastChannel(r);
  r.status = status;
  if (status === 'DELIVERED') {
    r.actions.push(action('DELIVERED', channel, message ?? `Delivered to ${r.destination ?? 'the recipient'}`, at));
  } else {
    r.actions.push(action('ERROR', channel, message ?? `Delivery to ${r.destination ?? 'the recipient'} failed`, at));
  }
  bumpRevision(r);
}
