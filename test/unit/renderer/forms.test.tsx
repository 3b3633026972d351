// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgreementForm } from '../../../renderer/components/AgreementForm';
import { CompanySettingsForm } from '../../../renderer/components/CompanySettingsForm';
import { ExtensionsEditor } from '../../../renderer/components/ExtensionsEditor';
import { FileList } from '../../../renderer/components/FileList';
import { ProfilesPanel } from '../../../renderer/components/ProfilesPanel';
import { RerouteForm } from '../../../renderer/components/RerouteForm';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('reroute form', () => {
  it('asks for the fields of the chosen way and shows what the service answered', async () => {
    const bridge = fakeBridge({ 'invoices.reroute': () => ({ status: 'PENDING', message: 'Rerouted by e-mail' }) });
    renderWithApp(<RerouteForm accountId={ACCOUNT.id} invoiceId="inv-9" />, bridge);
    fireEvent.click(screen.getByLabelText('E-mail'));
    expect(screen.queryByLabelText(/Operator/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reroute' }));
    expect(await screen.findByText('Required.')).toBeTruthy();
    expect(bridge.calls).toHaveLength(0);
    type(/E-mail address/, 'ap@customer.example');
    fireEvent.click(screen.getByRole('button', { name: 'Reroute' }));
    expect(await screen.findByText('The service took the reroute. Status: Pending.')).toBeTruthy();
    expect(screen.getByText('Details: Rerouted by e-mail')).toBeTruthy();
    expect(bridge.callsOf('invoices.reroute')).toEqual([
      { accountId: ACCOUNT.id, id: 'inv-9', method: 'email', body: { recipient_email: 'ap@customer.example' } },
    ]);
  });

  it('checks the print address (country code) and puts the service errors at their fields', async () => {
    const bridge = fakeBridge({
      'invoices.reroute': () =>
        fail({ message: 'Bad request', status: 400, details: ['recipient_post_code: not a postcode in FI', 'the printer is busy'] }),
    });
    renderWithApp(<RerouteForm accountId={ACCOUNT.id} invoiceId="inv-9" />, bridge);
    fireEvent.click(screen.getByLabelText('Print and post'));
    type(/^Name/, 'Customer Oy');
    type(/^Address \*/, 'Katu 1');
    type(/Postcode/, '123');
    type(/Post office/, 'Helsinki');
    type(/Country code/, 'Finland');
    fireEvent.click(screen.getByRole('button', { name: 'Reroute' }));
    expect(await screen.findByText(/two-letter country code/)).toBeTruthy();
    type(/Country code/, 'FI');
    fireEvent.click(screen.getByRole('button', { name: 'Reroute' }));
    expect(await screen.findByText('not a postcode in FI')).toBeTruthy();
    expect(screen.getByText('the printer is busy')).toBeTruthy();
    expect(screen.getByLabelText(/Postcode/).getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsOf('invoices.reroute')[0]?.body).toEqual({
      recipient_name: 'Customer Oy',
      recipient_address1: 'Katu 1',
      recipient_post_code: '123',
      recipient_post_office: 'Helsinki',
      recipient_country: 'FI',
    });
  });
});

const SAVED = {
  details: { name: 'Demo Oy', email: null, website: null },
  address: { street_address: null, post_code: null, post_office: null, city: null, country: 'FI' },
  invoice_notifications: {
    on_receiving: { enabled: false, how_to_send: null, other_email: null },
    on_send_errors: { to_user: true, to_emails: [] },
  },
  send_invoice_email: {
    enabled: true,
    how_to_send: 'WITH_LINK',
    reminder_frequency: 7,
    content_data: { note_to_receiver: null, contact: { email: null, name: null, phone: null } },
  },
};

describe('company settings form', () => {
  it('stops at a field the service would refuse, in the user language', async () => {
    const bridge = fakeBridge({});
    renderWithApp(<CompanySettingsForm accountId={ACCOUNT.id} saved={SAVED} onSaved={() => {}} />, bridge, { lang: 'sv' });
    type(/^Landskod/, 'Suomi');
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText(/En landskod med två versaler/)).toBeTruthy();
    expect(bridge.calls).toHaveLength(0);
  });

  it("shows the service's 400 at the field it names", async () => {
    const bridge = fakeBridge({
      'company.settings.save': () =>
        fail({
          message: 'The request has invalid parameters',
          code: 'invalid_parameters',
          status: 400,
          details: ['send_invoice_email.how_to_send: may be set only when enabled is true'],
        }),
    });
    renderWithApp(<CompanySettingsForm accountId={ACCOUNT.id} saved={SAVED} onSaved={() => {}} />, bridge);
    const emailSection = screen.getByRole('group', { name: 'Sending invoices by e-mail' });
    fireEvent.click(within(emailSection).getByLabelText('Send invoices by e-mail'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('may be set only when enabled is true')).toBeTruthy();
    expect(screen.getByText(/The service refused some values/)).toBeTruthy();
    const how = within(emailSection).getByLabelText('How');
    expect(how.getAttribute('aria-invalid')).toBe('true');
    const sent = bridge.callsOf('company.settings.save')[0]?.settings as Record<string, Record<string, unknown>>;
    expect(sent.send_invoice_email).toMatchObject({ enabled: false, how_to_send: 'WITH_LINK' });
    expect(sent.details).toEqual({ name: 'Demo Oy', email: null, website: null });
  });
});

describe('network profiles', () => {
  const reg = {
    id: 'r1',
    status: 'active',
    profiles: ['INVOICE_AND_CREDIT_NOTE'],
    network: 'PEPPOL',
    scheme: '0216',
    endpoint_id: '12345678',
  };

  it('explains a 422 in plain words', async () => {
    const bridge = fakeBridge({
      'company.profiles.list': () => [reg],
      'company.profiles.defaults': () => ({ country: 'FI', schemes: ['0216'], versioned: ['ORDER'] }),
      'company.profiles.create': () =>
        fail({
          kind: 'invalid',
          status: 422,
          code: 'profile_name_conflict',
          message: 'The profile is already registered for the endpoint id',
        }),
    });
    renderWithApp(<ProfilesPanel accountId={ACCOUNT.id} />, bridge);
    await screen.findByText('12345678', { exact: false });
    fireEvent.click(await screen.findByLabelText('INVOICE_AND_CREDIT_NOTE'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This profile is already registered for this e-invoice address.')).toBeTruthy();
    expect(bridge.callsOf('company.profiles.create')[0]).toEqual({
      accountId: ACCOUNT.id,
      network: 'PEPPOL',
      profiles: ['INVOICE_AND_CREDIT_NOTE'],
      scheme: '0216',
    });
  });

  it('asks for a version before registering a document profile, and explains a blocked delete', async () => {
    const bridge = fakeBridge({
      'company.profiles.list': () => [reg],
      'company.profiles.defaults': () => ({ country: 'FI', schemes: ['0216'], versioned: ['ORDER'] }),
      'company.profiles.delete': () => fail({ kind: 'user', status: 409, code: 'profile_deletion_not_allowed', message: 'not allowed' }),
    });
    renderWithApp(<ProfilesPanel accountId={ACCOUNT.id} />, bridge);
    fireEvent.click(await screen.findByLabelText('ORDER'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/ORDER need a profile version/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Delete this registration?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/cannot be deleted: the network still needs it/)).toBeTruthy();
  });
});

describe('invoice extensions of a registration', () => {
  const reg = {
    id: 'r7',
    status: 'active',
    profiles: ['INVOICE_AND_CREDIT_NOTE', 'ORDER'],
    network: 'PEPPOL',
    scheme: '0106',
    endpoint_id: '87654321',
  };

  it('shows the extensions the service has (read from the single registration) and never switches off one the user did not touch', async () => {
    const bridge = fakeBridge({
      // The list answer carries no extensions, as the service's does not.
      'company.profiles.get': () => ({
        ...reg,
        profiles_with_extensions: [
          { profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: ['GACCOUNT10'] },
          { profile_name: 'ORDER', extensions: [] },
        ],
      }),
      'company.profiles.extensions': () => ({ saved: true as const }),
    });
    renderWithApp(<ExtensionsEditor accountId={ACCOUNT.id} registration={reg} />, bridge);
    const input = screen.getByLabelText('Extensions') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('GACCOUNT10'));
    expect(bridge.callsOf('company.profiles.get')).toEqual([{ accountId: ACCOUNT.id, id: 'r7' }]);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    fireEvent.change(screen.getByLabelText('Profile'), { target: { value: 'ORDER' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'GACCOUNT10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(bridge.callsOf('company.profiles.extensions')).toEqual([
      { accountId: ACCOUNT.id, id: 'r7', profileName: 'ORDER', extensions: ['GACCOUNT10'] },
    ]);
    fireEvent.change(screen.getByLabelText('Profile'), { target: { value: 'INVOICE_AND_CREDIT_NOTE' } });
    expect(input.value).toBe('GACCOUNT10');
  });
});

describe('ATG agreement form', () => {
  it('checks the account number before creating, then creates', async () => {
    const bridge = fakeBridge({
      'norway.agreements.create': (i) => ({ ...i.agreement, status: 'PENDING', created_at: '2026-03-01T10:00:00Z' }) as never,
    });
    let saved = 0;
    renderWithApp(<AgreementForm accountId={ACCOUNT.id} onSaved={() => saved++} />, bridge, { lang: 'nb' });
    type(/^Kontonummer/, '12345678901');
    type(/^KID-lengde/, '10');
    type(/^Referansens plass/, '3');
    type(/^Signatarens e-post/, 'signer@example.no');
    fireEvent.click(screen.getByRole('button', { name: 'Opprett avtale' }));
    expect(await screen.findByText(/Et norsk kontonummer på 11 sifre/)).toBeTruthy();
    type(/^Kontonummer/, '1234 56 78903');
    fireEvent.click(screen.getByRole('button', { name: 'Opprett avtale' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(bridge.callsOf('norway.agreements.create')[0]?.agreement).toMatchObject({
      account_number: '12345678903',
      kid_length: 10,
      reference_position: 3,
    });
  });
});

describe('files that keep failing to download', () => {
  it('say why after repeated tries, and not after one', async () => {
    const bridge = fakeBridge({});
    const error = "The service's answer for a.pdf was not the file: what arrived is not a PDF";
    renderWithApp(
      <FileList
        accountId={ACCOUNT.id}
        files={[
          { kind: 'image', fileId: null, filename: 'a.pdf', path: null, state: 'pending', size: null, tries: 3, error },
          { kind: 'original', fileId: null, filename: 'a.xml', path: null, state: 'pending', size: null, tries: 1, error: 'cut short' },
        ]}
      />,
      bridge,
    );
    expect(await screen.findByText(`Tried 3 times: ${error}`)).toBeTruthy();
    expect(screen.queryByText(/cut short/)).toBeNull();
  });
});
