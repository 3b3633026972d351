import type { BridgeDeps, Handlers } from '../types';
import { apiOf } from './common';

type Names = 'norway.agreements.list' | 'norway.agreements.create' | 'norway.agreements.update' | 'norway.mandates.search';

/** ATG (AvtaleGiro) agreements and the payers' mandates, straight from the service. */
export function norwayHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'norway.agreements.list': async (input) => (await apiOf(d, input.accountId)).norway.listAgreements(),
    'norway.agreements.create': async (input) => (await apiOf(d, input.accountId)).norway.createAgreement(input.agreement),
    'norway.agreements.update': async (input) => {
      await (await apiOf(d, input.accountId)).norway.patchAgreement(input.accountNumber, input.patch);
      return { saved: true as const };
    },
    'norway.mandates.search': async (input) => {
      const api = await apiOf(d, input.accountId);
      const { items, page } = await api.norway.searchMandates({
        query: input.query?.trim() || undefined,
        status: input.status || undefined,
        page: input.page,
        per_page: input.perPage,
      });
      return { items, total: page.total, totalPages: page.totalPages, page: page.page ?? input.page };
    },
  };
}
