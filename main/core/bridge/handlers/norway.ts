import { isServiceError } from '../../api';
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
      const q = { query: input.query?.trim() || undefined, status: input.status || undefined, page: input.page, per_page: input.perPage };
      const answer = (r: Awaited<ReturnType<typeof api.norway.searchMandates>>, parsed: 'shown' | 'too-many') => ({
        items: r.items,
        total: r.page.total,
        totalPages: r.page.totalPages,
        page: r.page.page ?? input.page,
        parsed,
      });
      // The KIDs split into reference and payment type where the service can (fewer than 20 results);
      // its 400 for a larger search is answered by the same search without them.
      try {
        return answer(await api.norway.searchMandates({ ...q, parse_values: true }), 'shown');
      } catch (e) {
        if (!(isServiceError(e) && e.status === 400)) throw e;
        return answer(await api.norway.searchMandates(q), 'too-many');
      }
    },
  };
}
