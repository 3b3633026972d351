import { DEFAULT_SCHEME_BY_COUNTRY, VERSIONED_PROFILES } from '../../../../shared/enums';
import { registrationCreateBodySchema } from '../../../../shared/schemas/company';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { apiOf } from './common';

type Names =
  | 'company.settings.get'
  | 'company.settings.save'
  | 'company.profiles.list'
  | 'company.profiles.get'
  | 'company.profiles.create'
  | 'company.profiles.delete'
  | 'company.profiles.extensions'
  | 'company.profiles.defaults'
  | 'company.authorization.get'
  | 'company.authorization.send'
  | 'company.users.list';

/** The renderer's names for the registration body's fields, so field errors point at its inputs. */
const CREATE_FIELDS: Record<string, string> = { profile_version: 'profileVersion', endpoint_id: 'endpointId' };

export function companyHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'company.settings.get': async (input) => (await apiOf(d, input.accountId)).company.settings.get(),

    /** The service validates the whole body; its 400 invalid_parameters details come back as per-field errors. */
    'company.settings.save': async (input) => {
      await (await apiOf(d, input.accountId)).company.settings.patch(input.settings);
      return { saved: true as const };
    },

    'company.profiles.list': async (input) => (await apiOf(d, input.accountId)).company.profiles.list(),
    'company.profiles.get': async (input) => (await apiOf(d, input.accountId)).company.profiles.get(input.id),

    /** Checked here with the service's own body schema; the conflicts (422 codes) only the service can tell. */
    'company.profiles.create': async (input) => {
      const api = await apiOf(d, input.accountId);
      const body = registrationCreateBodySchema.safeParse({
        network: input.network,
        profiles: input.profiles,
        profile_version: input.profileVersion ?? undefined,
        endpoint_id: input.endpointId || undefined,
        scheme: input.scheme || undefined,
      });
      if (!body.success) {
        const fields: Record<string, string> = {};
        for (const issue of body.error.issues) {
          const [head, ...rest] = issue.path.map(String);
          const path = [CREATE_FIELDS[head ?? ''] ?? head, ...rest].join('.');
          fields[path] ??= issue.message;
        }
        throw invalid('The registration is not valid', fields);
      }
      return api.company.profiles.create(body.data);
    },

    'company.profiles.delete': async (input) => {
      await (await apiOf(d, input.accountId)).company.profiles.delete(input.id);
      return { deleted: true as const };
    },

    'company.profiles.extensions': async (input) => {
      await (await apiOf(d, input.accountId)).company.profiles.setExtensions(input.id, input.profileName, input.extensions);
      return { saved: true as const };
    },

    /** From the spec's tables (shared/enums.ts) for the company's country as the service knows it. */
    'company.profiles.defaults': async (input) => {
      const { company } = await (await apiOf(d, input.accountId)).company.current();
      const country = company.country.toUpperCase();
      return { country, schemes: [...(DEFAULT_SCHEME_BY_COUNTRY[country] ?? [])], versioned: [...VERSIONED_PROFILES] };
    },

    'company.authorization.get': async (input) => (await apiOf(d, input.accountId)).company.authorization.get(),

    'company.authorization.send': async (input) =>
      (await apiOf(d, input.accountId)).company.authorization.send({
        auth_email: input.authEmail,
        locale: input.locale,
        options: input.options?.trim() || undefined,
      }),

    'company.users.list': async (input) => (await apiOf(d, input.accountId)).company.users.list(),
  };
}
