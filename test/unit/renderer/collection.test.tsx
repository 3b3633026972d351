// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CollectionPanel } from '../../../renderer/components/collection/CollectionPanel';
import { CollectionServices } from '../../../renderer/components/collection/CollectionSettings';
import { CollectionPage } from '../../../renderer/pages/CollectionPage';
import type { CollectionServicesView, CollectionStateView } from '../../../shared/bridge/collection-views';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT, invoiceDetail, invoiceRow } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const SENT = invoiceDetail(invoiceRow(1, { direction: 'SENT', dateDue: '2026-01-01', sum: 150 }));
const STATE: CollectionStateView = {
  invoiceId: SENT.row.id,
  assignmentId: 'as1',
  status: 'pending',
  reason: 'Waiting for the agency to accept the assignment',
  link: null,
  phase: 'waiting',
  closed: false,
  currency: 'EUR',
  collectableAmount: 150,
  paidAmount: 0,
  openAmount: 150,
  summary: null,
  createdAt: '2026-02-01T00:00:00Z',
  checkedAt: 0,
  unseenEvents: 0,
};
const services = (b: string): CollectionServicesView => ({
  services: [
    {
      service: 'collectora',
      status: 'none',
      accountableParty: null,
      serviceType: null,
      clientCode: null,
      contactEmail: null,
      updatedAt: null,
    },
    {
      service: 'collectorb',
      status: b,
      accountableParty: null,
      serviceType: null,
      clientCode: null,
      contactEmail: 'm@example.fi',
      updatedAt: null,
    },
    {
      service: 'collectorc',
      status: 'none',
      accountableParty: null,
      serviceType: null,
      clientCode: null,
      contactEmail: null,
      updatedAt: null,
    },
  ],
});
const byId = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('send to collection', () => {
  it('points to Settings while the account has no active collection service', async () => {
    const bridge = fakeBridge({ 'collection.detail': () => ({ state: null, events: [] }), 'collection.services': () => services('none') });
    renderWithApp(<CollectionPanel accountId={ACCOUNT.id} detail={SENT} />, bridge);
    expect(await screen.findByText('Join a collection service in Settings first.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Send to collection' })).toBeNull();
  });

  it('tells a one-letter summary before sending, then shows the service 400 at the amount', async () => {
    const bridge = fakeBridge({
      'collection.detail': () => ({ state: null, events: [] }),
      'collection.services': () => services('active'),
      'collection.send': () =>
        fail({ message: 'The amount is more than the invoice', status: 400, details: ['assignment.collectable_amount: at most 150.00'] }),
    });
    renderWithApp(<CollectionPanel accountId={ACCOUNT.id} detail={SENT} />, bridge);
    const form = await screen.findByRole('form', { name: 'Send to collection' });
    expect(within(form).getByText(/was due on .* and is overdue/)).toBeTruthy();
    fireEvent.change(byId('collection-send-inv-1-assignment_summary'), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to collection' }));
    await waitFor(() => expect(byId('collection-send-inv-1-assignment_summary').getAttribute('aria-invalid')).toBe('true'));
    expect(bridge.callsOf('collection.send')).toEqual([]);

    fireEvent.change(byId('collection-send-inv-1-assignment_summary'), { target: { value: 'Unpaid work' } });
    fireEvent.change(byId('collection-send-inv-1-collectable_amount'), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to collection' }));
    expect(await screen.findByText('at most 150.00')).toBeTruthy();
    expect(byId('collection-send-inv-1-collectable_amount').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsOf('collection.send')[0]).toMatchObject({
      invoiceId: 'inv-1',
      assignment: { collection_type: 'reminder_and_collection', collectable_amount: 500, assignment_summary: 'Unpaid work' },
    });
  });

  it('lets the user choose collectorc, whose assignments go by a route of their own, when it is active beside another', async () => {
    const both = services('active');
    both.services[2] = { ...(both.services[2] as CollectionServicesView['services'][number]), status: 'active' };
    const bridge = fakeBridge({
      'collection.detail': () => ({ state: null, events: [] }),
      'collection.services': () => both,
      'collection.send': () => STATE,
    });
    renderWithApp(<CollectionPanel accountId={ACCOUNT.id} detail={SENT} />, bridge);
    const form = await screen.findByRole('form', { name: 'Send to collection' });
    const agency = within(form).getByLabelText('Agency') as HTMLSelectElement;
    expect([...agency.options].map((o) => o.textContent)).toEqual(['Collector B', 'Collector C (trial)']);
    fireEvent.change(agency, { target: { value: 'collectorc' } });
    fireEvent.change(byId('collection-send-inv-1-assignment_summary'), { target: { value: 'Unpaid work' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to collection' }));
    await waitFor(() => expect(bridge.callsOf('collection.send')[0]).toMatchObject({ agency: 'collectorc' }));
  });

  it('says which agency an assignment goes to when there is only one', async () => {
    const bridge = fakeBridge({
      'collection.detail': () => ({ state: null, events: [] }),
      'collection.services': () => services('active'),
    });
    renderWithApp(<CollectionPanel accountId={ACCOUNT.id} detail={SENT} />, bridge);
    const form = await screen.findByRole('form', { name: 'Send to collection' });
    expect(within(form).getByText('Sent to Collector B.')).toBeTruthy();
    expect(within(form).queryByLabelText('Agency')).toBeNull();
  });

  it('shows a pending assignment with its reason and says plainly when the service is unavailable', async () => {
    const bridge = fakeBridge({
      'collection.detail': (i) =>
        i.refresh ? fail({ kind: 'retry', message: 'The service is temporarily unavailable', status: 503 }) : { state: STATE, events: [] },
      'collection.messages': () => [],
    });
    renderWithApp(<CollectionPanel accountId={ACCOUNT.id} detail={SENT} />, bridge, { lang: 'fi' });
    expect(await screen.findByText('Odottaa toimistoa')).toBeTruthy();
    expect(screen.getByText('Syy: Waiting for the agency to accept the assignment')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Palveluun ei saatu yhteyttä; myöhemmin tämä onnistuu taas.');
  });
});

describe('collection settings', () => {
  it('asks a pending collectorb for its client code, and asks before leaving', async () => {
    const bridge = fakeBridge({
      'collection.services': () => services('pending'),
      'collection.activate': () => services('active'),
      'collection.leave': () => services('disabled'),
    });
    renderWithApp(<CollectionServices accountId={ACCOUNT.id} />, bridge, { lang: 'sv' });
    const code = await screen.findByRole('form', { name: 'Kundkod' });
    fireEvent.change(byId('collection-client-code-client_code'), { target: { value: 'CB-1234' } });
    fireEvent.click(within(code).getByRole('button', { name: 'Starta tjänsten' }));
    await waitFor(() =>
      expect(bridge.callsOf('collection.activate')).toEqual([{ accountId: ACCOUNT.id, body: { client_code: 'CB-1234' } }]),
    );
    const card = document.querySelector('[data-service="collectorb"]') as HTMLElement;
    await within(card).findByText('Aktiv');
    fireEvent.click(within(card).getByRole('button', { name: 'Avsluta tjänsten' }));
    expect(bridge.callsOf('collection.leave')).toEqual([]);
    const ask = within(card).getByRole('group', { name: /Avsluta Inkasso B\?/ });
    fireEvent.click(within(ask).getByRole('button', { name: 'Avsluta tjänsten' }));
    await waitFor(() => expect(bridge.callsOf('collection.leave')).toEqual([{ accountId: ACCOUNT.id, service: 'collectorb' }]));
  });
});

describe('collection page', () => {
  it('lists assignments with amounts and the news, reloads after a sync pass, and marks the news seen', async () => {
    const event = {
      id: 'e1',
      assignmentId: 'as1',
      invoiceId: 'inv-1',
      type: 'reminder_sent',
      happenedAt: '2026-03-01T10:00:00Z',
      data: {},
      seen: false,
    };
    let seen = false;
    const bridge = fakeBridge({
      'collection.overview': () => ({
        rows: [
          {
            ...STATE,
            status: 'ok',
            phase: 'reminder',
            unseenEvents: seen ? 0 : 1,
            invoiceNumber: 'N-1',
            payerName: 'Buyer Oy',
            dateDue: '2026-01-01',
          },
        ],
        totals: [{ currency: 'EUR', collectable: 150, paid: 0, open: 150 }],
        unseenEvents: seen ? 0 : 1,
        changes: seen ? [] : [event],
      }),
      'collection.markSeen': () => {
        seen = true;
        return { state: null, events: [] };
      },
    });
    const { stores } = renderWithApp(<CollectionPage />, bridge);
    stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id });
    const table = await screen.findByRole('table', { name: 'Collection overview' });
    expect(within(table).getByText('Buyer Oy')).toBeTruthy();
    expect(within(table).getByText('Reminders')).toBeTruthy();
    expect(screen.getByText('Reminder sent')).toBeTruthy();
    const before = bridge.callsOf('collection.overview').length;
    bridge.emit('sync.state', { accountId: ACCOUNT.id, state: 'idle', message: null });
    await waitFor(() => expect(bridge.callsOf('collection.overview').length).toBeGreaterThan(before));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    await screen.findByText('Nothing new.');
    expect(bridge.callsOf('collection.markSeen')).toEqual([{ accountId: ACCOUNT.id, invoiceId: 'inv-1' }]);
  });
});
