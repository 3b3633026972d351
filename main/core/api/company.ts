import { z } from 'zod';
import type { Network, RegistrationStatus, SettingsSection } from '../../../shared/enums';
import { currentSchema } from '../../../shared/schemas/common';
import {
  authorizationSchema,
  departmentSchema,
  type Registration,
  type RegistrationCreateBody,
  registrationSchema,
  settingsSchema,
  subscriptionSchema,
  type User,
  userSchema,
  vendorLinkSchema,
} from '../../../shared/schemas/company';
import type { ServiceClient } from './client';
import { ServiceError } from './errors';
import { enc } from './invoices';
import { FormData } from './transport';

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
      /**
       * Adds a user by e-mail: 201 when the service created the user, 200 when an existing user (of
       * another company) was added to this one. Not repeated after a lost answer.
       */
      async add(body: UserCreate, signal?: AbortSignal): Promise<{ user: User; created: boolean }> {
        const res = await client.call({ method: 'POST', path: '/v1/company/users', json: body, accept: 'application/json', signal });
        return { user: parseBody(res.body, userSchema, 'POST /v1/company/users', res.status), created: res.status === 201 };
      },
      async get(userId: string, signal?: AbortSignal): Promise<User> {
        return (await client.json({ method: 'GET', path: `/v1/company/users/${enc(userId)}`, signal }, userSchema)).data;
      },
      async patch(userId: string, body: UserPatch, signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'PATCH', path: `/v1/company/users/${enc(userId)}`, json: body, signal });
      },
      /** Safe to repeat: setting the same role twice is the same role. */
      async setRole(userId: string, userRole: string, signal?: AbortSignal): Promise<void> {
        const json = { user_role: userRole };
        await client.call({ method: 'POST', path: `/v1/company/users/${enc(userId)}/roles`, json, idempotent: true, signal });
      },
      async remove(userId: string, signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'DELETE', path: `/v1/company/users/${enc(userId)}`, signal });
      },
    },
    notifications: {
      async list(signal?: AbortSignal) {
        return (await client.json({ method: 'GET', path: '/v1/company/notifications', signal }, z.array(subscriptionSchema))).data;
      },
      /** Not repeated after a lost answer: a second POST would subscribe twice. */
      async create(body: SubscriptionCreate, signal?: AbortSignal) {
        return (await client.json({ method: 'POST', path: '/v1/company/notifications', json: body, signal }, subscriptionSchema)).data;
      },
      async delete(id: string, signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'DELETE', path: `/v1/company/notifications/${enc(id)}`, signal });
      },
      /** Experimental in the spec: every unacknowledged event of every subscription is delivered again later. */
      async resendUnacknowledged(signal?: AbortSignal): Promise<Record<string, unknown>> {
        const res = await client.call({
          method: 'POST',
          path: '/v1/company/notifications_resend_unacknowledged',
          idempotent: true,
          signal,
        });
        return parseBody(res.body, z.looseObject({}), 'POST /v1/company/notifications_resend_unacknowledged', res.status, true);
      },
    },
    vendors: {
      async get(signal?: AbortSignal) {
        return (await client.json({ method: 'GET', path: '/v1/company/vendors', signal }, vendorLinkSchema)).data;
      },
      /** Needs a token issued with the vendor API key (403 otherwise). Linking twice is the same link. */
      async link(signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'POST', path: '/v1/company/vendors', idempotent: true, signal });
      },
      async unlink(signal?: AbortSignal): Promise<void> {
        await client.call({ method: 'DELETE', path: '/v1/company/vendors', signal });
      },
    },
    /** Marks the company active though it had no transactions in the past year; repeating it is harmless. */
    async keepActive(signal?: AbortSignal): Promise<Record<string, unknown>> {
      const res = await client.call({ method: 'POST', path: '/v1/company/keep_active', idempotent: true, signal });
      return parseBody(res.body, z.looseObject({}), 'POST /v1/company/keep_active', res.status, true);
    },
    departments: {
      async list(signal?: AbortSignal) {
        return (await client.json({ method: 'GET', path: '/v1/company/departments', signal }, z.array(departmentSchema))).data;
      },
      /** Form fields, as the spec names them; experimental, and the answer's shape is not shown (kept loose). */
      async create(body: DepartmentCreate, signal?: AbortSignal): Promise<Record<string, unknown>> {
        const form = new FormData();
        form.append('name', body.name);
        form.append('bid', body.bid);
        form.append('id_type', body.id_type);
        form.append('eaid', body.eaid);
        form.append('no_vat', body.no_vat ? 'true' : 'false');
        const res = await client.call({ method: 'POST', path: '/v1/company/departments', form, accept: 'application/json', signal });
        return parseBody(res.body, z.looseObject({}), 'POST /v1/company/departments', res.status, true);
      },
    },
  };
}

export interface UserCreate {
  email: string;
  first_name: string;
  last_name?: string;
  phone?: string;
  user_role?: string;
  notifications_disabled?: boolean;
  emails_disabled?: boolean;
}
export type UserPatch = Partial<Pick<UserCreate, 'first_name' | 'last_name' | 'phone' | 'notifications_disabled' | 'emails_disabled'>>;
export interface SubscriptionCreate {
  destination_type: 'WEBHOOK' | 'VENDOR_WEBHOOK';
  destination: string;
  events: string[];
  vendor_key?: string;
}
export interface DepartmentCreate {
  name: string;
  bid: string;
  id_type: string;
  eaid: string;
  no_vat?: boolean;
}

/** A JSON answer read from a raw call; an empty body is `{}` where the spec shows no answer (`emptyOk`). */
function parseBody<S extends z.ZodType>(body: Buffer, schema: S, what: string, status: number, emptyOk = false): z.infer<S> {
  const text = body.toString('utf8').trim();
  let raw: unknown = {};
  if (text !== '' || !emptyOk) {
    try {
      raw = JSON.parse(text);
    } catch {
      if (!emptyOk) throw new ServiceError('retry', `The service answered ${what} with something that is not JSON`, status, 'garbled');
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new ServiceError('retry', `The service's answer to ${what} has an unexpected shape`, status, 'unexpected_shape');
  return parsed.data;
}

export type CompanyApi = ReturnType<typeof companyApi>;
