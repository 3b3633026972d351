// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceBrowser } from '../../../renderer/components/InvoiceBrowser';
import { createStores } from '../../../renderer/stores';
import type { InvoicePage } from '../../../shared/bridge';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT, INFO, invoiceRow } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const page = (): InvoicePage => ({ items: [invoiceRow(0), invoiceRow(1)], next: null, total: 2, totalIsLowerBound: false });

function setup(lang: 'en' | 'sv', totals: (query: string | undefined) => Promise<number>, list: (query?: string) => InvoicePage = page) {
  const bridge = fakeBridge({
    'invoices.list': (i) => list(i.filter?.query),
    'invoices.totals': async (i) => ({ byCurrency: [{ currency: 'EUR', sum: await totals(i.filter?.query), count: 2 }] }),
  });
  const stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: lang });
  stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id, info: INFO, ready: true });
  stores.received.getState().setAccount(ACCOUNT.id);
  renderWithApp(<InvoiceBrowser list={stores.received} idPrefix="r" label="Received invoices" />, bridge, { stores, lang });
  const line = () => document.querySelector('p.list-totals');
  const type = (q: string) => fireEvent.change(document.querySelector('#r-search')!, { target: { value: q } });
  return { bridge, line, type };
}

describe('the totals under the invoice list', () => {
  it('are asked once typing has settled, for the final query only, and say they are being counted meanwhile', async () => {
    const { bridge, line, type } = setup('en', async () => 12.5);
    await screen.findByText('2 results');
    for (const q of ['K', 'Ku', 'Kul', 'Kulj']) type(q);
    expect(line()?.getAttribute('aria-live')).toBe('polite');
    expect(line()?.textContent).toBe('Counting the totals…');
    await waitFor(() => expect(line()?.textContent?.replace(/\s/g, ' ')).toBe('Totals €12.50'));
    const asked = bridge.callsOf('invoices.totals').map((c) => c.filter?.query);
    expect(asked.filter((q) => q !== undefined)).toEqual(['Kulj']);
  });

  it('say so in the user’s language while counting and when counting failed', async () => {
    let fail = false;
    const { line, type } = setup('sv', async () => {
      if (fail) throw new Error('lost');
      return 1;
    });
    await waitFor(() => expect(line()?.textContent?.replace(/\s/g, ' ')).toMatch(/^Summa .*1,00/));
    fail = true;
    type('x');
    expect(line()?.textContent).toBe('Summorna räknas…');
    await waitFor(() => expect(line()?.textContent).toBe('Summorna kunde inte räknas just nu; de räknas igen när listan ändras.'));
  });

  it('are not asked of a list with no rows: nothing adds up to nothing', async () => {
    const { bridge, line, type } = setup(
      'en',
      async () => 12.5,
      (query) => (query ? { items: [], next: null, total: 0, totalIsLowerBound: false } : page()),
    );
    await waitFor(() => expect(line()?.textContent?.replace(/\s/g, ' ')).toBe('Totals €12.50'));
    type('zz');
    await screen.findByText('Nothing matches the search.');
    await waitFor(() => expect(line()?.textContent).toBe(''));
    // Past the settling time: still only the unfiltered list's totals were asked.
    await new Promise((r) => setTimeout(r, 600));
    expect(bridge.callsOf('invoices.totals').map((c) => c.filter?.query)).toEqual([undefined]);
  });
});
