import type { AccountStatusView, AccountView, AppInfo, AppSettings, InvoiceDetail, InvoiceRow } from '../../../shared/bridge';
import { emptyInvoiceRow } from '../../support/view-rows';

export const ACCOUNT: AccountView = {
  id: '0b7c2a4e-5d1f-4a8e-9c3b-1f2e3d4c5b6a',
  name: 'Demo (sandbox)',
  environment: 'sandbox',
  baseUrl: null,
  companyId: '3f2b0c1e-8a4d-4c2e-9f1a-2b7e8f9a0b1c',
  root: '/tmp/demo',
  pollIntervalS: 300,
  markHandled: false,
  paused: false,
  inboxLayout: 'year-month',
  remoteValidation: 'off',
  deleteRiAfterDownload: false,
};

export const INFO: AppInfo = {
  version: '0.1.0',
  host: 'browser',
  dataDir: '/tmp/data',
  embeddedSandboxUrl: 'http://127.0.0.1:9999',
  capabilities: { openFiles: false, startAtLogin: false, notifications: false },
  secretStore: { kind: 'keychain', label: 'OS keychain (Secret Service)' },
};

export const SETTINGS: AppSettings = {
  language: 'en',
  languageChosen: true,
  theme: 'system',
  notifications: true,
  startAtLogin: false,
  lastAccountId: null,
};

export function status(over: Partial<AccountStatusView> = {}): AccountStatusView {
  return {
    account: ACCOUNT,
    state: 'idle',
    message: null,
    queued: 0,
    held: 0,
    sending: 0,
    sent: 3,
    failed: 1,
    needsReroute: 1,
    received: 200,
    downloadsPending: 0,
    downloadsFailed: 0,
    lastPoll: '2026-03-01T10:00:00Z',
    nextPoll: '2026-03-01T10:05:00Z',
    serviceWaitUntil: null,
    health: {
      state: over.state ?? 'idle',
      upToDate: (over.state ?? 'idle') === 'idle',
      problems: [],
      lastSuccessAt: '2026-03-01T10:00:00Z',
      recheckAt: null,
    },
    ...over,
  };
}

export function invoiceRow(i: number, over: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    ...emptyInvoiceRow(),
    id: `inv-${i}`,
    direction: 'RECEIVED',
    status: 'DELIVERED',
    number: `N-${i}`,
    reference: null,
    senderName: `Sender ${i}`,
    recipientName: 'Demo Oy',
    date: '2026-02-01',
    dateDue: '2026-03-01',
    sum: 100 + i,
    sumTax: 25,
    currency: 'EUR',
    receivedAt: '2026-02-01T08:00:00Z',
    handled: false,
    detectStatus: null,
    detectFindings: [],
    ...over,
  };
}

/** `count` rows with ids inv-<from>..; the list is answered newest first as the host does. */
export const rows = (from: number, count: number) => Array.from({ length: count }, (_, k) => invoiceRow(from + k));

export function invoiceDetail(row: InvoiceRow): InvoiceDetail {
  return {
    row,
    record: { id: row.id },
    detectFindings: [],
    files: [{ kind: 'image', fileId: 'f1', filename: 'invoice.pdf', path: 'Inbox/Invoices/invoice.pdf', state: 'done', size: 2048 }],
    rendered: {
      format: 'UBL',
      kind: 'invoice',
      number: row.number,
      issueDate: '2026-02-01',
      dueDate: '2026-03-01',
      currency: 'EUR',
      buyerReference: 'REF-1',
      orderReference: null,
      seller: {
        name: row.senderName,
        businessId: '1234567-8',
        vatId: 'FI12345678',
        eia: '0216:1234567-8',
        address: ['Katu 1', '00100 Helsinki'],
        country: 'FI',
        contact: null,
      },
      buyer: { name: 'Demo Oy', businessId: '7654321-0', vatId: null, eia: null, address: [], country: 'FI', contact: null },
      lines: [
        { id: '1', description: 'Consulting', quantity: 2, unit: 'h', unitPrice: 50, vatRate: 25.5, net: 100 },
        { id: '2', description: 'Travel', quantity: 1, unit: null, unitPrice: 20, vatRate: 25.5, net: 20 },
      ],
      vat: [{ rate: 25.5, category: 'S', taxable: 120, tax: 30.6 }],
      totals: { net: 120, tax: 30.6, gross: 150.6, payable: 150.6 },
      payment: { iban: 'FI2112345600000785', bic: 'NDEAFIHH', reference: 'RF18539007547034', terms: '14 days', dueDate: '2026-03-01' },
      notes: [],
    },
    renderError: null,
    outbox: null,
  };
}
