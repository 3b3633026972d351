import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  autoscanBodySchema,
  scanPartnerBodySchema,
  supplierNotificationBodySchema,
  supplierQueryBodySchema,
} from '../../shared/schemas/detect';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { applyReturnAddress, emptyReturnAddress, type ReturnAddress, readReturnAddressForm } from '../domain/detect-scan-form';
import { companyContactEmail, notificationsTable, querySuppliers, supplierKey } from '../domain/detect-suppliers';
import { ApiError, badRequest, conflict, notFound, parseOr400 } from '../http/errors';
import { requiredString } from '../http/query';
import type { CompanyRecord } from '../model';

interface AutoscanRow {
  id: string;
  return_email_address: string;
  features: { line_items: boolean; attachments: boolean; other_documents: boolean };
  created_at: string;
  updated_at: string;
}

interface ScanServiceRow {
  id: string;
  return_address: ReturnAddress;
  created_at: string;
  updated_at: string;
}

interface ScanPartnerRow {
  id: string;
  scanpartner_email_address: string;
  updated_at: string;
}

const NO_FEATURES = { line_items: false, attachments: false, other_documents: false };
const read = { anyOf: ['company:read'] };
const write = { anyOf: ['company:write'] };

/** Scanning: automatic scanning, the scan service account, supplier activation and the scan partner. */
export function scanningRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const autoscan = ctx.store.table<AutoscanRow>('autoscan');
  const scan = ctx.store.table<ScanServiceRow>('scan_services');
  const partners = ctx.store.table<ScanPartnerRow>('scan_partners');

  // Not configured is a state, not an error: the spec lists 200 (and 503) only.
  const autoscanView = (companyId: string) => {
    const row = autoscan.get(companyId);
    if (!row) return { enabled: false, return_email_address: null, features: { ...NO_FEATURES }, created_at: null, updated_at: null };
    const { id: _id, ...rest } = row;
    return { enabled: true, ...rest };
  };

  app.get('/v1/services/autoscan', { preHandler: ctx.guard(read) }, async (req) => autoscanView(authOf(req).company.id));

  app.put('/v1/services/autoscan', { preHandler: ctx.guard(write) }, async (req) => {
    const id = authOf(req).company.id;
    const body = parseOr400(autoscanBodySchema, req.body);
    const now = ctx.nowIso();
    const before = autoscan.get(id);
    autoscan.put({
      id,
      return_email_address: body.return_email_address,
      features: { ...NO_FEATURES, ...body.features },
      created_at: before?.created_at ?? now,
      updated_at: now,
    });
    return autoscanView(id);
  });

  app.delete('/v1/services/autoscan', { preHandler: ctx.guard(write) }, async (req, reply) => {
    autoscan.delete(authOf(req).company.id);
    return reply.code(204).send();
  });

  const scanView = (row: ScanServiceRow, company: CompanyRecord) => ({
    active: true,
    // Where the company's suppliers send paper and PDF invoices to be scanned.
    scan_email_address: `scan.${company.id.slice(0, 8)}@scan.sandbox.invalid`,
    scan_postal_address: {
      street_name: 'Scanning Centre',
      extra_lines: [`ID ${company.id.slice(0, 8).toUpperCase()}`],
      city: 'Sandbox',
      post_code: '00099',
      country_code: company.country,
    },
    return_address: row.return_address,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  app.get('/v1/services/scan', { preHandler: ctx.guard(read) }, async (req) => {
    const { company } = authOf(req);
    const row = scan.get(company.id);
    if (!row) throw scanAccountMissing();
    return scanView(row, company);
  });

  // POST and PUT are one operation: open the account when missing, then set the fields given.
  const saveScan = async (req: FastifyRequest) => {
    const { company } = authOf(req);
    const patch = await readReturnAddressForm(req);
    const now = ctx.nowIso();
    const before = scan.get(company.id);
    const row = scan.put({
      id: company.id,
      return_address: applyReturnAddress(before?.return_address ?? emptyReturnAddress(), patch),
      created_at: before?.created_at ?? now,
      updated_at: now,
    });
    return scanView(row, company);
  };
  app.post('/v1/services/scan', { preHandler: ctx.guard(write) }, saveScan);
  app.put('/v1/services/scan', { preHandler: ctx.guard(write) }, saveScan);

  app.delete('/v1/services/scan', { preHandler: ctx.guard(write) }, async (req, reply) => {
    if (!scan.delete(authOf(req).company.id)) throw scanAccountMissing();
    return reply.code(204).send();
  });

  app.post('/v1/company/suppliers/query', { preHandler: ctx.guard(read) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = parseOr400(supplierQueryBodySchema, req.body ?? {});
    const oldest = oldestAllowed(ctx.now());
    const since = body.oldest_invoice_time ? Date.parse(body.oldest_invoice_time) : oldest;
    if (since < oldest) {
      throw badRequest('oldest_invoice_time may be at most 1 month back', [
        `oldest_invoice_time: must be ${new Date(oldest).toISOString()} or later`,
      ]);
    }
    if (since > ctx.now()) throw badRequest('oldest_invoice_time is in the future', ['oldest_invoice_time: must not be in the future']);
    if (!scan.has(company.id) && !autoscan.has(company.id)) {
      throw new ApiError(404, 'not_found', 'The company has no scanning service: open the scan service or autoscan first');
    }
    const suppliers = querySuppliers(ctx, company.id, since, body.include_notified ?? false);
    return reply.code(201).send({ oldest_invoice_time: new Date(since).toISOString(), suppliers });
  });

  app.post('/v1/company/suppliers/notifications', { preHandler: ctx.guard(write) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = parseOr400(supplierNotificationBodySchema, req.body);
    if (!companyContactEmail(ctx, company.id)) {
      throw conflict(undefined, 'Company data missing: the notification needs the company e-mail address', [
        'settings.details.email: set it with PATCH /v1/company/settings',
      ]);
    }
    const table = notificationsTable(ctx);
    const failures: { index: number; name: string | null; business_id: string | null; reason: string }[] = [];
    let notified = 0;
    for (const [index, s] of body.suppliers.entries()) {
      const reason = notificationProblem(s, table.get(`${company.id}|${supplierKey(s)}`)?.notified_at);
      if (reason) {
        failures.push({ index, name: s.name ?? null, business_id: s.business_id ?? null, reason });
        continue;
      }
      table.put({
        id: `${company.id}|${supplierKey(s)}`,
        company_id: company.id,
        name: s.name ?? null,
        business_id: s.business_id ?? null,
        email: s.email ?? null,
        eia: s.eia ?? null,
        notified_at: ctx.nowIso(),
      });
      notified++;
    }
    return reply.code(201).send({ notified, failures });
  });

  // ---- Partner: the scan partner of a company the partner (same vendor key) manages

  const managed = (req: FastifyRequest, companyId: string): CompanyRecord => {
    const { company } = authOf(req);
    const target = ctx.companies.get(companyId);
    if (!target || (target.id !== company.id && target.vendor_api_key !== company.vendor_api_key)) throw notFound('Company');
    return target;
  };
  // The spec gives these partner actions a scope of their own; a company token's company:* is not it.
  const partnerRead = { anyOf: ['partner:scanpartner_scan_service'] };
  const partnerWrite = partnerRead;

  app.get('/v1/partner/scan_service/scanpartner', { preHandler: ctx.guard(partnerRead) }, async (req) => {
    const target = managed(req, requiredString(req.query as Record<string, unknown>, 'company_id'));
    return { company_id: target.id, scanpartner_email_address: partners.get(target.id)?.scanpartner_email_address ?? null };
  });

  app.post('/v1/partner/scan_service/scanpartner', { preHandler: ctx.guard(partnerWrite) }, async (req, reply) => {
    const body = parseOr400(scanPartnerBodySchema, req.body);
    const target = managed(req, body.company_id);
    partners.put({ id: target.id, scanpartner_email_address: body.scanpartner_email_address, updated_at: ctx.nowIso() });
    return reply.code(204).send();
  });

  app.delete('/v1/partner/scan_service/scanpartner', { preHandler: ctx.guard(partnerWrite) }, async (req, reply) => {
    const target = managed(req, requiredString(req.query as Record<string, unknown>, 'company_id'));
    partners.delete(target.id);
    return reply.code(204).send();
  });
}

/** Why a supplier cannot be notified (a failure of the 201 answer), or null. */
function notificationProblem(s: { name?: string; business_id?: string; email?: string; eia?: string }, notifiedAt?: string): string | null {
  if (!supplierKey(s)) return 'name or business_id is required to identify the supplier';
  if (!s.email && !s.eia) return 'email or eia is required to reach the supplier';
  if (notifiedAt) return `already notified at ${notifiedAt}`;
  return null;
}

const scanAccountMissing = () => new ApiError(404, 'not_found', 'Scan service account missing');

/** The start (00:00 UTC) of the day one calendar month back: the spec's "at most 1 month back", by the day. */
export function oldestAllowed(nowMs: number): number {
  const d = new Date(nowMs);
  d.setUTCMonth(d.getUTCMonth() - 1);
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime();
}
