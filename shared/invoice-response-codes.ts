// The code lists of Peppol BIS Invoice Response 3 (T111), the one definition for the app: the builder,
// the bridge's input schema, the CLI and the UI read them here. Taken from OpenPEPPOL's poacc-upgrade-3
// (vendor/poacc-upgrade-3/structure/codelist/); test/unit/invoice-response.test.ts holds them to those files.
// The words a user reads for each code are in the UI catalogs (renderer/i18n/*/answers.ts) and, for the
// command line, in English below.

/** Invoice status codes (UNCL4343 subset, UNCL4343-T111.xml), in the order a buyer meets them. */
export const RESPONSE_CODES = ['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD'] as const;
export type ResponseCode = (typeof RESPONSE_CODES)[number];

/** The statuses that need a clarification (PEPPOL-T111-R001): what was wrong, or what is asked. */
export const NEEDS_CLARIFICATION: readonly ResponseCode[] = ['CA', 'UQ', 'RE'];

/** Status Clarification Reason (OPStatusReason.xml): why the status was given. */
export const STATUS_REASONS = ['NON', 'REF', 'LEG', 'REC', 'QUA', 'DEL', 'PRI', 'QTY', 'ITM', 'PAY', 'UNR', 'FIN', 'PPD', 'OTH'] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];

/** Status Clarification Action (OPStatusAction.xml): what the buyer asks the seller to do. */
export const STATUS_ACTIONS = ['NOA', 'PIN', 'NIN', 'CNF', 'CNP', 'CNA', 'OTH'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

/** The listID a clarification code carries (ClarificationListID.xml). */
export const CLARIFICATION_LISTS = { reason: 'OPStatusReason', action: 'OPStatusAction' } as const;

/** The code lists' own names (English), for the command line and the XML's readers. */
export const RESPONSE_CODE_NAMES: Readonly<Record<ResponseCode, string>> = {
  AB: 'Message acknowledgement',
  IP: 'In process',
  UQ: 'Under query',
  CA: 'Conditionally accepted',
  RE: 'Rejected',
  AP: 'Accepted',
  PD: 'Paid',
};

export const STATUS_REASON_NAMES: Readonly<Record<StatusReason, string>> = {
  NON: 'No issue',
  REF: 'References incorrect',
  LEG: 'Legal information incorrect',
  REC: 'Receiver unknown',
  QUA: 'Item quality insufficient',
  DEL: 'Delivery issues',
  PRI: 'Prices incorrect',
  QTY: 'Quantity incorrect',
  ITM: 'Items incorrect',
  PAY: 'Payment terms incorrect',
  UNR: 'Not recognized',
  FIN: 'Finance incorrect',
  PPD: 'Partially paid',
  OTH: 'Other',
};

export const STATUS_ACTION_NAMES: Readonly<Record<StatusAction, string>> = {
  NOA: 'No action required',
  PIN: 'Provide information',
  NIN: 'Issue new invoice',
  CNF: 'Credit fully',
  CNP: 'Credit partially',
  CNA: 'Credit the amount',
  OTH: 'Other',
};

/** What a user gives when answering a received invoice. */
export interface InvoiceAnswerInput {
  code: ResponseCode;
  reasons: StatusReason[];
  actions: StatusAction[];
  /** Free text: why, or what is asked (StatusReason in the XML). */
  text: string | null;
}

/** Why an answer cannot be given as it stands (the builder and the bridge say the same), or null. */
export function answerProblem(a: InvoiceAnswerInput): string | null {
  if (NEEDS_CLARIFICATION.includes(a.code) && a.reasons.length === 0 && a.actions.length === 0)
    return `${RESPONSE_CODE_NAMES[a.code]} needs a reason or an action: say what is wrong or what you ask.`;
  if (a.reasons.includes('PPD') && a.code !== 'PD') return 'Partially paid goes only with the status Paid.';
  if (a.reasons.includes('PPD') && !a.text?.trim()) return 'Partially paid needs a text saying what was paid.';
  if (a.code === 'UQ' && !a.text?.trim()) return 'Under query needs a text saying what you ask.';
  return null;
}
