import { z } from 'zod';
import type { Network, RegistrationStatus, SettingsSection } from '../../../shared/enums';
import { currentSchema } from '../../../shared/schemas/common';
import {
  authorizationSchema,
  type Registration,
  type RegistrationCreateBody,
  registrationSchema,
  settingsSchema,
  userSchema,
} from '../../../shared/schemas/company';
import type { ServiceClient } from './client';
import { enc } from './invoices';

export interface AuthorizationRequest {
  auth_email: string;
  locale: string;
  /** Proof of the partner's own KYC, a JSON object as a string. */
  options?: string;
}

/** The company group: settings, network registrations (profiles), authorization (KYC) and users. */
export function companyApi(client: ServiceClient) {
  return {
    /** The authenticated user and company (its country decides the default Peppol scheme). */
    async current(signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: '/oauth2/current', signal }, currentSchema)).data;
    },
    settings: {
      async get(fields?: SettingsSection[], signal?: AbortSignal) {
        return (await client.json({ method: 'GET', path: '/v1/company/settings', query: { fields }, signal }, settingsSchema)).data;
      },
      /** details, address and invoice_notifications are required by the service; a 400 names each bad field in `details`. */
      async patch(body: Record<string, unknown>, signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'PATCH', path: '/v1/company/settings', json: body, signal });
      },
    },
    profiles: {
      async list(q: { network?: Network[]; status?: RegistrationStatus[] } = {}, signal?: AbortSignal): Promise<Registration[]> {
        const query = { network: q.network, status: q.status };
        return (await client.json({ method: 'GET', path: '/v1/company/profiles', query, signal }, z.array(registrationSchema))).data;
      },
      /** Not repeated after a lost answer: a second POST could register twice (or answer 422 profile_name_conflict). */
      async create(body: RegistrationCreateBody, signal?: AbortSignal): Promise<Registration> {
        return (await client.json({ method: 'POST', path: '/v1/company/profiles', json: body, signal }, registrationSchema)).data;
      },
      async get(id: string, signal?: AbortSignal): Promise<Registration> {
        return (await client.json({ method: 'GET', path: `/v1/company/profiles/${enc(id)}`, signal }, registrationSchema)).data;
      },
      async patch(id: string, networkSettings: Record<string, unknown>, signal?: AbortSignal): Promise<void> {
        await client.call({
          method: 'PATCH',
          path: `/v1/company/profiles/${enc(id)}`,
          json: { network_settings: networkSettings },
          signal,
        });
      },
      async delete(id: string, signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'DELETE', path: `/v1/company/profiles/${enc(id)}`, signal });
      },
      /** Experimental in the spec; an empty list disables the profile's extensions. */
      async setExtensions(id: string, profileName: string, extensions: string[], signal?: AbortSignal): Promise<void> {
        const json = { profile_name: profileName, extensions };
        await client.call({ method: 'PUT', path: `/v1/company/profiles/${enc(id)}/extensions`, json, signal });
      },
    },
    authorization: {
      async get(signal?: AbortSignal) {
        return (await client.json({ method: 'GET', path: '/v1/company/authorization', signal }, authorizationSchema)).data;
      },
      /** Sends the signing request to auth_email; not repeated automatically (each one mails the signer). */
      async send(body: AuthorizationRequest, signal?: AbortSignal) {
        return (await client.json({ method: 'POST', path: '/v1/company/authorization', json: body, signal }, authorizationSchema)).data;
      },
    },
    users: {
      async list(signal?: AbortSignal) {
        return (await client.json({ method: 'GET', path: '/v1/company/users', signal }, z.array(userSchema))).data;
      },
    },
  };
}

export type CompanyApi = ReturnType<typeof companyApi>;
