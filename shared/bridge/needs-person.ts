// What needs a person across every account of the app: the Overview's first section.
import type { HealthProblem } from '../account-health';

/**
 * The kinds of things a person must act on, in the order the Overview shows them. A kind whose
 * counter this version lacks is answered as unavailable, never as zero.
 */
export const NEED_KINDS = [
  'syncStopped',
  'heldUploads',
  'failedUploads',
  'reroutes',
  'detectWarnings',
  'collectionEvents',
  'invoiceAnswers',
  'quietCompany',
] as const;
export type NeedKind = (typeof NEED_KINDS)[number];

export interface NeedsPersonCompany {
  accountId: string;
  name: string;
  companyId: string;
  counts: Partial<Record<NeedKind, number>>;
  total: number;
  /** What keeps the company from being up to date (`syncStopped` counts these): what holds, since when. */
  health: HealthProblem[];
  /** The newest invoice or document seen, for a quiet company. */
  lastTrafficAt: string | null;
}

export interface NeedsPersonView {
  /** Companies with something to do, the most first; companies with nothing are left out. */
  companies: NeedsPersonCompany[];
  totals: Record<NeedKind, number>;
  /** Kinds this version can count; the others are shown as not counted yet. */
  available: NeedKind[];
  /** How many accounts were looked at. */
  accounts: number;
  /** Failed uploads are counted from this time on. */
  failedSince: string;
}
