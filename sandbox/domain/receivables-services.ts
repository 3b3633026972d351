import type { CollectionService, ServiceState } from '../../shared/schemas/receivables';
import type { SandboxContext } from '../context';
import type { Table } from '../store';

/**
 * A company's onboarding to one collection service. collectora starts active, collectorb waits
 * (pending) until the agency has signed the contract and the company enters the client code it was
 * given, collectorc starts active; DELETE leaves the service (disabled). sandbox/README.md, Receivables.
 */
export interface ServiceRow {
  id: string;
  company_id: string;
  service: CollectionService;
  status: 'pending' | 'active' | 'disabled';
  /** The PUT body as the company sent it (after normalizing IBAN and BIC). */
  fields: Record<string, unknown>;
  accountable_party: 'provider' | 'company' | null;
  service_type: 'full' | 'reduced' | null;
  /** collectorb: the code the agency issued when it signed (admin route); the PATCH must match it. */
  issued_client_code: string | null;
  client_code: string | null;
  created_at: string;
  updated_at: string;
}

export const servicesTable = (ctx: SandboxContext): Table<ServiceRow> => ctx.store.table<ServiceRow>('receivables_services');
export const serviceKey = (companyId: string, service: CollectionService) => `${companyId}:${service}`;

export function serviceView(service: CollectionService, r: ServiceRow | undefined): ServiceState {
  if (!r) return { service, status: 'none' };
  const view: ServiceState = { service, status: r.status, ...r.fields, created_at: r.created_at, updated_at: r.updated_at };
  if (service === 'collectora') {
    view.accountable_party = r.accountable_party;
    view.service_type = r.service_type;
  }
  if (service === 'collectorb') view.client_code = r.client_code;
  return view;
}

/** The service an assignment goes to: the first active one, in the spec's order (or `only` when it is active). */
export function activeService(ctx: SandboxContext, companyId: string, only?: CollectionService): CollectionService | undefined {
  const table = servicesTable(ctx);
  for (const s of only ? [only] : (['collectora', 'collectorb', 'collectorc'] as const)) {
    if (table.get(serviceKey(companyId, s))?.status === 'active') return s;
  }
  return undefined;
}

/** A stable party id per agency, so events say who made them (the company's own party id is its id). */
export const AGENCY_PARTY: Record<CollectionService, string> = {
  collectora: '0c0a0000-0000-4000-8000-00000000000a',
  collectorb: '0c0b0000-0000-4000-8000-00000000000b',
  collectorc: '0c0c0000-0000-4000-8000-00000000000c',
};
