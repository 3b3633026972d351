// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountForm } from '../../../renderer/components/AccountForm';
import type { AccountView } from '../../../shared/bridge';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('account form (first run)', () => {
  it('checks the credentials with the service, then saves the account with its folder', async () => {
    const bridge = fakeBridge({
      'accounts.verify': () => ({ companyName: 'Demo Oy', scopes: ['company:read', 'invoice:receive'] }),
      'accounts.add': (i) => ({ ...ACCOUNT, name: i.name, root: i.root }),
    });
    const added: AccountView[] = [];
    renderWithApp(<AccountForm onAdded={(a) => added.push(a)} />, bridge);
    fireEvent.change(screen.getByLabelText('Environment'), { target: { value: 'sandbox' } });
    type(/Company UUID/, ACCOUNT.companyId);
    type(/^API key/, 'secret-key');
    expect(screen.queryByLabelText(/Root folder/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check with the service' }));
    await screen.findByText('The service knows this company: Demo Oy.');
    expect(bridge.callsOf('accounts.verify')).toEqual([
      { environment: 'sandbox', url: null, companyId: ACCOUNT.companyId, apiKey: 'secret-key', vendorApiKey: null },
    ]);
    expect((screen.getByLabelText(/Account name/) as HTMLInputElement).value).toBe('Demo Oy');
    type(/Root folder/, '/home/me/Invoices');
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(bridge.callsOf('accounts.add')[0]).toMatchObject({ name: 'Demo Oy', root: '/home/me/Invoices', apiKey: 'secret-key' });
  });

  it('shows what is wrong at each field before asking the service', async () => {
    const bridge = fakeBridge({});
    renderWithApp(<AccountForm onAdded={() => {}} />, bridge);
    type(/Company UUID/, 'not-a-uuid');
    type(/Service address/, 'not an address');
    fireEvent.click(screen.getByRole('button', { name: 'Check with the service' }));
    expect(await screen.findByText(/Must be a UUID/)).toBeTruthy();
    expect(screen.getByText('Required.')).toBeTruthy();
    expect(screen.getByText(/Must be an address/)).toBeTruthy();
    expect(screen.getByLabelText(/Company UUID/).getAttribute('aria-invalid')).toBe('true');
    expect(bridge.calls).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.id).toBe('account-url'));
  });

  it('explains a refused key, and asks for a new check when a credential changes', async () => {
    let refuse = true;
    const bridge = fakeBridge({
      'accounts.verify': () =>
        refuse
          ? fail({ kind: 'user', code: 'Unauthorized', status: 401, message: 'invalid_client' })
          : { companyName: 'Demo Oy', scopes: [] },
    });
    renderWithApp(<AccountForm onAdded={() => {}} />, bridge);
    type(/Company UUID/, ACCOUNT.companyId);
    type(/^API key/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Check with the service' }));
    expect(await screen.findByText(/did not accept the credentials/)).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Check with the service' }));
    await screen.findByRole('button', { name: 'Save account' });
    type(/^API key/, 'another');
    expect(screen.getByRole('button', { name: 'Check with the service' })).toBeTruthy();
    expect(screen.queryByLabelText(/Root folder/)).toBeNull();
  });
});
