// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceBrowser } from '../../../renderer/components/InvoiceBrowser';
import { createI18n } from '../../../renderer/i18n';
import { Root } from '../../../renderer/Root';
import { formatRoute, parseRoute } from '../../../renderer/routes';
import { createStores } from '../../../renderer/stores';
import type { AppSettings, BankMessageRow, DocumentRow, InvoicePage, OutboxItemView } from '../../../shared/bridge';
import { type FakeBridge, fakeBridge, type Handlers } from './fake-bridge';
import { ACCOUNT, INFO, invoiceDetail, invoiceRow, SETTINGS, status } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(() => {
  cleanup();
  // The app keeps its place in the address: each test starts from a bare one.
  window.history.replaceState(null, '', '/');
});
const made: string[] = [];
beforeAll(() => {
  // happy-dom cannot load blob: URLs into a frame; the test only checks that the PDF got one.
  URL.createObjectURL = (blob: Blob) => {
    made.push(blob.type);
    return 'about:blank';
  };
  URL.revokeObjectURL = () => {};
});

/** 1,000 received invoices answered by cursor; the query keeps every tenth. */
function invoiceSource(total = 1000) {
  return (i: { filter?: { query?: string; detectWarning?: boolean }; after?: string | null; limit?: number }): InvoicePage => {
    const all = Array.from({ length: total }, (_, k) => invoiceRow(k, { detectStatus: k % 7 === 0 ? 'WARN' : 'OK' }));
    const q = i.filter?.query;
    const matching = q ? all.filter((r) => r.number?.endsWith('0')) : all;
    const start = i.after ? Number(i.after) : 0;
    const items = matching.slice(start, start + (i.limit ?? 100));
    return {
      items,
      next: start + items.length < matching.length ? String(start + items.length) : null,
      total: matching.length,
      totalIsLowerBound: false,
    };
  };
}

describe('received invoices', () => {
  it('lists the mirror, searches as you type, moves with the keys and opens the rendered invoice with its PDF', async () => {
    const bridge = fakeBridge({
      'invoices.list': invoiceSource(),
      'invoices.get': (i) => invoiceDetail(invoiceRow(Number(i.id.slice(4)))),
      'files.read': () => ({ filename: 'invoice.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.7') }),
    });
    const stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: 'en' });
    stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id });
    stores.received.getState().setAccount(ACCOUNT.id);
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores });
    await screen.findByText('1,000 results');
    const list = screen.getByRole('listbox', { name: 'Received invoices' });
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(10);
    expect(options.length).toBeLessThan(60);
    expect(options[0]?.getAttribute('aria-setsize')).toBe('1000');
    expect(within(list).getAllByText(/Detect warning/).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'N-1' } });
    await screen.findByText('100 results');

    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).toBe('r-row-1');
    fireEvent.keyDown(list, { key: 'Enter' });
    const detail = await screen.findByRole('region', { name: 'Sender 10 N-10' });
    expect(await within(detail).findByText('Consulting')).toBeTruthy();
    expect(within(detail).getByRole('table', { name: 'Lines' })).toBeTruthy();
    expect(within(detail).getByText('€150.60', { selector: '.rendered-amount' })).toBeTruthy();
    const pdf = await within(detail).findByTitle('Image of invoice.pdf');
    expect(pdf.tagName).toBe('IFRAME');
    expect(made).toEqual(['application/pdf']);
    expect(bridge.callsOf('files.read')).toEqual([{ accountId: ACCOUNT.id, path: 'Inbox/Invoices/invoice.pdf' }]);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Sender 10 N-10' })).toBeNull();
  });
});

describe('addresses', () => {
  it('gives each page and each open invoice an address; back and forward move through them; an address opens its view', async () => {
    const detail = { 'invoices.get': (i: { id: string }) => invoiceDetail(invoiceRow(Number(i.id.slice(4)))) };
    const bridge = appBridge([ACCOUNT], detail);
    renderRoot(bridge);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    expect(window.location.hash).toBe('#/overview');
    fireEvent.click(screen.getByRole('button', { name: 'Received invoices' }));
    await screen.findByText('50 results');
    expect(window.location.hash).toBe('#/invoices');
    const list = screen.getByRole('listbox', { name: 'Received invoices' });
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await screen.findByRole('region', { name: 'Sender 0 N-0' });
    expect(window.location.hash).toBe('#/invoices/inv-0');
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(window.location.hash).toBe('#/sent'));
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(window.location.hash).toBe('#/invoices/inv-0'));
    expect(await screen.findByRole('region', { name: 'Sender 0 N-0' })).toBeTruthy();
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sender 0 N-0' })).toBeNull());
    expect(window.location.hash).toBe('#/invoices');
    cleanup();

    // A reload (or a link) with an address shows that view.
    window.history.replaceState(null, '', '/#/invoices/inv-3');
    renderRoot(appBridge([ACCOUNT], detail));
    expect(await screen.findByRole('region', { name: 'Sender 3 N-3' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Received invoices', level: 1 })).toBeTruthy();
  });

  it('gives the tabs of Sent and Documents, and the invoice or document open there, addresses of their own', async () => {
    const sentDoc = { ...documentRow('PO-9', 'SENT'), id: 'doc-9' };
    const handlers: Handlers = {
      'invoices.get': (i) => invoiceDetail(invoiceRow(Number(i.id.slice(4)))),
      'documents.list': (i) => (i.direction === 'SENT' ? { items: [sentDoc], next: null, total: 1 } : { items: [], next: null, total: 0 }),
      'documents.get': () => ({ row: sentDoc, record: {}, events: [], files: [] }),
      'bankMessages.list': () => ({ items: [bankRow('ri-1')], next: null, total: 1 }),
    };
    renderRoot(appBridge([ACCOUNT], handlers));
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(window.location.hash).toBe('#/sent'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Sent invoices' }));
    await waitFor(() => expect(window.location.hash).toBe('#/sent/invoices'));
    fireEvent.click(within(await screen.findByRole('listbox', { name: 'Sent invoices' })).getAllByRole('option')[1] as HTMLElement);
    await screen.findByRole('region', { name: 'Sender 1 N-1' });
    expect(window.location.hash).toBe('#/sent/invoices/inv-1');
    fireEvent.click(screen.getByRole('tab', { name: 'Sent documents' }));
    await waitFor(() => expect(window.location.hash).toBe('#/sent/documents'));
    fireEvent.click(await screen.findByText('PO-9'));
    await waitFor(() => expect(window.location.hash).toBe('#/sent/documents/doc-9'));
    expect(await screen.findByRole('region', { name: 'Order PO-9' })).toBeTruthy();

    // Back: the sent invoice again, on its tab; then the outbox; forward: the invoice.
    act(() => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#/sent/documents'));
    act(() => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#/sent/invoices/inv-1'));
    expect(await screen.findByRole('region', { name: 'Sender 1 N-1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sent invoices' }).getAttribute('aria-selected')).toBe('true');
    act(() => window.history.back());
    act(() => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#/sent'));
    expect(screen.getByRole('tab', { name: 'Outbox' }).getAttribute('aria-selected')).toBe('true');
    act(() => window.history.forward());
    await waitFor(() => expect(window.location.hash).toBe('#/sent/invoices'));
    expect(screen.getByRole('tab', { name: 'Sent invoices' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Documents' }));
    await waitFor(() => expect(window.location.hash).toBe('#/documents'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank messages' }));
    await waitFor(() => expect(window.location.hash).toBe('#/documents/bank-messages'));
    fireEvent.click(await screen.findByText('ri-1'));
    await waitFor(() => expect(window.location.hash).toBe('#/documents/bank-messages/ri%3Ari-1'));
    cleanup();

    // A reload (or a link) opens the tab and the item it names.
    window.history.replaceState(null, '', '/#/sent/documents/doc-9');
    renderRoot(appBridge([ACCOUNT], handlers));
    expect(await screen.findByRole('region', { name: 'Order PO-9' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sent documents' }).getAttribute('aria-selected')).toBe('true');
    cleanup();
    window.history.replaceState(null, '', '/#/documents/bank-messages');
    renderRoot(appBridge([ACCOUNT], handlers));
    expect(await screen.findByRole('tab', { name: 'Bank messages', selected: true })).toBeTruthy();
    expect(await screen.findByText('ri-1')).toBeTruthy();
    // The older address of a received document still opens it on the first tab.
    expect(parseRoute('#/documents/abc')).toEqual({ page: 'documents', tab: 'documents', id: 'abc' });
    expect(parseRoute('#/sent/outbox')).toEqual({ page: 'sent', tab: 'outbox', id: null });
    expect(formatRoute({ page: 'sent', tab: 'outbox', id: 'ignored' })).toBe('#/sent');
  });
});

describe('lists follow new data while the window is open', () => {
  it('tells of new documents over rows already shown, shows them on request, fills an empty list at once, and reloads the outbox as files are queued', async () => {
    const docs: DocumentRow[] = [documentRow('DOC-OLD-1', 'RECEIVED')];
    const bank: BankMessageRow[] = [];
    const bridge = appBridge([ACCOUNT], {
      'documents.list': ({ direction }) => {
        const items = docs.filter((d) => d.direction === direction);
        return { items, next: null, total: items.length };
      },
      'bankMessages.list': () => ({ items: [...bank], next: null, total: bank.length }),
    });
    renderRoot(bridge);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Documents' }));
    expect(await screen.findByText('DOC-OLD-1')).toBeTruthy();
    // Rows are shown: the new one waits for the user, so nothing moves under them.
    docs.push(documentRow('DOC-NEW-1', 'RECEIVED'));
    act(() => bridge.emit('item.received', { accountId: ACCOUNT.id, kind: 'document', id: 'doc-1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show them' }));
    expect(await screen.findByText('DOC-NEW-1')).toBeTruthy();

    // An empty list has nothing to move: what arrives is shown at once.
    fireEvent.click(screen.getByRole('tab', { name: 'Bank messages' }));
    await waitFor(() => expect(bridge.callsOf('bankMessages.list').length).toBeGreaterThan(0));
    bank.push(bankRow('ri-77'));
    act(() => bridge.emit('item.received', { accountId: ACCOUNT.id, kind: 'bank_message', id: 'ri:ri-77' }));
    expect(await screen.findByText('ri-77')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show them' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Sent documents' }));
    await waitFor(() => expect(bridge.callsOf('documents.list').some((c) => c.direction === 'SENT')).toBe(true));
    docs.push(documentRow('DOC-SENT-1', 'SENT'));
    act(() => bridge.emit('item.sent', { accountId: ACCOUNT.id, outboxId: 1, file: 'order.xml', remoteId: 'doc-2' }));
    expect(await screen.findByText('DOC-SENT-1')).toBeTruthy();

    const before = bridge.callsOf('outbox.list').length;
    act(() => bridge.emit('item.queued', { accountId: ACCOUNT.id, outboxId: 2, file: 'Outbox/Invoices/a.xml', held: false }));
    await waitFor(() => expect(bridge.callsOf('outbox.list').length).toBeGreaterThan(before));
  });
});

function documentRow(number: string, direction: 'RECEIVED' | 'SENT'): DocumentRow {
  return {
    id: `id-${number}`,
    direction,
    type: 'ORDER',
    status: 'DELIVERED',
    number,
    reference: null,
    senderName: 'Buyer Oy',
    recipientName: 'Seller Oy',
    createdAt: '2026-02-01T10:00:00Z',
  };
}

function bankRow(id: string): BankMessageRow {
  return {
    kind: 'ri',
    id,
    messageType: 'RI',
    seenAt: '2026-02-01T10:00:00Z',
    file: { kind: 'bank_message', fileId: null, filename: `${id}.xml`, path: null, state: 'pending', size: null },
  };
}

function appBridge(accounts = [ACCOUNT], extra: Handlers = {}): FakeBridge {
  let settings: AppSettings = SETTINGS;
  return fakeBridge({
    'app.info': () => INFO,
    'settings.get': () => settings,
    'settings.set': (patch) => {
      settings = { ...settings, ...patch } as AppSettings;
      return settings;
    },
    'accounts.list': () => accounts,
    'sync.status': () => accounts.map((a) => status({ account: a })),
    'activity.list': () => [],
    'outbox.list': () => [],
    'invoices.list': invoiceSource(50),
    'documents.list': () => ({ items: [], next: null, total: 0 }),
    'bankMessages.list': () => ({ items: [], next: null, total: 0 }),
    'detect.checks.get': () => ({ on_invoice_receive: [] }),
    'detect.definitions': () => [],
    'accounts.tryDemo': () => ACCOUNT,
    ...extra,
  });
}

function renderRoot(bridge: FakeBridge) {
  const stores = createStores({ bridge, perfNow: () => 1, wallNow: () => Date.parse('2026-03-01T10:01:00Z'), defaultLang: 'en' });
  const i18n = createI18n('en');
  render(<Root bridge={bridge} stores={stores} i18n={i18n} wallNow={() => Date.parse('2026-03-01T10:01:00Z')} doc={document} />);
  return { stores, i18n };
}

describe('the app', () => {
  it('starts at the first run without accounts, and shows the app after "Try the sandbox"', async () => {
    const accounts: (typeof ACCOUNT)[] = [];
    const bridge = appBridge(accounts);
    bridge.calls.length = 0;
    renderRoot(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Try the sandbox' }));
    accounts.push(ACCOUNT);
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Sandbox').length).toBeGreaterThan(0);
    expect(bridge.callsOf('accounts.tryDemo')).toHaveLength(1);
  });

  it('says on the Overview when the service asked the app to wait, and offers "Try again" on a file waiting for the user', async () => {
    const held: OutboxItemView = {
      id: 7,
      accountId: ACCOUNT.id,
      kind: 'invoice',
      documentType: null,
      file: 'Outbox/Invoices/scope.xml',
      state: 'needs_user',
      attempts: 1,
      lastError: 'This account is not allowed to do that. It waits for you.',
      errorKind: 'user',
      remoteId: null,
      deliveryStatus: null,
      needsReroute: false,
      nextAttemptAt: null,
      createdAt: '2026-03-01T09:00:00Z',
      updatedAt: '2026-03-01T09:00:00Z',
    };
    const bridge = appBridge([ACCOUNT], {
      'sync.status': () => [status({ serviceWaitUntil: '2026-03-01T10:03:00Z' })],
      'outbox.list': () => [held],
      'outbox.retry': (): OutboxItemView => ({ ...held, state: 'queued', lastError: null, errorKind: null }),
    });
    renderRoot(bridge);
    expect(await screen.findByText('The service asked to wait until')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bridge.callsOf('outbox.retry')).toEqual([{ id: 7 }]));
    expect(await screen.findByText('Queued')).toBeTruthy();
  });

  it('counts the received files given up on the Overview, and fetches them again, all or one', async () => {
    let givenUp = 2;
    const files = [
      {
        table: 'invoiceFiles' as const,
        jobId: 11,
        name: 'INV-11.pdf',
        itemId: 'inv-11',
        error: 'Tried 10 times',
        at: '2026-03-01T09:00:00Z',
      },
      { table: 'bankMessages' as const, jobId: 12, name: 'RI b-12', itemId: 'b-12', error: null, at: '2026-03-01T08:00:00Z' },
    ];
    const bridge = appBridge([ACCOUNT], {
      'sync.status': () => [status({ downloadsFailed: givenUp })],
      'downloads.givenUp': () => files.slice(0, givenUp),
      'downloads.fetchAgain': (input) => {
        const n = input.file ? 1 : givenUp;
        givenUp -= n;
        return { queued: n };
      },
    });
    renderRoot(bridge);
    expect((await screen.findByText('Downloads given up')).previousElementSibling?.textContent).toBe('2');
    fireEvent.click(screen.getByText('Show the files given up'));
    expect(await screen.findByText('INV-11.pdf')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Fetch again' })[0] as HTMLElement);
    await waitFor(() =>
      expect(bridge.callsOf('downloads.fetchAgain')).toEqual([{ accountId: ACCOUNT.id, file: { table: 'invoiceFiles', jobId: 11 } }]),
    );
    await waitFor(() => expect(screen.getByText('Downloads given up').previousElementSibling?.textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Fetch all again' }));
    await waitFor(() => expect(bridge.callsOf('downloads.fetchAgain').at(-1)).toEqual({ accountId: ACCOUNT.id }));
    await waitFor(() => expect(screen.getByText('Downloads given up').previousElementSibling?.textContent).toBe('0'));
  });

  it('switches language everywhere, with the lang attribute and the formats', async () => {
    const bridge = appBridge();
    renderRoot(bridge);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'fi' } });
    expect(await screen.findByRole('heading', { name: 'Asetukset', level: 1 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fi');
    expect(bridge.callsOf('settings.set')).toEqual([{ language: 'fi' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Saapuneet laskut' }));
    expect(await screen.findByText('50 tulosta')).toBeTruthy();
    expect(screen.getAllByText('1.2.2026').length).toBeGreaterThan(0);
  });

  it('says on Settings where the API keys are kept, in the language chosen', async () => {
    renderRoot(appBridge());
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect((await screen.findByText('API keys')).nextElementSibling?.textContent).toBe("Kept in the operating system's keychain.");
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'fi' } });
    expect((await screen.findByText('API-avaimet')).nextElementSibling?.textContent).toBe('Tallessa käyttöjärjestelmän avainnipussa.');
  });

  it('says on Settings when the API keys are in the encrypted file, and which file', async () => {
    const path = '/srv/einvoice/secrets.encrypted.json';
    const secretStore = { kind: 'encrypted-file' as const, label: `encrypted file (no OS keychain here): ${path}`, path };
    renderRoot(appBridge([ACCOUNT], { 'app.info': () => ({ ...INFO, secretStore }) }));
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect((await screen.findByText('API keys')).nextElementSibling?.textContent).toBe(
      `Kept in a file encrypted with your passphrase: ${path}`,
    );
  });

  it('follows the theme choice on the html element', async () => {
    const bridge = appBridge();
    const { stores } = renderRoot(bridge);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    await act(() => stores.app.getState().saveSettings({ theme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await act(() => stores.app.getState().saveSettings({ theme: 'system' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('shows that events stopped flowing, and asks again once they flow', async () => {
    const bridge = appBridge();
    renderRoot(bridge);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    act(() => bridge.setConnection('closed'));
    expect(screen.getByText('Not connected to the app')).toBeTruthy();
    const before = bridge.callsOf('sync.status').length;
    act(() => bridge.setConnection('open'));
    await waitFor(() => expect(bridge.callsOf('sync.status').length).toBeGreaterThan(before));
    expect(screen.queryByText('Not connected to the app')).toBeNull();
  });
});
