/**
 * Views of what the app shows to judge an invoice or a sent item: Detect's result and the checks run
 * on demand, the company's reports of a sender, and the delivery trail the service records.
 */

/** One check run on demand, as it stands: PENDING until the service finishes it. */
export interface AnalysisView {
  id: string;
  check: string;
  status: string;
  /** OK, WARNING, NOT_APPLICABLE or FAILED once finished; null while PENDING. */
  result: string | null;
  reasonCode: string | null;
  text: string | null;
  requestedAt: string | null;
  checkedAt: string | null;
}

export interface DetectStateView {
  invoiceId: string;
  /** OK, WARN, DISABLED, null (not fetched yet), or what the service said before it finished. */
  status: string | null;
  findings: string[];
  /** A fetch of the result is queued or running. */
  refreshing: boolean;
  /** Why the app stopped asking for the result (given up after its tries), in plain words. */
  gaveUp: string | null;
  analyses: AnalysisView[];
  /** The app still looks at the analyses (some are PENDING). */
  analysesRunning: boolean;
  /** Why the app stopped looking at PENDING analyses. */
  analysesGaveUp: string | null;
}

export interface ReportDefinitionView {
  reason: string;
  title: string;
  description: string | null;
}

export interface ReportView {
  id: string;
  reasons: string[];
  contactEmail: string;
  description: string | null;
  createdAt: string;
}

/** One line of a sent item's trail, newest first. */
export interface TrailEntryView {
  at: string;
  /** Invoice action type (CREATED, SENT, DELIVERED, INFO, ERROR...) or document event code. */
  type: string;
  message: string | null;
  /** The route: channel, destination and operator when the service tells them. */
  channel: string | null;
  destination: string | null;
  operator: string | null;
  /** The failure the service recorded on this step, when it is one. */
  error: string | null;
}

export interface TrailView {
  entries: TrailEntryView[];
  /** The route of a document as a whole (invoices tell it per action). */
  route: { channel: string | null; destination: string | null; operator: string | null } | null;
  /** Where the entries come from: asked just now, or the last answer kept for offline viewing. */
  source: 'live' | 'kept';
  /** When the entries were fetched from the service. */
  fetchedAt: number;
  /** Why the live answer could not be had, when the kept one is shown. */
  offlineReason: string | null;
}

/** The national-network responses given to a received invoice's sender, and what may follow. */
export interface NationalnetView {
  /** Each response given so far, oldest first, as the service answered the last one. */
  responses: { response: string; reason: string | null; createdAt: string | null }[];
  /** The responses that may follow, in the fixed order; none after a final one. */
  next: string[];
  final: boolean;
}
