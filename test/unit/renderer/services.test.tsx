// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AutoscanPanel } from '../../../renderer/components/services/AutoscanPanel';
import { EndpointLookup } from '../../../renderer/components/services/EndpointLookup';
import { ReceiverLookup } from '../../../renderer/components/services/ReceiverLookup';
import { SendingOptionsPanel } from '../../../renderer/components/services/SendingOptionsPanel';
import { SuppliersPanel } from '../../../renderer/components/services/SuppliersPanel';
import { INVOICE_OPTION_FIELDS, OPTION_VALUES } from '../../../shared/schemas/sending-options';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);
const accountId = ACCOUNT.id;

describe('scanning', () => {
  it('a 503 says the service is temporarily unavailable, and Try again asks again', async () => {
    let calls = 0;
    const bridge = fakeBridge({
      'scanning.autoscan.get': () => {
        calls++;
        if (calls === 1) fail({ message: 'The service is having trouble (HTTP 503)', kind: 'retry', status: 503 });
        return { enabled: false, return_email_address: null, features: {} };
      },
    });
    renderWithApp(<AutoscanPanel accountId={accountId} />, bridge);
    expect(await screen.findByText('The service is temporarily unavailable. Try again in a moment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Autoscan is off.')).toBeTruthy();
  });

  it('asks the selected suppliers and lists the failures per supplier', async () => {
    const suppliers = [
      { name: 'Paperi Oy', business_id: '0737546-2', invoices: 2, scanned_invoices: 2, einvoices: 0, notified: false },
      { name: 'No Contact Oy', business_id: null, invoices: 1, scanned_invoices: 1, einvoices: 0, notified: false },
    ];
    const bridge = fakeBridge({
      'scanning.suppliers.query': () => ({ since: '2026-02-01T00:00:00Z', suppliers }),
      'scanning.suppliers.notify': () => ({
        notified: 1,
        failures: [{ index: 1, name: 'No Contact Oy', reason: 'email or eia is required' }],
      }),
    });
    renderWithApp(<SuppliersPanel accountId={accountId} scanningOn />, bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Find suppliers' }));
    fireEvent.click(await screen.findByLabelText('Select Paperi Oy'));
    fireEvent.click(screen.getByLabelText('Select No Contact Oy'));
    fireEvent.change(screen.getByLabelText('E-mail of Paperi Oy'), { target: { value: 'sales@paperi.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask 2 selected to send e-invoices' }));
    expect(await screen.findByText('No Contact Oy: email or eia is required')).toBeTruthy();
    expect(bridge.callsOf('scanning.suppliers.notify')[0]).toMatchObject({
      suppliers: [{ name: 'Paperi Oy', business_id: '0737546-2', email: 'sales@paperi.example' }, { name: 'No Contact Oy' }],
    });
  });
});

describe('lookups', () => {
  it('endpoints: the 11th business id is told before anything is sent', () => {
    const bridge = fakeBridge({});
    renderWithApp(<EndpointLookup accountId={accountId} />, bridge);
    const ids = Array.from({ length: 11 }, (_, i) => `900000${i}-1`).join(', ');
    fireEvent.change(screen.getByLabelText('Business ids'), { target: { value: ids } });
    expect(screen.getByText(/At most 10 business ids at a time: you gave 11/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bridge.callsOf('lookup.endpoints')).toHaveLength(0);
  });

  it('a receiver shows the document types it accepts, and Use this address hands over address and operator', async () => {
    const picked: unknown[] = [];
    const receiver = {
      eia: '0216:003712345678',
      network: 'PEPPOL',
      operator: 'OPERATOR1',
      document_types: [{ document_type: 'INVOICE' }, { document_type: 'CREDIT_NOTE' }],
      participant: { name: 'Kauppa Oy', bid: '1234567-8', country: 'FI' },
    };
    const bridge = fakeBridge({ 'lookup.receivers': () => ({ items: [receiver], total: 1, totalPages: 1, page: 1 }) });
    renderWithApp(
      <ReceiverLookup accountId={accountId} idPrefix="t" initial={{ bid: '1234567-8' }} onPick={(r) => picked.push(r)} />,
      bridge,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The types in the app's words (issue 37, item 7), not the service's codes.
    expect(await screen.findByText('Invoice, Credit note')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(picked).toEqual([receiver]);
    expect(bridge.callsOf('lookup.receivers')[0]).toMatchObject({ bid: '1234567-8', networks: ['PEPPOL', 'INTERNAL', 'EXTERNAL'] });
  });
});

describe('receiver pages', () => {
  it('Next asks for the next page of the same search', async () => {
    const item = (n: number) => ({ eia: `0192:${n}`, network: 'PEPPOL', document_types: [], participant: { name: `Oy ${n}` } });
    const bridge = fakeBridge({
      'lookup.receivers': (i) => ({ items: [item(i.page ?? 1)], total: 40, totalPages: 2, page: i.page ?? 1 }),
    });
    renderWithApp(<ReceiverLookup accountId={accountId} idPrefix="p" initial={{ name: 'Oy' }} />, bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Oy 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Oy 2')).toBeTruthy();
    expect(bridge.callsOf('lookup.receivers').map((c) => [c.name, c.page])).toEqual([
      ['Oy', 1],
      ['Oy', 2],
    ]);
  });
});

describe('sending options on Settings', () => {
  const options = (el: HTMLElement) => [...(el as HTMLSelectElement).options].map((o) => o.value);
  const listOf = (saved: Record<string, unknown>) =>
    fakeBridge({
      'sendingOptions.list': () => [{ folder: 'Outbox/Invoices', fields: INVOICE_OPTION_FIELDS, options: saved as Record<string, string> }],
      'sendingOptions.set': (i) => ({ folder: i.folder, fields: INVOICE_OPTION_FIELDS, options: i.options as Record<string, string> }),
    });

  it('offers only the values the service takes, folds the rarer options, and saves them as picked', async () => {
    const bridge = listOf({});
    renderWithApp(<SendingOptionsPanel account={ACCOUNT} />, bridge);
    const phone = await screen.findByLabelText('Recipient phone number');
    expect(screen.getByText(/used to find the consumer in the registry/)).toBeTruthy();
    // Chosen from lists, never typed: the upload's own values (issue 38: no `business`, no `avtalegiro`).
    expect(options(screen.getByLabelText('Recipient type'))).toEqual(['', ...OPTION_VALUES.recipient_type]);
    expect(options(screen.getByLabelText('File format'))).toEqual(['', ...OPTION_VALUES.format]);
    expect(options(screen.getByLabelText('Letter class'))).toEqual(['', ...OPTION_VALUES['print_settings[letter_class]']]);
    expect(options(screen.getByLabelText('XML attached to e-mails'))).toEqual(['', ...OPTION_VALUES['email_settings[xml_format]']]);
    const order = screen.getByRole('group', { name: 'Consumer routes, in order' });
    expect(within(order).getAllByRole('checkbox')).toHaveLength(OPTION_VALUES.route_order.length);
    expect(within(order).queryByLabelText(/AvtaleGiro/)).toBeNull();
    // The options most folders never set are folded, and the fold is shut while none of them is set.
    const more = document.querySelector('details.more-options') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    expect(more.contains(phone)).toBe(true);
    expect(more.contains(screen.getByLabelText('File format'))).toBe(false);

    const avoid = screen.getByRole('group', { name: 'Routes not to use' });
    fireEvent.click(within(avoid).getByLabelText('Paper letter'));
    fireEvent.change(phone, { target: { value: '+4791234567' } });
    fireEvent.change(screen.getByLabelText('Recipient type'), { target: { value: 'consumer' } });
    fireEvent.click(within(order).getByLabelText('Paper letter'));
    fireEvent.click(within(order).getByLabelText('eFaktura'));
    expect(within(order).getByLabelText('2. eFaktura')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save the options of Outbox/Invoices' }));
    await waitFor(() => expect(bridge.callsOf('sendingOptions.set')).toHaveLength(1));
    expect(bridge.callsOf('sendingOptions.set')[0]).toEqual({
      accountId,
      folder: 'Outbox/Invoices',
      options: {
        disabled_routes: ['print'],
        recipient_phone_number: '+4791234567',
        recipient_type: 'consumer',
        route_order: ['print', 'efaktura'],
      },
    });
    expect(await screen.findByText('Saved. Files sent from now on use these options.')).toBeTruthy();
  });

  it('keeps a value saved before that the service does not take, said as such, with the fold open', async () => {
    renderWithApp(<SendingOptionsPanel account={ACCOUNT} />, listOf({ recipient_type: 'business' }));
    const type = (await screen.findByLabelText('Recipient type')) as HTMLSelectElement;
    expect(type.value).toBe('business');
    expect(type.selectedOptions[0]?.textContent).toBe('business (not a value the service takes)');
    expect((document.querySelector('details.more-options') as HTMLDetailsElement).open).toBe(true);
  });
});
