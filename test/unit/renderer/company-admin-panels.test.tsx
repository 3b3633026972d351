// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UsersPanel } from '../../../renderer/components/UsersPanel';
import { WebhooksPanel } from '../../../renderer/components/WebhooksPanel';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const MAIJA = {
  id: 'u1',
  email: 'maija@example.com',
  first_name: 'Maija',
  last_name: 'Virtanen',
  phone: null,
  user_role: 'admin',
  notifications_disabled: false,
  emails_disabled: false,
};

describe('users', () => {
  const fillAndAdd = (email: string) => {
    const form = screen.getByRole('form', { name: 'Add a user' });
    fireEvent.change(document.getElementById('user-add-email') as HTMLInputElement, { target: { value: email } });
    fireEvent.change(document.getElementById('user-add-first_name') as HTMLInputElement, { target: { value: 'Ella' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add user' }));
  };

  it('says whether the service created the user or added an existing one', async () => {
    let created = true;
    const bridge = fakeBridge({
      'company.users.list': () => [MAIJA],
      'company.users.add': (i) => ({ user: { ...MAIJA, id: 'u2', email: i.user.email, first_name: 'Ella', last_name: null }, created }),
    });
    renderWithApp(<UsersPanel accountId={ACCOUNT.id} />, bridge);
    await screen.findByText('maija@example.com');
    fillAndAdd('ella@example.com');
    expect((await screen.findByRole('status')).textContent).toBe('Created a new user: Ella <ella@example.com>.');
    created = false;
    fillAndAdd('ella@example.com');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/already had a user at the service/));
    expect(bridge.callsOf('company.users.add')[0]?.user).toMatchObject({
      email: 'ella@example.com',
      first_name: 'Ella',
      user_role: 'admin',
    });
  });

  it("shows the service's 400 at the fields it names", async () => {
    const bridge = fakeBridge({
      'company.users.list': () => [MAIJA],
      'company.users.add': () =>
        fail({ message: 'The request has invalid parameters', status: 400, details: ['email: must be a valid e-mail address'] }),
    });
    renderWithApp(<UsersPanel accountId={ACCOUNT.id} />, bridge);
    await screen.findByText('maija@example.com');
    fillAndAdd('ella@example.com');
    expect(await screen.findByText('must be a valid e-mail address')).toBeTruthy();
    expect(document.getElementById('user-add-email')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before removing, naming the person', async () => {
    const bridge = fakeBridge({ 'company.users.list': () => [MAIJA], 'company.users.remove': () => ({ removed: true }) });
    renderWithApp(<UsersPanel accountId={ACCOUNT.id} />, bridge);
    const row = (await screen.findByText('maija@example.com')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(within(row).getByRole('group', { name: 'Remove Maija Virtanen <maija@example.com> from the company?' })).toBeTruthy();
    expect(bridge.callsOf('company.users.remove')).toEqual([]);
    fireEvent.click(within(within(row).getByRole('group')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bridge.callsOf('company.users.remove')).toEqual([{ accountId: ACCOUNT.id, userId: 'u1' }]));
  });
  it('says plainly that emptying the phone cannot remove it, and sends no phone', async () => {
    const withPhone = { ...MAIJA, phone: '+358401234567' };
    const bridge = fakeBridge({ 'company.users.list': () => [withPhone], 'company.users.update': () => withPhone });
    renderWithApp(<UsersPanel accountId={ACCOUNT.id} />, bridge, { lang: 'sv' });
    const row = (await screen.findByText('maija@example.com')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Maija Virtanen/ }));
    const phone = (await waitFor(() => document.getElementById('user-edit-u1-phone'))) as HTMLInputElement;
    expect(document.getElementById('user-edit-u1-phone-hint')?.textContent).toMatch(/kan tjänsten ändra det men inte ta bort det/);
    fireEvent.change(phone, { target: { value: '' } });
    expect(document.getElementById('user-edit-u1-phone-hint')?.textContent).toBe(
      'Tjänsten kan inte ta bort ett telefonnummer. Sparar du med fältet tomt behålls +358401234567; skriv ett annat nummer för att ändra det.',
    );
    expect(phone.getAttribute('aria-describedby')).toContain('user-edit-u1-phone-hint');
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Sparade Maija Virtanen. Telefonnumret är fortfarande +358401234567: tjänsten kan inte ta bort det.',
    );
    expect(bridge.callsOf('company.users.update')[0]?.patch).not.toHaveProperty('phone');
  });
});

describe('webhooks', () => {
  it('explains that the app polls, refuses http, and sends the chosen events', async () => {
    const bridge = fakeBridge({
      'company.webhooks.list': () => [],
      'company.webhooks.add': (i) => ({
        id: 'w1',
        destinationType: 'WEBHOOK',
        destination: 'https://u:•••@h.example.com/',
        hasSecret: true,
        vendorKey: null,
        events: i.subscription.events,
        createdAt: null,
      }),
    });
    renderWithApp(<WebhooksPanel accountId={ACCOUNT.id} />, bridge, { lang: 'fi' });
    expect(await screen.findByText(/Tämä sovellus ei tarvitse webhookia/)).toBeTruthy();
    const url = document.getElementById('webhook-add-destination') as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'http://h.example.com/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tilaa' }));
    expect(await screen.findByText('Osoitteen pitää alkaa https://')).toBeTruthy();
    expect(bridge.callsOf('company.webhooks.add')).toEqual([]);
    fireEvent.change(url, { target: { value: 'https://u:pw@h.example.com/' } });
    expect(screen.getByText('Näytetään muodossa https://u:•••@h.example.com/')).toBeTruthy();
    fireEvent.click(document.getElementById('webhook-add-event-NETWORKS--') as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Tilaa' }));
    await waitFor(() =>
      expect(bridge.callsOf('company.webhooks.add')[0]?.subscription).toEqual({
        destination_type: 'WEBHOOK',
        destination: 'https://u:pw@h.example.com/',
        events: ['NETWORKS.*'],
      }),
    );
  });

  it("shows the service's 400 on an event name at the events, naming the event", async () => {
    const bridge = fakeBridge({
      'company.webhooks.list': () => [],
      'company.webhooks.add': () =>
        fail({
          message: 'The request has invalid parameters',
          status: 400,
          details: ['subscription.events.0: is not an event the service sends'],
        }),
    });
    renderWithApp(<WebhooksPanel accountId={ACCOUNT.id} />, bridge);
    await screen.findByText('No webhook subscriptions.');
    fireEvent.change(document.getElementById('webhook-add-destination') as HTMLInputElement, {
      target: { value: 'https://h.example.com/' },
    });
    fireEvent.click(document.getElementById('webhook-add-event-NETWORKS--') as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const said = await screen.findByText('NETWORKS.*: is not an event the service sends');
    expect(said.id).toBe('webhook-add-events-error');
    const events = document.getElementById('webhook-add-events') as HTMLElement;
    expect(events.getAttribute('aria-describedby')).toContain('webhook-add-events-error');
    await waitFor(() => expect(document.activeElement).toBe(events));
    expect(document.querySelector('.notice-error')?.textContent ?? '').not.toContain('is not an event');
  });
});
