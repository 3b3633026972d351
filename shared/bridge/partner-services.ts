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

/** A takeover the app started or finished; the service lists none, so the app keeps its own. */
export interface TakeoverView {
  takeoverId: string;
  companyId: string | null;
  state: string | null;
}

/** A takeover the app kept: what the user knew the company by, and when it started and last changed (epoch ms). */
export interface KeptTakeoverView extends TakeoverView {
  label: string | null;
  startedAt: number;
  updatedAt: number;
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
  /** `label`: what the user knew the company by when it was found (its name, else the number searched). */
  takeoverStart: z.object({ accountId, companyId: id, label: z.string().trim().min(1).max(200).optional() }),
  takeoverComplete: z.object({ accountId, takeoverId: id }),
  takeoverRevert: z.object({ accountId, takeoverId: id }),
  takeovers: z.object({ accountId }),
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
