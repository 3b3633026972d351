import type { RegistrationStatus } from '../../shared/enums';
import type { RegistrationCreateBody } from '../../shared/schemas/company';
import type { SandboxContext } from '../context';
import { conflict } from '../http/errors';
import type { CompanyRecord } from '../model';
import { touch } from './lookup-index';
import { REGISTRATIONS, type RegistrationRecord, registrationsOf } from './profile-records';
import { NEEDS_VENDORNET, planRegistration, type RegistrationPlan } from './profile-rules';

/** Records an event of the spec's Events table (routes pass the notifications log; the seed may not). */
export type EmitServiceEvent = (event: string, data?: Record<string, unknown>) => void;

const deletionRefused = (message: string, details: string[]) => conflict('profile_deletion_not_allowed', message, details);

function store(ctx: SandboxContext, company: CompanyRecord, plan: RegistrationPlan, emit: EmitServiceEvent): RegistrationRecord {
  const now = ctx.nowIso();
  const rec = registrationsOf(ctx).put({
    id: ctx.newId(),
    company_id: company.id,
    status: 'pending',
    ...plan,
    last_event: null,
    created_at: now,
    updated_at: now,
  });
  touch(ctx, REGISTRATIONS);
  emit(`NETWORKS.${rec.network}.CREATED`, { network: rec.network, profiles: rec.profiles, id: rec.id });
  return rec;
}

/**
 * Creates a registration in status pending. Receiving through PEPPOL or a scan network needs VENDORNET
 * first (spec: Networks): when the company has none, the sandbox registers VENDORNET too, before the
 * requested one. Answers the requested registration.
 */
export function createRegistration(
  ctx: SandboxContext,
  company: CompanyRecord,
  body: RegistrationCreateBody,
  emit: EmitServiceEvent,
): RegistrationRecord {
  const table = registrationsOf(ctx);
  const plan = planRegistration(company, body, table.values());
  const needsVendornet =
    NEEDS_VENDORNET.includes(plan.network) && !table.find((r) => r.company_id === company.id && r.network === 'VENDORNET');
  const vendornet = needsVendornet ? planRegistration(company, { network: 'VENDORNET' }, table.values()) : null;
  if (vendornet) store(ctx, company, vendornet, emit);
  return store(ctx, company, plan, emit);
}

/** 409 profile_deletion_not_allowed for BANK, and for VENDORNET while receiving registrations depend on it. */
export function deleteRegistration(ctx: SandboxContext, rec: RegistrationRecord, emit: EmitServiceEvent): void {
  const table = registrationsOf(ctx);
  if (rec.network === 'BANK') {
    throw deletionRefused('A bank network registration cannot be deleted through the API', [
      'network: BANK registrations end through the bank; contact support',
    ]);
  }
  if (rec.network === 'VENDORNET') {
    const dependants = table.filter((r) => r.company_id === rec.company_id && NEEDS_VENDORNET.includes(r.network));
    if (dependants.length) {
      throw deletionRefused(
        'VENDORNET is needed by other registrations',
        dependants.map((d) => `registration ${d.id} (${d.network}) receives through VENDORNET: delete it first`),
      );
    }
  }
  table.delete(rec.id);
  touch(ctx, REGISTRATIONS);
  if (rec.status === 'active') emit(`NETWORKS.${rec.network}.DISABLED`, { network: rec.network, profiles: rec.profiles, id: rec.id });
}

/** Moves a registration (sandbox admin): entering active emits ENABLED, leaving it DISABLED; error sets last_event. */
export function setRegistrationStatus(
  ctx: SandboxContext,
  rec: RegistrationRecord,
  status: RegistrationStatus,
  message: string | undefined,
  emit: EmitServiceEvent,
): RegistrationRecord {
  const before = rec.status;
  const now = ctx.nowIso();
  const updated = registrationsOf(ctx).update(rec.id, (r) => {
    r.status = status;
    r.updated_at = now;
    if (status === 'error') r.last_event = { message: message ?? 'The registration failed in the network', created_at: now };
  });
  touch(ctx, REGISTRATIONS);
  const data = { network: rec.network, profiles: rec.profiles, id: rec.id };
  if (status === 'active' && before !== 'active') emit(`NETWORKS.${rec.network}.ENABLED`, data);
  if (before === 'active' && status !== 'active') emit(`NETWORKS.${rec.network}.DISABLED`, data);
  return updated ?? rec;
}
