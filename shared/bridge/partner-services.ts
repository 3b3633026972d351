import { z } from 'zod';
import { MAX_PARTNER_LOOKUP_IDS, takeoverQuerySchema } from '../schemas/partner';

// The partner's takeovers and scan partner address, and a company's sending parties (issue 38 item 6).

/** A company a takeover search found: the service promises only its id. */
export interface TakeoverCompanyView {
  companyId: string;
  name: string | null;
  bid: string | null;
  country: string | null;
}

/** A takeover the app started or finished; the service lists none, so the id is shown to keep. */
export interface TakeoverView {
  takeoverId: string;
  companyId: string | null;
  state: string | null;
}

export interface SendingPartyView {
  identifier: string;
  country: string | null;
  id: string | null;
  createdAt: string | null;
}

export interface ScanPartnerView {
  companyId: string;
  email: string | null;
}

const accountId = z.string().uuid();
const id = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'an id of letters, digits, - and _');
const country = z.string().regex(/^[A-Z]{2}$/, 'a 2-letter country code, such as FI');
const identifier = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9:._-]{2,64}$/, 'an organisation number, VAT number or electronic address');

export const partnerServiceCommandSchemas = {
  takeoverFind: z.object({ accountId, organisationNumber: takeoverQuerySchema }),
  takeoverStart: z.object({ accountId, companyId: id }),
  takeoverComplete: z.object({ accountId, takeoverId: id }),
  takeoverRevert: z.object({ accountId, takeoverId: id }),
  scanPartnerGet: z.object({ accountId, companyId: id }),
  scanPartnerSet: z.object({ accountId, companyId: id, email: z.email('an e-mail address, such as scan@office.example') }),
  scanPartnerRemove: z.object({ accountId, companyId: id }),
  sendingParties: z.object({
    accountId,
    identifiers: z
      .array(identifier)
      .min(1, 'at least one identifier')
      .max(MAX_PARTNER_LOOKUP_IDS, `at most ${MAX_PARTNER_LOOKUP_IDS} identifiers at once`),
    country: country.optional(),
  }),
  registerSendingParty: z.object({ accountId, identifier, country }),
};
