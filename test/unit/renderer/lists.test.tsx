// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankMessageBrowser } from '../../../renderer/components/BankMessageBrowser';
import { DocumentBrowser } from '../../../renderer/components/DocumentBrowser';
import { InvoiceBrowser } from '../../../renderer/components/InvoiceBrowser';
import { OutboxTable } from '../../../renderer/components/OutboxTable';
import { InvoicesPage } from '../../../renderer/pages/InvoicesPage';
import { createStores, type Stores } from '../../../renderer/stores';
import type { BankMessageRow, InvoicePage, OutboxItemView } from '../../../shared/bridge';
import { type FakeBridge, fakeBridge, type Handlers } from './fake-bridge';
import { ACCOUNT, INFO, invoiceDetail, invoiceRow } from './fixtures';
import { renderWithApp } from './render-app';

const DESKTOP = { ...INFO, host: 'electron' as const, capabilities: { ...INFO.capabilities, openFiles: true } };

let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = (b: Blob) => {
    blobs.push(b);
    return 'about:blank';
  };
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function page(n: number): InvoicePage {
  return { items: Array.from({ length: n }, (_, i) => invoiceRow(i)), next: null, total: n, totalIsLowerBound: false };
}

function setup(handlers: Handlers, o: { desktop?: boolean; lang?: 'en' | 'fi' } = {}) {
  const bridge: FakeBridge = fakeBridge({
    'invoices.list': () => page(3),
    'invoices.totals': () => ({ byCurrency: [] }),
    ...handlers,
  });
  const stores: Stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: o.lang ?? 'en' });
  stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id, info: o.desktop ? DESKTOP : INFO, ready: true });
  for (const list of [stores.received, stores.documents, stores.bank]) list.getState().setAccount(ACCOUNT.id);
  return { bridge, stores };
}

describe('searching an invoice list', () => {
  it('asks for each keystroke with the filters kept, shows the count and says when nothing matches', async () => {
    const { bridge, stores } = setup({
      'invoices.list': (input) => (input.filter?.query ? { items: [], next: null, total: 0, totalIsLowerBound: false } : page(3)),
    });
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores });
    await screen.findByText('3 results');
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    fireEvent.change(status, { target: { value: 'DELIVERED' } });
    await waitFor(() => expect(bridge.callsOf('invoices.list').at(-1)?.filter?.status).toBe('DELIVERED'));

    const search = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'x' } });
    fireEvent.change(search, { target: { value: 'xy' } });
    await screen.findByText('Nothing matches the search.');
    expect(search.value).toBe('xy');
    expect(bridge.callsOf('invoices.list').at(-1)?.filter).toMatchObject({ query: 'xy', status: 'DELIVERED' });
    // The filters keep what was chosen while the search changes (they no longer render with each keystroke).
    expect(status.value).toBe('DELIVERED');

    fireEvent.change(search, { target: { value: '' } });
    await screen.findByText('3 results');
    expect(screen.queryByText('Nothing matches the search.')).toBeNull();
  });

  it('renders only the field, the count and the rows for an answer: the filters are left alone', async () => {
    const { bridge, stores } = setup({
      'invoices.list': (input) => (input.filter?.query ? page(2) : page(3)),
    });
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores });
    await screen.findByText('3 results');
    // React sets a controlled field's name and type again each time it renders it: a render of the
    // filters for every answer showed as these mutations (and as work on the page's main thread).
    const touched: string[] = [];
    const watch = new MutationObserver((records) => {
      for (const r of records) touched.push(`${(r.target as Element).id || r.target.nodeName} ${r.type} ${r.attributeName ?? ''}`);
    });
    watch.observe(screen.getByRole('group', { name: 'Filters' }), {
      subtree: true,
      attributes: true,
      childList: true,
      characterData: true,
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'kahvi' } });
    await screen.findByText('2 results');
    await act(async () => {});
    watch.disconnect();
    expect(touched).toEqual([]);
    expect(bridge.callsOf('invoices.list').at(-1)?.filter?.query).toBe('kahvi');
  });

  it('shows the rows’ words in the language chosen while the list is open', async () => {
    const { bridge, stores } = setup({});
    const { i18n } = renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores });
    await screen.findByText('3 results');
    const rows = screen.getByRole('listbox', { name: 'Received invoices' });
    expect(within(rows).getAllByText('Delivered')).toHaveLength(3);
    await act(() => i18n.changeLanguage('fi'));
    // The same rows, not asked again: their status is looked up once per language for the whole list.
    await waitFor(() => expect(within(rows).getAllByText('Toimitettu')).toHaveLength(3));
    expect(within(rows).queryByText('Delivered')).toBeNull();
    expect(bridge.callsOf('invoices.list')).toHaveLength(1);
  });

  it('searches documents with the same field and count', async () => {
    let answer: (page: { items: []; next: null; total: number }) => void = () => {};
    const { bridge, stores } = setup({
      'documents.list': (input) => (input.query ? { items: [], next: null, total: 0 } : new Promise((resolve) => (answer = resolve))),
    });
    renderWithApp(<DocumentBrowser list={stores.documents} idPrefix="d" label="Documents" />, bridge, { stores });
    // Nothing counted yet: the count says it is loading.
    await screen.findByText('Loading…');
    answer({ items: [], next: null, total: 0 });
    await screen.findByText('No documents here yet.');
    // An account with no documents has none that match: said at once, the host is not asked.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'order' } });
    await screen.findByText('Nothing matches the search.');
    expect(bridge.callsOf('documents.list')).toHaveLength(1);
    // Once documents have arrived, the search goes to the host.
    act(() => stores.documents.getState().markStale());
    await waitFor(() => expect(bridge.callsOf('documents.list').at(-1)?.query).toBe('order'));
    expect(bridge.callsOf('documents.list')).toHaveLength(2);
    await screen.findByText('Nothing matches the search.');
  });
});

describe('sorting by a column', () => {
  it('sorts an invoice list by the header clicked: its first way, the other way, then the list’s own order; aria-sort follows', async () => {
    const { bridge, stores } = setup({});
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores });
    await screen.findByText('3 results');
    const header = screen.getByRole('table', { name: 'Columns of Received invoices' });
    const sender = within(header).getByRole('columnheader', { name: 'Sender' });
    const sum = within(header).getByRole('columnheader', { name: 'Sum' });
    expect(sender.getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(sender).getByRole('button', { name: 'Sender' }));
    await waitFor(() => expect(bridge.callsOf('invoices.list').at(-1)?.filter?.sort).toEqual({ by: 'party', dir: 'asc' }));
    expect(sender.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(sender).getByRole('button'));
    await waitFor(() => expect(bridge.callsOf('invoices.list').at(-1)?.filter?.sort).toEqual({ by: 'party', dir: 'desc' }));
    expect(sender.getAttribute('aria-sort')).toBe('descending');
    // Sums and dates sort largest and newest first.
    fireEvent.click(within(sum).getByRole('button'));
    await waitFor(() => expect(bridge.callsOf('invoices.list').at(-1)?.filter?.sort).toEqual({ by: 'sum', dir: 'desc' }));
    expect([sender.getAttribute('aria-sort'), sum.getAttribute('aria-sort')]).toEqual([null, 'descending']);
    fireEvent.click(within(sum).getByRole('button'));
    fireEvent.click(within(sum).getByRole('button'));
    await waitFor(() => expect(bridge.callsOf('invoices.list').at(-1)?.filter).toEqual({ direction: 'RECEIVED' }));
    expect(sum.getAttribute('aria-sort')).toBeNull();
  });

  it('sorts documents and bank messages in the host, and the outbox in memory', async () => {
    const bank: BankMessageRow = {
      kind: 'ri',
      id: 'ri-1',
      messageType: 'RI',
      seenAt: '2026-02-01T10:00:00Z',
      file: { kind: 'bank_message', fileId: null, filename: 'ri-1.xml', path: null, state: 'pending', size: null },
    };
    const item = (id: number, file: string, attempts: number): OutboxItemView => ({
      id,
      accountId: ACCOUNT.id,
      kind: 'invoice',
      documentType: null,
      file,
      state: 'done',
      attempts,
      lastError: null,
      errorKind: null,
      remoteId: null,
      deliveryStatus: null,
      needsReroute: false,
      nextAttemptAt: null,
      createdAt: '2026-03-01T09:00:00Z',
      updatedAt: `2026-03-01T09:0${id}:00Z`,
    });
    const { bridge, stores } = setup({
      'documents.list': () => ({ items: [], next: null, total: 1 }),
      'bankMessages.list': () => ({ items: [bank], next: null, total: 1 }),
      'outbox.list': () => [
        item(1, 'Outbox/Invoices/b.xml', 3),
        item(2, 'Outbox/Invoices/a10.xml', 1),
        item(3, 'Outbox/Invoices/a9.xml', 2),
      ],
    });
    renderWithApp(<DocumentBrowser list={stores.documents} idPrefix="d" label="Received documents" />, bridge, { stores });
    fireEvent.click(await screen.findByRole('button', { name: 'Created' }));
    await waitFor(() => expect(bridge.callsOf('documents.list').at(-1)?.sort).toEqual({ by: 'created', dir: 'desc' }));
    cleanup();

    renderWithApp(<BankMessageBrowser list={stores.bank} />, bridge, { stores });
    fireEvent.click(await screen.findByRole('button', { name: 'Kind' }));
    await waitFor(() => expect(bridge.callsOf('bankMessages.list').at(-1)?.sort).toEqual({ by: 'kind', dir: 'asc' }));
    cleanup();

    await act(() => stores.outbox.getState().load(ACCOUNT.id));
    renderWithApp(<OutboxTable onReroute={() => {}} />, bridge, { stores });
    const files = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(files()).toEqual(['Outbox/Invoices/a9.xml', 'Outbox/Invoices/a10.xml', 'Outbox/Invoices/b.xml']);
    fireEvent.click(screen.getByRole('button', { name: 'File' }));
    // Numbers in names sort as numbers: a9 before a10.
    expect(files()).toEqual(['Outbox/Invoices/a9.xml', 'Outbox/Invoices/a10.xml', 'Outbox/Invoices/b.xml']);
    expect(screen.getByRole('columnheader', { name: 'File' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Attempts' }));
    expect(files()).toEqual(['Outbox/Invoices/b.xml', 'Outbox/Invoices/a9.xml', 'Outbox/Invoices/a10.xml']);
    expect(screen.getByRole('columnheader', { name: 'Attempts' }).getAttribute('aria-sort')).toBe('descending');
    expect(bridge.callsOf('outbox.list')).toHaveLength(1);
  });
});

describe('totals and the CSV export of the filtered list', () => {
  it('shows the filter’s totals per currency in the user’s locale, asked again when the filter changes', async () => {
    const { bridge, stores } = setup(
      {
        'invoices.totals': (i) => ({
          byCurrency: i.filter?.status
            ? [{ currency: 'EUR', sum: 100, count: 1 }]
            : [
                { currency: 'EUR', sum: 12345, count: 3 },
                { currency: 'SEK', sum: 1000, count: 1 },
              ],
        }),
      },
      { lang: 'fi' },
    );
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Saapuneet laskut" />, bridge, { stores, lang: 'fi' });
    const totals = () => document.querySelector('p.list-totals')?.textContent?.replace(/\s/g, ' ');
    await waitFor(() => expect(totals()).toBe('Yhteensä 12 345,00 € · 1 000,00 SEK'));
    fireEvent.change(screen.getByLabelText('Tila'), { target: { value: 'FAILED' } });
    await waitFor(() => expect(totals()).toBe('Yhteensä 100,00 €'));
    expect(bridge.callsOf('invoices.totals').at(-1)).toEqual({
      accountId: ACCOUNT.id,
      filter: { direction: 'RECEIVED', status: 'FAILED' },
    });
  });

  it('exports the whole filter in its order with the columns and words shown, and the browser saves the file', async () => {
    const text = '\uFEFFLähettäjä;Summa\r\nAcme;1,00\r\n';
    const { bridge, stores } = setup(
      { 'invoices.exportCsv': () => ({ filename: 'invoices-received-2026-03-01.csv', text, rows: 1 }) },
      { lang: 'fi' },
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    stores.received.getState().setFilter({ sort: { by: 'sum', dir: 'desc' }, handled: false });
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Saapuneet laskut" />, bridge, { stores, lang: 'fi' });
    fireEvent.click(await screen.findByRole('button', { name: 'Vie CSV-tiedostoon' }));
    await waitFor(() => expect(clicked).toEqual(['invoices-received-2026-03-01.csv']));
    const [input] = bridge.callsOf('invoices.exportCsv');
    expect(input).toMatchObject({
      accountId: ACCOUNT.id,
      lang: 'fi',
      filter: { direction: 'RECEIVED', handled: false, sort: { by: 'sum', dir: 'desc' } },
      words: { handled: 'Käsitelty', statuses: expect.objectContaining({ DELIVERED: 'Toimitettu' }) },
    });
    expect(input?.columns.map((c) => c.key)).toEqual(['warning', 'party', 'number', 'date', 'due', 'status', 'handled', 'sum', 'currency']);
    expect(input?.columns[1]).toEqual({ key: 'party', label: 'Lähettäjä' });
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await (blobs[0] as Blob).arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});

describe('print and folders', () => {
  it('prints the rendered invoice: the page is marked for the print stylesheet while printing', async () => {
    const { bridge, stores } = setup({ 'invoices.get': () => invoiceDetail(invoiceRow(0)) });
    const marked: boolean[] = [];
    // happy-dom has no print(); the browser's blocks until the dialog closes, then fires afterprint.
    const print = vi.fn(() => {
      marked.push(document.documentElement.classList.contains('printing-invoice'));
      window.dispatchEvent(new Event('afterprint'));
    });
    window.print = print;
    stores.received.getState().openById('inv-0');
    renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores });
    const detail = await screen.findByRole('region', { name: 'Sender 0 N-0' });
    fireEvent.click(await within(detail).findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(marked).toEqual([true]);
    expect(document.documentElement.classList.contains('printing-invoice')).toBe(false);
  });

  it('offers "Show in folder" and "Open folder" on both hosts, asking main with the file or the folder’s name; headless copies a path it cannot show', async () => {
    const { bridge, stores } = setup(
      {
        'invoices.get': () => invoiceDetail(invoiceRow(0)),
        'files.read': () => ({ filename: 'invoice.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.7') }),
        'files.showInFolder': () => ({ shown: true, path: '/r/Inbox/Invoices/invoice.pdf' }),
        'files.openFolder': () => ({ opened: true, path: '/r/Inbox' }),
      },
      { desktop: true },
    );
    stores.received.getState().openById('inv-0');
    renderWithApp(<InvoicesPage />, bridge, { stores });
    fireEvent.click(await screen.findByRole('button', { name: 'Show in folder: invoice.pdf' }));
    await waitFor(() =>
      expect(bridge.callsOf('files.showInFolder')).toEqual([{ accountId: ACCOUNT.id, path: 'Inbox/Invoices/invoice.pdf' }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open folder Inbox' }));
    await waitFor(() => expect(bridge.callsOf('files.openFolder')).toEqual([{ accountId: ACCOUNT.id, folder: 'inbox' }]));
    cleanup();

    const headless = setup({
      'invoices.get': () => invoiceDetail(invoiceRow(0)),
      'files.read': () => ({ filename: 'invoice.pdf', contentType: 'application/pdf', base64: '' }),
      'files.showInFolder': () => ({ shown: false, path: '/srv/acme/Inbox/Invoices/invoice.pdf' }),
    });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (s: string) => void copied.push(s) },
    });
    headless.stores.received.getState().openById('inv-0');
    renderWithApp(<InvoicesPage />, headless.bridge, { stores: headless.stores });
    expect(await screen.findByRole('button', { name: 'Save: invoice.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show in folder: invoice.pdf' }));
    expect(await screen.findByText('/srv/acme/Inbox/Invoices/invoice.pdf')).toBeTruthy();
    expect(copied).toEqual(['/srv/acme/Inbox/Invoices/invoice.pdf']);
    expect(screen.getByRole('button', { name: 'Open folder Inbox' })).toBeTruthy();
  });
});
