import type { Party } from '../../shared/schemas/invoice';
import type { SandboxContext } from '../context';
import type { Table } from '../store';
import { senderIdentity } from './detect-registers';
import { INVOICES, type InvoiceRecord } from './records';

// Supplier query and notifications of the Scanning group: which senders still send paper or PDF,
// and asking them to send e-invoices instead.

/** A supplier told to send e-invoices; keyed by `${company_id}|${supplier key}`. */
export interface SupplierNotificationRow {
  id: string;
  company_id: string;
  name: string | null;
  business_id: string | null;
  email: string | null;
  eia: string | null;
  notified_at: string;
}

export interface SupplierSummary {
  name: string | null;
  business_id: string | null;
  country: string | null;
  eia: string | null;
  invoices: number;
  scanned_invoices: number;
  einvoices: number;
  last_invoice_at: string | null;
  notified: boolean;
  notified_at: string | null;
}

export const notificationsTable = (ctx: SandboxContext): Table<SupplierNotificationRow> =>
  ctx.store.table<SupplierNotificationRow>('supplier_notifications');

/** The same key for a supplier of the query and of a notification: see senderIdentity. */
export function supplierKey(p: { business_id?: string | null; bid?: string | null; name?: string | null }): string | null {
  return senderIdentity({ bid: p.business_id ?? p.bid ?? null, name: p.name ?? null });
}

/**
 * The senders of the company's received invoices since `sinceMs`, most invoices first, each with
 * how many came scanned (paper or PDF) and how many as e-invoices.
 */
export function querySuppliers(ctx: SandboxContext, companyId: string, sinceMs: number, includeNotified: boolean): SupplierSummary[] {
  const notified = notificationsTable(ctx);
  const byKey = new Map<string, SupplierSummary>();
  for (const inv of ctx.store.table<InvoiceRecord>(INVOICES).values()) {
    if (inv.company_id !== companyId || inv.direction !== 'RECEIVED') continue;
    const at = inv.received_at ?? inv.created_at;
    if (Date.parse(at) < sinceMs) continue;
    const p: Party = inv.sender ?? {};
    const key = supplierKey(p);
    if (!key) continue;
    let s = byKey.get(key);
    if (!s) {
      const n = notified.get(`${companyId}|${key}`);
      s = {
        name: p.name ?? null,
        business_id: p.bid ?? null,
        country: p.country ?? null,
        eia: p.eia ?? null,
        invoices: 0,
        scanned_invoices: 0,
        einvoices: 0,
        last_invoice_at: null,
        notified: !!n,
        notified_at: n?.notified_at ?? null,
      };
      byKey.set(key, s);
    }
    s.invoices++;
    if (inv.origin === 'SCAN') s.scanned_invoices++;
    else s.einvoices++;
    if (!s.last_invoice_at || at > s.last_invoice_at) s.last_invoice_at = at;
  }
  return [...byKey.values()]
    .filter((s) => includeNotified || !s.notified)
    .sort((a, b) => b.invoices - a.invoices || (a.name ?? '').localeCompare(b.name ?? ''));
}

/**
 * The company's contact e-mail from its settings (details.email), which the notification gives the
 * suppliers. Read from the settings table by name so this group does not depend on that module.
 */
export function companyContactEmail(ctx: SandboxContext, companyId: string): string | null {
  const row = ctx.store.table<{ id: string; sections?: { details?: { email?: unknown } } }>('company_settings').get(companyId);
  const email = row?.sections?.details?.email;
  return typeof email === 'string' && email.includes('@') ? email : null;
}
