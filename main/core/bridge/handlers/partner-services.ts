import type { SendingParty } from '../../api/lookups';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names =
  | 'partner.takeoverFind'
  | 'partner.takeoverStart'
  | 'partner.takeoverComplete'
  | 'partner.takeoverRevert'
  | 'partner.takeovers'
  | 'partner.scanPartnerGet'
  | 'partner.scanPartnerSet'
  | 'partner.scanPartnerRemove'
  | 'lookup.sendingParties'
  | 'lookup.registerSendingParty';

const partyView = (p: SendingParty) => ({
  identifier: p.identifier,
  country: p.country ?? null,
  id: p.id ?? null,
  createdAt: p.created_at ?? null,
});

/** Takeovers and the scan partner act as the account's vendor key; sending parties as the company itself. */
export function partnerServiceHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const asPartner = async (accountId: string) => {
    const api = await apiOf(d, accountId);
    if ((await d.engine.vendorKeys.get(accountId)) === null) {
      throw invalid('This account has no vendor API key', { accountId: 'add the vendor API key on the Company page first' });
    }
    return api;
  };
  return {
    'partner.takeoverFind': async ({ accountId, organisationNumber }) =>
      (await asPartner(accountId)).takeovers.available(organisationNumber),
    // Each answer is kept before it is shown, so a takeover started here can be finished after a restart.
    'partner.takeoverStart': async ({ accountId, companyId, label }) => {
      const t = await (await asPartner(accountId)).takeovers.start(companyId);
      const view = { takeoverId: t.id, companyId: t.company_id ?? companyId, state: t.state ?? 'STARTED' };
      d.engine.keep.takeover(accountId, { ...view, label: label ?? null });
      return view;
    },
    'partner.takeoverComplete': async ({ accountId, takeoverId }) => {
      const t = await (await asPartner(accountId)).takeovers.complete(takeoverId);
      // The company now belongs to the partner's linked companies: the Partner page's lists change.
      const view = { takeoverId: t.id, companyId: t.company_id ?? null, state: t.state ?? 'COMPLETED' };
      d.engine.keep.takeover(accountId, view);
      return view;
    },
    'partner.takeoverRevert': async ({ accountId, takeoverId }) => {
      await (await asPartner(accountId)).takeovers.revert(takeoverId);
      const view = { takeoverId, companyId: null, state: 'REVERTED' };
      d.engine.keep.takeover(accountId, view);
      return view;
    },
    'partner.takeovers': async ({ accountId }) => {
      accountOf(d, accountId);
      return d.engine.store.takeovers.list(accountId);
    },
    'partner.scanPartnerGet': async ({ accountId, companyId }) => {
      const r = await (await asPartner(accountId)).scanPartner.get(companyId);
      return { companyId: r.company_id, email: r.scanpartner_email_address ?? null };
    },
    'partner.scanPartnerSet': async ({ accountId, companyId, email }) => {
      await (await asPartner(accountId)).scanPartner.set({ company_id: companyId, scanpartner_email_address: email });
      return { companyId, email };
    },
    'partner.scanPartnerRemove': async ({ accountId, companyId }) => {
      await (await asPartner(accountId)).scanPartner.remove(companyId);
      return { companyId, email: null };
    },
    'lookup.sendingParties': async ({ accountId, identifiers, country }) => {
      const api = await apiOf(d, accountId);
      const found = await api.lookups.sendingParties({ identifiers: [...new Set(identifiers)], ...(country ? { country } : {}) });
      return found.map(partyView);
    },
    'lookup.registerSendingParty': async ({ accountId, identifier, country }) => {
      const made = await (await apiOf(d, accountId)).lookups.registerSendingParty({ identifier, country });
      return partyView(made ?? { identifier, country });
    },
  };
}
