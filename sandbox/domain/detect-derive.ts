import { unzipSync } from 'fflate';
import type { DetectCheck } from '../../shared/enums';
import type { BlobStore, Table } from '../store';
import { codesOf, REASONS } from './detect-reasons';
import {
  EU_COUNTRIES,
  isPlausibleVatNumber,
  REGISTER_STATUS,
  registerKey,
  senderCountry,
  senderIdentity,
  senderVatNumber,
  VAT_NOT_REGISTERED,
  WARNING_LIST,
} from './detect-registers';
import type { InvoiceRecord } from './records';

export type CheckResult = 'NOT_APPLICABLE' | 'FAILED' | 'WARNING' | 'OK';

/** What one check concluded about one invoice: the result column and its reason codes (one, or several warnings). */
export interface CheckOutcome {
  check: DetectCheck;
  result: CheckResult;
  reason_codes: string[];
}

/** The bank accounts read from an invoice's file, kept so that later comparisons do not reparse it. */
export interface AccountsRow {
  id: string;
  accounts: string[];
}

export interface DeriveDeps {
  invoices: Table<InvoiceRecord>;
  blobs: BlobStore;
  accounts: Table<AccountsRow>;
}

const outcome = (check: DetectCheck, result: CheckResult, code: string): CheckOutcome => ({ check, result, reason_codes: [code] });

/**
 * What each check finds on an invoice by default: deterministic, from the invoice's own data, the
 * company's earlier invoices and the documented test registers (detect-registers.ts).
 */
export function deriveOutcome(deps: DeriveDeps, inv: InvoiceRecord, check: DetectCheck): CheckOutcome {
  switch (check) {
    case 'SUPPLIER_ACTIVATION':
      return supplierActivation(deps, inv);
    case 'BANK_ACCOUNT_CHANGED':
      return bankAccountChanged(deps, inv);
    case 'SENDER_BID_STATUS':
      return senderBidStatus(inv);
    case 'SENDER_WARNING_LIST':
      return senderWarningList(inv);
    case 'VAT':
      return vat(inv);
  }
}

function supplierActivation(deps: DeriveDeps, inv: InvoiceRecord): CheckOutcome {
  const c = 'SUPPLIER_ACTIVATION';
  if (inv.origin !== 'SCAN') return outcome(c, 'NOT_APPLICABLE', 'SUPPLIER_ACTIVATION_INVOICE_NOT_FROM_SCAN');
  const who = senderIdentity(inv.sender);
  if (!who) return outcome(c, 'WARNING', 'SUPPLIER_ACTIVATION_INVALID_INPUT');
  // The network knows every e-invoice it carried, whoever received it.
  const electronic = deps.invoices.find((o) => o.id !== inv.id && o.origin !== 'SCAN' && senderIdentity(o.sender) === who);
  return electronic
    ? outcome(c, 'WARNING', 'SUPPLIER_ACTIVATION_COMPANY_CAN_SEND_ELECTRONIC')
    : outcome(c, 'OK', 'SUPPLIER_ACTIVATION_COMPANY_CAN_ONLY_SEND_SCAN');
}

/** IBANs and the many domestic forms (BBAN, bankgiro, plusgiro) alike: 5 to 34 letters and digits. */
const ACCOUNT = /^[A-Z0-9]{5,34}$/;

function bankAccountChanged(deps: DeriveDeps, inv: InvoiceRecord): CheckOutcome {
  const c = 'BANK_ACCOUNT_CHANGED';
  const accounts = accountsOf(deps, inv);
  if (accounts.length === 0) return outcome(c, 'NOT_APPLICABLE', 'BANK_ACCOUNT_CHANGED_NO_BANK_ACCOUNTS');
  if (!accounts.some((a) => ACCOUNT.test(a))) return outcome(c, 'WARNING', 'BANK_ACCOUNT_CHANGED_INVALID_INPUT');
  const who = senderIdentity(inv.sender);
  if (!who) return outcome(c, 'WARNING', 'BANK_ACCOUNT_CHANGED_UNKNOWN');
  const at = inv.received_at ?? inv.created_at;
  const seen = new Set<string>();
  // Accounts on every earlier invoice of the sender: its usual account, if it has one.
  let usual: Set<string> | null = null;
  for (const o of deps.invoices.values()) {
    if (o.id === inv.id || o.company_id !== inv.company_id || o.direction !== 'RECEIVED') continue;
    const oAt = o.received_at ?? o.created_at;
    if (oAt > at || (oAt === at && o.seq >= inv.seq)) continue;
    if (senderIdentity(o.sender) !== who) continue;
    const theirs = accountsOf(deps, o);
    if (theirs.length === 0) continue;
    for (const a of theirs) seen.add(a);
    usual = usual === null ? new Set(theirs) : new Set(theirs.filter((a) => usual?.has(a)));
  }
  // Redirection fraud swaps a supplier's steady account. A first invoice sets the baseline, and a
  // sender already seen paying into varying accounts has no usual account to change from.
  const changed = usual !== null && usual.size > 0 && !accounts.some((a) => seen.has(a));
  return changed ? outcome(c, 'WARNING', 'BANK_ACCOUNT_CHANGED_CHANGED') : outcome(c, 'OK', 'BANK_ACCOUNT_CHANGED_NOT_CHANGED');
}

function senderBidStatus(inv: InvoiceRecord): CheckOutcome {
  const c = 'SENDER_BID_STATUS';
  const s = inv.sender;
  if (!s || (!s.bid && !senderCountry(s))) return outcome(c, 'WARNING', 'SENDER_BID_STATUS_NOT_FOUND_NO_BID');
  const key = registerKey(s);
  if (!key) return outcome(c, 'NOT_APPLICABLE', 'SENDER_BID_STATUS_COUNTRY_NOT_SUPPORTED');
  if (!key.bid) return outcome(c, 'WARNING', 'SENDER_BID_STATUS_NOT_FOUND_NO_BID');
  if (!key.valid) return outcome(c, 'WARNING', 'SENDER_BID_STATUS_INVALID_BID');
  const status = REGISTER_STATUS[`${key.country}:${key.bid}`];
  if (status) return outcome(c, 'WARNING', `SENDER_BID_STATUS_${status}`);
  // Finland also has the prepayment register; being in it is the better of the two OK answers.
  return outcome(c, 'OK', key.country === 'FI' ? 'SENDER_BID_STATUS_PREPAYMENT_REGISTER_FOUND' : 'SENDER_BID_STATUS_FOUND');
}

function senderWarningList(inv: InvoiceRecord): CheckOutcome {
  const c = 'SENDER_WARNING_LIST';
  const s = inv.sender;
  if (!s || (!s.bid && !s.name && !s.vat)) return outcome(c, 'WARNING', 'SENDER_WARNING_LIST_INVALID_INPUT');
  const key = registerKey({ ...s, bid: s.bid ?? s.vat ?? null });
  const listed = key?.bid ? WARNING_LIST[`${key.country}:${key.bid}`] : undefined;
  return listed ? outcome(c, 'WARNING', `SENDER_WARNING_LIST_${listed}`) : outcome(c, 'OK', 'SENDER_WARNING_LIST_NOT_FOUND');
}

function vat(inv: InvoiceRecord): CheckOutcome {
  const c = 'VAT';
  if (typeof inv.sum_tax !== 'number' || Math.abs(inv.sum_tax) < 1) return outcome(c, 'NOT_APPLICABLE', 'VAT_NO_VAT_CHARGED');
  const country = senderCountry(inv.sender);
  // Norway's own register and the EU's VIES are the only registers the service reaches.
  if (!country || (country !== 'NO' && !EU_COUNTRIES.has(country))) return outcome(c, 'FAILED', 'VAT_FAILED');
  const number = senderVatNumber(inv.sender);
  if (!number || !isPlausibleVatNumber(number)) return outcome(c, 'WARNING', 'VAT_INVALID_INPUT');
  const key = registerKey({ ...inv.sender, bid: inv.sender?.bid ?? number });
  if (key?.bid && VAT_NOT_REGISTERED.has(`${key.country}:${key.bid}`)) return outcome(c, 'WARNING', 'VAT_COMPANY_NOT_REGISTERED');
  return outcome(c, 'OK', 'VAT_COMPANY_REGISTERED');
}

/** Outcome of findings set through the admin API: warnings together, any other result alone. */
export function outcomeFromCodes(check: DetectCheck, codes: string[]): CheckOutcome {
  const result = (REASONS.get(codes[0] ?? '')?.result ?? 'OK') as CheckResult;
  return { check, result, reason_codes: codes };
}

/** The OK answer of a check, for checks the admin left out of a findings list. */
export function okOutcome(check: DetectCheck): CheckOutcome {
  const ok = codesOf(check, 'OK');
  return outcome(check, 'OK', ok[ok.length - 1] ?? `${check}_OK`);
}

const UBL_ACCOUNT = /<(?:\w+:)?PayeeFinancialAccount\b[^>]*>([\s\S]*?)<\/(?:\w+:)?PayeeFinancialAccount>/g;
const UBL_ACCOUNT_ID = /<(?:\w+:)?ID\b[^>]*>([^<]*)</;
const FLAT_ACCOUNTS = [/<(?:EpiAccountID|SellerAccountID)\b[^>]*>([^<]*)</g, /<(?:\w+:)?(?:IBANID|ProprietaryID)\b[^>]*>([^<]*)</g];

/** Bank accounts named in the invoice's XML (UBL, Finvoice, CII), normalised; cached per invoice. */
export function accountsOf(deps: DeriveDeps, inv: InvoiceRecord): string[] {
  const cached = deps.accounts.get(inv.id);
  if (cached) return cached.accounts;
  const xml = invoiceXml(deps.blobs, inv);
  const found = new Set<string>();
  const add = (raw: string | undefined) => {
    const a = (raw ?? '').replace(/\s+/g, '').toUpperCase();
    if (a) found.add(a);
  };
  if (xml) {
    for (const m of xml.matchAll(UBL_ACCOUNT)) add(UBL_ACCOUNT_ID.exec(m[1] ?? '')?.[1]);
    for (const re of FLAT_ACCOUNTS) for (const m of xml.matchAll(re)) add(m[1]);
  }
  const accounts = [...found];
  deps.accounts.put({ id: inv.id, accounts });
  return accounts;
}

function invoiceXml(blobs: BlobStore, inv: InvoiceRecord): string | null {
  const blobId = inv.internal?.original?.blob;
  const data = blobId ? blobs.get(blobId) : undefined;
  if (!data) return null;
  let bytes: Uint8Array = data;
  if (data[0] === 0x50 && data[1] === 0x4b) {
    try {
      const entries = unzipSync(data, { filter: (f) => f.name.toLowerCase().endsWith('.xml') });
      const first = Object.values(entries)[0];
      if (!first) return null;
      bytes = first;
    } catch {
      return null;
    }
  }
  // latin1 keeps every byte: the account patterns are ASCII whatever the file's encoding.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return /^\s*(\xef\xbb\xbf)?\s*</.test(text) ? text : null;
}
