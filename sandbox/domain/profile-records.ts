import type { Network, ProfileVersion, RegistrationStatus } from '../../shared/enums';
import type { SandboxContext } from '../context';
import type { Table } from '../store';

/** Table of network registrations of every company; lookups read it too. */
export const REGISTRATIONS = 'registrations';

/** A network registration as the sandbox keeps it. */
export interface RegistrationRecord {
  id: string;
  company_id: string;
  status: RegistrationStatus;
  network: Network;
  profiles: string[];
  profile_version: ProfileVersion | null;
  endpoint_id: string | null;
  scheme: string | null;
  network_settings: Record<string, unknown> | null;
  last_event: { message: string; created_at: string } | null;
  /** Enabled extensions by profile name (PUT /extensions, profiles_with_extensions on create). */
  extensions: Record<string, string[]>;
  created_at: string;
  updated_at: string;
}

export const registrationsOf = (ctx: SandboxContext): Table<RegistrationRecord> => ctx.store.table<RegistrationRecord>(REGISTRATIONS);

/** `scheme:endpoint_id`, the form lookups and conflicts compare; null when either is unknown. */
export function eiaOf(r: Pick<RegistrationRecord, 'scheme' | 'endpoint_id'>): string | null {
  return r.scheme && r.endpoint_id ? `${r.scheme}:${r.endpoint_id.toUpperCase()}` : null;
}

/** The registration as listed. */
export function toPublicRegistration(r: RegistrationRecord) {
  return {
    id: r.id,
    status: r.status,
    profile: r.profiles[0] ?? null,
    profiles: r.profiles,
    profile_version: r.profile_version,
    endpoint_id: r.endpoint_id,
    scheme: r.scheme,
    network: r.network,
    network_settings: r.network_settings,
    last_event: r.last_event,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The registration as read alone: with profiles_with_extensions, one entry per profile. */
export function toPublicRegistrationDetail(r: RegistrationRecord) {
  return {
    ...toPublicRegistration(r),
    profiles_with_extensions: r.profiles.map((p) => ({ profile_name: p, extensions: r.extensions[p] ?? [] })),
  };
}
