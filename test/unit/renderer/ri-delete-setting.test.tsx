// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSettingsForm } from '../../../renderer/components/AccountSettingsForm';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

describe('deleting received RI messages, in the account settings', () => {
  it('is off with a plain explanation, and turning it on is saved through accounts.update', async () => {
    const bridge = fakeBridge({
      'accounts.update': (i) => ({ ...ACCOUNT, deleteRiAfterDownload: i.deleteRiAfterDownload ?? false }),
      'accounts.list': () => [ACCOUNT],
    });
    renderWithApp(<AccountSettingsForm account={ACCOUNT} />, bridge);
    const box = screen.getByLabelText('Delete received bank messages (RI) from the service after download') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText(/Only after the message is saved in Inbox\/BankMessages and checked there/)).toBeTruthy();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bridge.callsOf('accounts.update')).toHaveLength(1));
    expect(bridge.callsOf('accounts.update')[0]).toMatchObject({ accountId: ACCOUNT.id, deleteRiAfterDownload: true });
  });

  it('says it in Swedish too', () => {
    renderWithApp(<AccountSettingsForm account={ACCOUNT} />, fakeBridge({}), { lang: 'sv' });
    expect(screen.getByLabelText('Radera mottagna bankmeddelanden (RI) från tjänsten efter nedladdning')).toBeTruthy();
  });
});
