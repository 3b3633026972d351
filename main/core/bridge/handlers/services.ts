import { SendingOptionsError } from '../../accounts/folder-options';
import { isServiceError } from '../../api';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names =
  | 'scanning.autoscan.get'
  | 'scanning.autoscan.set'
  | 'scanning.autoscan.disable'
  | 'scanning.scan.get'
  | 'scanning.scan.save'
  | 'scanning.scan.close'
  | 'scanning.registrations.list'
  | 'scanning.registrations.save'
  | 'scanning.suppliers.query'
  | 'scanning.suppliers.notify'
  | 'lookup.receivers'
  | 'lookup.endpoints'
  | 'lookup.consumer'
  | 'norway.b2cno'
  | 'sendingOptions.list'
  | 'sendingOptions.set';

/** The start of a day as the service's timestamp (the supplier query takes ISO 8601). */
const dayStart = (date: string) => `${date}T00:00:00Z`;

/** Scanning services, lookups, B2C Norway information, and the outbox folders' sending options. */
export function serviceHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'scanning.autoscan.get': async (input) => (await apiOf(d, input.accountId)).scanning.autoscan(),
    'scanning.autoscan.set': async (input) =>
      (await apiOf(d, input.accountId)).scanning.setAutoscan({ return_email_address: input.returnEmail, features: input.features }),
    'scanning.autoscan.disable': async (input) => {
      await (await apiOf(d, input.accountId)).scanning.disableAutoscan();
      return { disabled: true as const };
    },
    'scanning.scan.get': async (input) => (await apiOf(d, input.accountId)).scanning.scan(),
    'scanning.scan.save': async (input) => (await apiOf(d, input.accountId)).scanning.saveScan(input.returnAddress),
    'scanning.scan.close': async (input) => {
      await (await apiOf(d, input.accountId)).scanning.closeScan();
      return { closed: true as const };
    },
    'scanning.registrations.list': async (input) => (await apiOf(d, input.accountId)).company.profiles.list({ network: ['SCAN'] }),
    'scanning.registrations.save': async (input) => {
      const api = await apiOf(d, input.accountId);
      await api.company.profiles.patch(input.id, input.settings);
      return api.company.profiles.get(input.id);
    },
    'scanning.suppliers.query': async (input) => {
      const api = await apiOf(d, input.accountId);
      const r = await api.scanning.querySuppliers({
        include_notified: input.includeNotified,
        oldest_invoice_time: input.since ? dayStart(input.since) : undefined,
      });
      return { since: r.oldest_invoice_time, suppliers: r.suppliers };
    },
    'scanning.suppliers.notify': async (input) => {
      const api = await apiOf(d, input.accountId);
      const r = await api.scanning.notifySuppliers(input.suppliers);
      // The answer names a failure by its index: carry the supplier's own name and id beside it.
      const failures = r.failures.map((f) => ({
        ...f,
        name: f.name ?? input.suppliers[f.index]?.name ?? null,
        business_id: (f.business_id as string | null | undefined) ?? input.suppliers[f.index]?.business_id ?? null,
      }));
      return { notified: r.notified, failures };
    },

    'lookup.receivers': async (input) => {
      const api = await apiOf(d, input.accountId);
      const { items, page } = await api.lookups.receivers({
        network: input.networks,
        name: input.name || undefined,
        bid: input.bid || undefined,
        eia: input.eia || undefined,
        country: input.country ? [input.country] : undefined,
        page: input.page,
        per_page: input.perPage,
      });
      return { items, total: page.total, totalPages: page.totalPages, page: page.page ?? input.page };
    },
    'lookup.endpoints': async (input) =>
      (await apiOf(d, input.accountId)).lookups.endpoints({
        business_ids: [...new Set(input.businessIds)],
        country: input.country,
        sending: input.invoicesOnly ? ['invoice'] : undefined,
      }),
    'lookup.consumer': async (input) => {
      const api = await apiOf(d, input.accountId);
      try {
        return await api.lookups.consumer({
          ssn: input.ssn || undefined,
          date_of_birth: input.dateOfBirth,
          phone_number: input.phoneNumber || undefined,
          email: input.email,
          first_name: input.firstName || undefined,
          last_name: input.lastName || undefined,
          postal_code: input.postalCode || undefined,
          efaktura_identifier: input.efakturaIdentifier || undefined,
        });
      } catch (e) {
        // Nobody matched: an answer, not a failure.
        if (isServiceError(e) && e.status === 404) return null;
        throw e;
      }
    },
    'norway.b2cno': async (input) => (await apiOf(d, input.accountId)).norway.b2cno(),

    'sendingOptions.list': async (input) => {
      accountOf(d, input.accountId);
      return d.engine.folderOptions(input.accountId);
    },
    'sendingOptions.set': async (input) => {
      accountOf(d, input.accountId);
      try {
        return d.engine.setFolderOptions(input.accountId, input.folder, input.options);
      } catch (e) {
        if (e instanceof SendingOptionsError) throw invalid(e.message, e.fields);
        throw e;
      }
    },
  };
}
