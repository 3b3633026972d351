import type { InvoiceAction } from '../../shared/schemas/invoice';
import type { SandboxContext } from '../context';
import type { ParsedInvoice } from './invoice-parsed';
import { parseInvoiceXml } from './invoice-xml';
import type { InvoiceRecord } from './records';

/** What clients see of an invoice record: the unshown-parts.md fields plus direction, uuid and handled. */

export const PUBLIC_INVOICE_FIELDS = [
  'id',
  'uuid',
  'direction',
  'status',
  'number',
  'reference',
  'sender',
  'recipient',
  'received_at',
  'created_at',
  'date',
  'date_due',
  'source_format',
  'sum',
  'sum_tax',
  'currency',
  'origin',
  'destination',
  'comment',
  'files',
  'actions',
  'revision',
  'virtual_barcode',
  'handled',
] as const;

export type PublicInvoice = Record<(typeof PUBLIC_INVOICE_FIELDS)[number], unknown>;

/** An action as the record shows it; `channel_details` only on the actions endpoint's version 2. */
export function publicAction(a: InvoiceAction, withDetails = false): Record<string, unknown> {
  const out: Record<string, unknown> = { type: a.type, channel: a.channel ?? null, message: a.message ?? null, happened_at: a.happened_at };
  if (withDetails) out.channel_details = a.channel_details ?? null;
  return out;
}

/** `base` is the request's origin (scheme://host), so file hrefs are absolute URLs. */
export function toPublic(r: InvoiceRecord, base: string): PublicInvoice {
  return {
    id: r.id,
    uuid: r.uuid,
    direction: r.direction,
    status: r.status,
    number: r.number,
    reference: r.reference,
    sender: r.sender,
    recipient: r.recipient,
    received_at: r.received_at,
    created_at: r.created_at,
    date: r.date,
    date_due: r.date_due,
    source_format: r.source_format,
    sum: r.sum,
    sum_tax: r.sum_tax,
    currency: r.currency,
    origin: r.origin,
    destination: r.destination,
    comment: r.comment,
    files: r.files.map((f) => ({ ...f, href: f.href ? `${base}${f.href}` : null })),
    actions: r.actions.map((a) => publicAction(a)),
    revision: r.revision,
    virtual_barcode: r.virtual_barcode,
    handled: r.handled,
  };
}

/**
 * Serialized public views, so a list page is mostly a string join. An entry is good while the record
 * object and its revision are the same: every change bumps the revision (bumpRevision), and a replaced or
 * reloaded record is a new object. Owned by the route modules' InvoiceApi, not module state.
 */
export class PublicJsonCache {
  private readonly entries = new WeakMap<InvoiceRecord, { revision: number; base: string; json: string }>();

  json(r: InvoiceRecord, base: string): string {
    const hit = this.entries.get(r);
    if (hit && hit.revision === r.revision && hit.base === base) return hit.json;
    const json = JSON.stringify(toPublic(r, base));
    this.entries.set(r, { revision: r.revision, base, json });
    return json;
  }
}

/** Re-reads the stored original; null when it is not an XML invoice the sandbox parses (a scan, say). */
export function parsedOf(ctx: SandboxContext, r: InvoiceRecord): ParsedInvoice | null {
  const bytes = ctx.store.blobs.get(r.internal.original.blob);
  if (!bytes) return null;
  try {
    return parseInvoiceXml(bytes);
  } catch {
    return null;
  }
}

/** return_format=EXTENDED_DETAILS: the record plus what the file says beyond the header. */
export function extendedDetails(r: InvoiceRecord, p: ParsedInvoice | null, base: string): Record<string, unknown> {
  const view: Record<string, unknown> = { ...toPublic(r, base) };
  view.document_type = p?.document_type ?? null;
  view.sum_excluding_tax = p?.sum_excluding_tax ?? null;
  view.sum_payable = p?.sum_payable ?? null;
  view.buyer_reference = p?.buyer_reference ?? null;
  view.order_reference = p?.order_reference ?? null;
  view.notes = p?.notes ?? [];
  view.sender_details = p ? { ...p.sender } : null;
  view.recipient_details = p ? { ...p.recipient } : null;
  view.payment = p?.payment ?? null;
  view.vat_breakdown = p?.vat_breakdown ?? [];
  view.lines = p?.lines ?? [];
  view.image = r.internal.image ? { filename: r.internal.image.filename, mimetype: r.internal.image.mimetype } : null;
  return view;
}
