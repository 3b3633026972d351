import { z } from 'zod';
import { MAX_PARTNER_LOOKUP_IDS } from '../schemas/partner';

// The accountant's cockpit (Partner page): what the companies linked to an account's vendor key
// received and failed to send, and company look-ups by business id.

/** An account of this app that has a vendor API key: the partner whose linked companies are listed. */
export interface PartnerAccountView {
  accountId: string;
  name: string;
  companyId: string;
}

/** The company a row names, and the account of this app that syncs it (null: not synced here yet). */
export interface PartnerCompanyRef {
  companyId: string;
  companyName: string | null;
  companyBid: string | null;
  syncedBy: { accountId: string; name: string } | null;
}

export interface PartnerInboundView extends PartnerCompanyRef {
  invoiceId: string;
  state: string | null;
  number: string | null;
  senderName: string | null;
  happenedAt: string | null;
}

export interface PartnerErrorView extends PartnerCompanyRef {
  invoiceId: string;
  number: string | null;
  recipientName: string | null;
  status: string | null;
  error: string | null;
  channel: string | null;
  happenedAt: string | null;
}

/** Every row of the window the app read, newest first; `truncated` when there were more than it reads at once. */
export interface PartnerListView<T> {
  items: T[];
  truncated: boolean;
}

export interface PartnerLookupView extends PartnerCompanyRef {
  country: string | null;
}

/** The most rows one list reads from the service (pages of 100). */
export const PARTNER_MAX_ROWS = 2000;

const accountId = z.string().uuid();
const when = z.iso.datetime({ offset: true, message: 'a time, such as 2026-01-31T12:00:00Z' });
/** A time window from `after` to `before` (default now) runs forwards. */
const forwards = (w: { after: string; before?: string | undefined }) => !w.before || Date.parse(w.before) >= Date.parse(w.after);
const backwards = { message: 'must not be before the start', path: ['before'] };
const window = { accountId, after: when, before: when.optional() };

export const partnerCommandSchemas = {
  accounts: z.object({}),
  /** Received invoices of the linked companies in the window; `state` CREATED is what nobody has handled yet. */
  inbound: z.object({ ...window, state: z.enum(['CREATED', 'HANDLED', 'all']).default('all') }).refine(forwards, backwards),
  outboundErrors: z.object(window).refine(forwards, backwards),
  lookup: z.object({
    accountId,
    businessIds: z
      .array(z.string().trim().min(2, 'at least 2 characters').max(64))
      .min(1, 'at least one business id')
      .max(MAX_PARTNER_LOOKUP_IDS, `at most ${MAX_PARTNER_LOOKUP_IDS} business ids at once`),
    country: z.string().regex(/^[A-Z]{2}$/, 'a 2-letter country code, such as FI'),
  }),
};
