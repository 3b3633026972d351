// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NeedsPersonSection } from '../../../renderer/components/NeedsPersonSection';
import { PartnerPage } from '../../../renderer/pages/PartnerPage';
import type { NeedsPersonView } from '../../../shared/bridge/needs-person';
import type { PartnerInboundView } from '../../../shared/bridge/partner';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT, status } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const ROW = (over: Partial<PartnerInboundView>): PartnerInboundView => ({
  companyId: 'c-1',
  companyName: 'Asiakas Oy',
  companyBid: '3333333-3',
  syncedBy: null,
  invoiceId: 'i-1',
  state: 'CREATED',
  number: '1001',
  senderName: 'Toimittaja Oy',
  happenedAt: '2026-03-01T09:00:00Z',
  ...over,
});

describe('Partner page', () => {
  it('names each row’s company, marks the synced one, and prefills the account form for one not synced', async () => {
    const bridge = fakeBridge({
      'partner.accounts': () => [{ accountId: ACCOUNT.id, name: ACCOUNT.name, companyId: ACCOUNT.companyId }],
      'partner.inbound': () => ({
        items: [
          ROW({}),
          ROW({ companyId: 'c-2', companyName: 'Synkattu Oy', invoiceId: 'i-2', syncedBy: { accountId: ACCOUNT.id, name: 'Synkattu' } }),
        ],
        truncated: false,
      }),
    });
    const { stores } = renderWithApp(<PartnerPage />, bridge, { lang: 'sv' });
    stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id });
    const row = (await screen.findByText('Asiakas Oy')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Synkroniseras inte')).toBeTruthy();
    expect(screen.getByText('Synkroniseras som Synkattu')).toBeTruthy();
    // The default window is the last 7 days before now, all states.
    const asked = bridge.callsOf('partner.inbound')[0];
    expect(asked).toMatchObject({ accountId: ACCOUNT.id, state: 'all' });
    expect(Date.now() - Date.parse(asked?.after ?? '')).toBeGreaterThan(6.9 * 86_400_000);

    fireEvent.change(screen.getByLabelText('Visa bara företag'), { target: { value: '9999' } });
    expect(await screen.findByText('Ingen rad matchar företagsfiltret.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Visa bara företag'), { target: { value: '3333333' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Lägg till Asiakas Oy som konto' }));
    expect((document.getElementById('partner-account-companyId') as HTMLInputElement).value).toBe('c-1');
    expect((document.getElementById('partner-account-environment') as HTMLSelectElement).value).toBe('sandbox');
    expect(screen.getByText(/Tjänsten ger en token bara med företagets egen API-nyckel/)).toBeTruthy();
  });

  it('tells an 11th business id before anything is sent', async () => {
    const bridge = fakeBridge({
      'partner.accounts': () => [{ accountId: ACCOUNT.id, name: ACCOUNT.name, companyId: ACCOUNT.companyId }],
      'partner.inbound': () => ({ items: [], truncated: false }),
      'partner.lookup': () => [],
    });
    const { stores } = renderWithApp(<PartnerPage />, bridge);
    stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id });
    fireEvent.click(await screen.findByRole('tab', { name: 'Find companies' }));
    const ids = Array.from({ length: 11 }, (_, i) => `100000${i}-1`).join(', ');
    fireEvent.change(screen.getByLabelText('Business IDs'), { target: { value: ids } });
    expect(screen.getByText('11 business IDs: at most 10 can be looked up at once. Remove some before searching.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Find' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bridge.callsOf('partner.lookup')).toEqual([]);
  });

  it('says so when no account has a vendor key', async () => {
    const bridge = fakeBridge({ 'partner.accounts': () => [] });
    const { stores } = renderWithApp(<PartnerPage />, bridge, { lang: 'nb' });
    stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id });
    expect(await screen.findByText(/Ingen konto i appen har en leverandør-API-nøkkel/)).toBeTruthy();
  });
});

describe('Needs a person', () => {
  it('lists each company’s counts as links that open the place to act, for that company', async () => {
    const other = { ...ACCOUNT, id: '1b7c2a4e-5d1f-4a8e-9c3b-1f2e3d4c5b6a', name: 'Asiakas' };
    const view: NeedsPersonView = {
      companies: [
        {
          accountId: other.id,
          name: 'Asiakas',
          companyId: other.companyId,
          counts: { heldUploads: 2, reroutes: 1, collectionEvents: 3 },
          total: 6,
          health: [],
          lastTrafficAt: null,
        },
      ],
      totals: {
        syncStopped: 0,
        heldUploads: 2,
        failedUploads: 0,
        reroutes: 1,
        detectWarnings: 0,
        collectionEvents: 3,
        invoiceAnswers: 0,
        quietCompany: 0,
      },
      available: ['syncStopped', 'heldUploads', 'failedUploads', 'reroutes', 'detectWarnings', 'collectionEvents', 'invoiceAnswers'],
      accounts: 2,
      failedSince: '2026-02-01T00:00:00Z',
    };
    const bridge = fakeBridge({ 'overview.needsPerson': () => view });
    const { stores } = renderWithApp(<NeedsPersonSection />, bridge, { lang: 'fi' });
    stores.app.setState({ accounts: [ACCOUNT, other], accountId: ACCOUNT.id });
    const link = await screen.findByRole('button', { name: 'Epäonnistuneet toimitukset (uusi reitti) yrityksessä Asiakas: 1. Avaa' });
    expect(screen.getByText('Pidätetyt lähetykset: 2')).toBeTruthy();
    expect(screen.getByText('Tämä versio ei vielä laske: Ei liikennettä lähes vuoteen.')).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(stores.app.getState()).toMatchObject({ page: 'sent', accountId: other.id, tabs: { sent: 'invoices' } }));
    // The sent invoices open filtered to the failed ones.
    expect(stores.sent.getState().filter).toEqual({ direction: 'SENT', status: 'FAILED' });
    fireEvent.click(screen.getByRole('button', { name: 'Katsomattomat perintätapahtumat yrityksessä Asiakas: 3. Avaa' }));
    await waitFor(() => expect(stores.app.getState().page).toBe('collection'));
  });

  it('asks again when the sync states change, but not for the window’s first states', async () => {
    const view: NeedsPersonView = {
      companies: [],
      totals: {
        syncStopped: 0,
        heldUploads: 0,
        failedUploads: 0,
        reroutes: 0,
        detectWarnings: 0,
        collectionEvents: 0,
        invoiceAnswers: 0,
        quietCompany: 0,
      },
      available: ['syncStopped', 'heldUploads'],
      accounts: 1,
      failedSince: '2026-02-01T00:00:00Z',
    };
    const bridge = fakeBridge({ 'overview.needsPerson': () => view });
    const { stores } = renderWithApp(<NeedsPersonSection />, bridge);
    await waitFor(() => expect(bridge.callsOf('overview.needsPerson')).toHaveLength(1));
    // The window's first sync.status answer arrives after the section asked: nothing new to ask about.
    // act() runs the effects it causes, and a reload's ask with them, before it returns.
    act(() => stores.sync.setState({ statuses: [status()] }));
    expect(bridge.callsOf('overview.needsPerson')).toHaveLength(1);
    act(() => stores.sync.setState({ statuses: [status({ received: 3 })] }));
    await waitFor(() => expect(bridge.callsOf('overview.needsPerson')).toHaveLength(2));
    // A burst of states (a "Sync now" of many companies) is one ask, after it.
    for (let i = 0; i < 80; i++) act(() => stores.sync.setState({ statuses: [status({ received: 10 + i })] }));
    await waitFor(() => expect(bridge.callsOf('overview.needsPerson')).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 700));
    expect(bridge.callsOf('overview.needsPerson')).toHaveLength(3);
  });
});
