import { z } from 'zod';
import { type ATG_AGREEMENT_STATUSES, ATG_MANDATE_STATUSES } from '../../shared/enums';
import type { AtgAgreement, AtgMandate } from '../../shared/schemas/atg';
import type { SandboxContext } from '../context';
import { ApiError, badRequest } from '../http/errors';
import type { Table } from '../store';
import { isValidKid, mod10, normalizeAccount } from './atg-numbers';

export type AgreementStatus = (typeof ATG_AGREEMENT_STATUSES)[number];
export type MandateStatus = (typeof ATG_MANDATE_STATUSES)[number];

/** An ATG (AvtaleGiro) agreement; keyed by the account number, which has at most one in the whole sandbox. */
export interface AgreementRow {
  id: string;
  company_id: string;
  account_number: string;
  kid_length: number;
  reference_position: number;
  payment_type_position: number | null;
  signer_email: string;
  notification_by_print: boolean;
  notification_by_email: boolean;
  status: AgreementStatus;
  created_at: string;
  updated_at: string;
}

/** A payer's mandate on one of the company's agreements; the table is kept in updated_at order. */
export interface MandateRow {
  id: string;
  company_id: string;
  kid: string;
  account_number: string;
  notification: boolean;
  status: MandateStatus;
  reference_nr: string | null;
  payment_type: string | null;
  updated_at: string;
}

export const agreementsTable = (ctx: SandboxContext): Table<AgreementRow> => ctx.store.table<AgreementRow>('atg_agreements');
/** One table per company, so that a company's mandate list costs its own mandates, not everyone's. */
export const mandatesTable = (ctx: SandboxContext, companyId: string): Table<MandateRow> =>
  ctx.store.table<MandateRow>(`atg_mandates:${companyId}`);

export function agreementView(r: AgreementRow): AtgAgreement {
  return {
    account_number: r.account_number,
    kid_length: r.kid_length,
    reference_position: r.reference_position,
    payment_type_position: r.payment_type_position,
    notification_by_print: r.notification_by_print,
    notification_by_email: r.notification_by_email,
    signer_email: r.signer_email,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The KID split by the agreement's layout: positions count from 1, the last digit is the check digit. */
export function parseKid(kid: string, a: Pick<AgreementRow, 'kid_length' | 'reference_position' | 'payment_type_position'>) {
  const body = kid.slice(0, -1);
  const pt = a.payment_type_position;
  let reference = '';
  for (let i = a.reference_position - 1; i < body.length; i++) if (pt === null || i !== pt - 1) reference += body[i] ?? '';
  return {
    reference: reference.replace(/^0+(?=\d)/, '') || null,
    payment_type: pt !== null && pt <= body.length ? (body[pt - 1] ?? null) : null,
    check_digit: kid.slice(-1),
    valid: kid.length === a.kid_length && isValidKid(kid),
  };
}

export function mandateView(m: MandateRow, parseWith?: AgreementRow): AtgMandate {
  const view: AtgMandate = {
    kid: m.kid,
    account_number: m.account_number,
    notification: m.notification,
    status: m.status,
    reference_nr: m.reference_nr,
    payment_type: m.payment_type,
    updated_at: m.updated_at,
  };
  if (parseWith) view.parsed_values = parseKid(m.kid, parseWith);
  return view;
}

/** A KID body laid out as the agreement says: the reference right-aligned before the check digit. */
function layoutKid(a: AgreementRow, reference: string, paymentType: string | null): string {
  const body = Array.from({ length: a.kid_length - 1 }, () => '0');
  const pt = a.payment_type_position;
  const slots: number[] = [];
  for (let i = a.reference_position - 1; i < body.length; i++) if (pt === null || i !== pt - 1) slots.push(i);
  const digits = reference.replace(/\D/g, '').slice(-slots.length).padStart(slots.length, '0');
  slots.forEach((slot, k) => {
    body[slot] = digits[k] ?? '0';
  });
  if (pt !== null) body[pt - 1] = /^\d$/.test(paymentType ?? '') ? (paymentType as string) : '1';
  const s = body.join('');
  return s + String(mod10(s));
}

export const mandateInputSchema = z.strictObject({
  account_number: z.string().min(1),
  kid: z
    .string()
    .regex(/^\d{1,24}[\d-]$/, 'must be 2 to 25 digits (a MOD11 check digit may be -)')
    .optional(),
  status: z.enum(ATG_MANDATE_STATUSES).optional(),
  reference_nr: z.string().min(1).max(40).optional(),
  payment_type: z.string().min(1).max(10).optional(),
  notification: z.boolean().optional(),
  /** Back-dates the mandate (demo history, timestamp filter tests). */
  updated_at: z.iso.datetime({ offset: true }).optional(),
});
export type MandateInput = z.infer<typeof mandateInputSchema>;

/** Adds a mandate on one of the company's agreements: a given KID is checked, a missing one is made. */
export function addMandate(ctx: SandboxContext, companyId: string, input: MandateInput): MandateRow {
  const account = normalizeAccount(input.account_number);
  const agreement = agreementsTable(ctx).get(account);
  if (!agreement || agreement.company_id !== companyId) {
    throw badRequest('No ATG agreement for that account', [`account_number: the company has no ATG agreement for ${account}`]);
  }
  const mandates = mandatesTable(ctx, companyId);
  const taken = new Set(mandates.filter((m) => m.account_number === account).map((m) => m.kid));
  let kid = input.kid;
  if (kid !== undefined) {
    const problems: string[] = [];
    if (kid.length !== agreement.kid_length) problems.push(`kid: must be ${agreement.kid_length} digits long (the agreement's kid_length)`);
    if (!isValidKid(kid)) problems.push('kid: the check digit (MOD10 or MOD11) does not match');
    if (problems.length) throw badRequest('The KID does not fit the agreement', problems);
    if (taken.has(kid)) throw new ApiError(409, 'atg_mandate_exists', 'A mandate with that KID already exists on the account');
  } else {
    // Number the payers on from the count, skipping KIDs in use; a short KID can run out of numbers.
    let n = taken.size + 1;
    do {
      kid = layoutKid(agreement, input.reference_nr ?? String(n++), input.payment_type ?? null);
    } while (taken.has(kid) && input.reference_nr === undefined && n < taken.size + 10_000);
    if (taken.has(kid)) throw new ApiError(409, 'atg_mandate_exists', 'A mandate with that reference already exists on the account');
  }
  return mandates.put({
    id: ctx.newId(),
    company_id: companyId,
    kid,
    account_number: account,
    notification: input.notification ?? false,
    status: input.status ?? 'ACTIVE',
    reference_nr: input.reference_nr ?? parseKid(kid, agreement).reference,
    payment_type: input.payment_type ?? null,
    updated_at: input.updated_at ? new Date(input.updated_at).toISOString() : ctx.nowIso(),
  });
}

export interface MandateFilter {
  query?: string | undefined;
  since?: number | undefined;
  statuses?: readonly MandateStatus[] | undefined;
}

/** The company's mandates that match, oldest update first. */
export function findMandates(ctx: SandboxContext, companyId: string, f: MandateFilter): MandateRow[] {
  const out = mandatesTable(ctx, companyId).filter(
    (m) =>
      (f.query === undefined || m.kid === f.query || m.reference_nr === f.query) &&
      (f.since === undefined || Date.parse(m.updated_at) >= f.since) &&
      (f.statuses === undefined || f.statuses.includes(m.status)),
  );
  // Insertion order is update order except for back-dated mandates; sort only then.
  for (let i = 1; i < out.length; i++) {
    if ((out[i - 1]?.updated_at ?? '') > (out[i]?.updated_at ?? '')) {
      out.sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0));
      break;
    }
  }
  return out;
}
