// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSettingsForm } from '../../../renderer/components/AccountSettingsForm';
import type { ReorganizeView } from '../../../shared/bridge';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const DONE: ReorganizeView = {
  layout: 'year-month',
  moved: 3,
  inPlace: 2,
  missing: 0,
  elsewhere: 0,
  failed: 1,
  recovered: 0,
  finished: true,
  error: null,
};

describe('the Inbox layout in the account settings', () => {
  it('saves the layout, and moves the files only after the user confirms, into the saved layout', async () => {
    let finish: (v: ReorganizeView) => void = () => {};
    const bridge = fakeBridge({
      'accounts.update': (i) => ({ ...ACCOUNT, inboxLayout: i.inboxLayout ?? ACCOUNT.inboxLayout }),
      'accounts.list': () => [ACCOUNT],
      'accounts.reorganizeInbox': () =>
        new Promise<ReorganizeView>((r) => {
          finish = r;
        }),
    });
    renderWithApp(<AccountSettingsForm account={ACCOUNT} />, bridge);
    const select = screen.getByLabelText('Inbox layout') as HTMLSelectElement;
    expect(select.value).toBe('year-month');
    expect([...select.options].map((o) => o.text)).toEqual([
      'All in one folder',
      'By year: 2026/',
      'By year and month: 2026/03/',
      'By sender: Sender Oy/',
    ]);

    // A layout chosen but not saved: the move would follow the saved one, so it waits.
    fireEvent.change(select, { target: { value: 'sender' } });
    const button = screen.getByRole('button', { name: 'Reorganize the Inbox…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/Save the new layout first/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bridge.callsOf('accounts.update')).toHaveLength(1));
    expect(bridge.callsOf('accounts.update')[0]).toMatchObject({ accountId: ACCOUNT.id, inboxLayout: 'sender' });
    expect(bridge.callsOf('accounts.reorganizeInbox')).toHaveLength(0);

    fireEvent.change(select, { target: { value: 'year-month' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reorganize the Inbox…' }));
    expect(screen.getByText(/Move every file already downloaded for Demo \(sandbox\) into the layout “By year and month/)).toBeTruthy();
    expect(bridge.callsOf('accounts.reorganizeInbox')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Move the files' }));
    await waitFor(() => expect(bridge.callsOf('accounts.reorganizeInbox')).toEqual([{ accountId: ACCOUNT.id }]));
    act(() => bridge.emit('sync.progress', { accountId: ACCOUNT.id, phase: 'reorganize', done: 200, total: null }));
    expect(await screen.findByText('Moving files… 200 checked')).toBeTruthy();
    await act(async () => finish(DONE));
    expect(await screen.findByText('Moved 3 files; 2 were in place already.')).toBeTruthy();
    expect(screen.getByText(/1 file could not be moved/)).toBeTruthy();
  });

  it('a cancelled confirmation moves nothing', () => {
    const bridge = fakeBridge({});
    renderWithApp(<AccountSettingsForm account={ACCOUNT} />, bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Reorganize the Inbox…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Reorganize the Inbox…' })).toBeTruthy();
    expect(bridge.calls).toHaveLength(0);
  });
});
