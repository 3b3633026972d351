// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountTable } from '../../../renderer/components/overview/AccountTable';
import { accountRows, filterRows, sortRows } from '../../../renderer/components/overview/account-rows';
import type { AccountStatusView } from '../../../shared/bridge';
import type { NeedsPersonView } from '../../../shared/bridge/needs-person';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT, SETTINGS, status } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
function company(i: number, over: Partial<AccountStatusView> = {}): AccountStatusView {
  const s = status({
    account: { ...ACCOUNT, id: id(i), name: `Asiakas ${i} Oy`, companyId: id(1000 + i) },
    failed: 0,
    needsReroute: 0,
    lastPoll: new Date(Date.parse('2026-03-01T10:00:00Z') - i * 60_000).toISOString(),
    ...over,
  });
  // The table reads the host's health (its state and last success), as the card does.
  return { ...s, health: { ...s.health, state: s.state, upToDate: s.state === 'idle', lastSuccessAt: s.lastPoll } };
}
const NEEDS: NeedsPersonView = {
  companies: [
    {
      accountId: id(3),
      name: 'Asiakas 3 Oy',
      companyId: id(1003),
      counts: { detectWarnings: 4 },
      total: 4,
      health: [],
      lastTrafficAt: null,
    },
  ],
  totals: {
    syncStopped: 0,
    heldUploads: 0,
    failedUploads: 0,
    reroutes: 0,
    detectWarnings: 4,
    collectionEvents: 0,
    invoiceAnswers: 0,
    quietCompany: 0,
  },
  available: ['detectWarnings'],
  accounts: 12,
  failedSince: '2026-02-01T00:00:00Z',
};

describe('the rows of the companies table', () => {
  const statuses = [
    company(1),
    company(2, { state: 'offline', message: 'The service cannot be reached' }),
    company(3),
    company(10, { failed: 2 }),
    company(11, { lastPoll: null }),
  ];
  const rows = accountRows(statuses, NEEDS);

  it('take the warnings from what needs a person, and say none where it was not counted', () => {
    expect(rows.map((r) => r.warnings)).toEqual([0, 0, 4, 0, 0]);
    expect(accountRows(statuses, null).every((r) => r.warnings === null)).toBe(true);
    expect(rows.filter((r) => r.attention).map((r) => r.name)).toEqual(['Asiakas 2 Oy', 'Asiakas 3 Oy', 'Asiakas 10 Oy']);
  });

  it('are found by words of the name or the company id, and narrowed by state', () => {
    expect(filterRows(rows, { query: 'asiakas 1', state: 'all' }).map((r) => r.name)).toEqual([
      'Asiakas 1 Oy',
      'Asiakas 10 Oy',
      'Asiakas 11 Oy',
    ]);
    expect(filterRows(rows, { query: id(1002).slice(-6), state: 'all' }).map((r) => r.name)).toEqual(['Asiakas 2 Oy']);
    expect(filterRows(rows, { query: '', state: 'offline' }).map((r) => r.name)).toEqual(['Asiakas 2 Oy']);
    expect(filterRows(rows, { query: '', state: 'attention' })).toHaveLength(3);
  });

  it('sort by name as people count (2 before 10), by state the worst first, by last success the newest first', () => {
    expect(sortRows(rows, undefined).map((r) => r.name)).toEqual([
      'Asiakas 1 Oy',
      'Asiakas 2 Oy',
      'Asiakas 3 Oy',
      'Asiakas 10 Oy',
      'Asiakas 11 Oy',
    ]);
    expect(sortRows(rows, { by: 'state', dir: 'asc' })[0]?.name).toBe('Asiakas 2 Oy');
    expect(sortRows(rows, { by: 'lastSuccess', dir: 'desc' }).map((r) => r.name)).toEqual([
      'Asiakas 1 Oy',
      'Asiakas 2 Oy',
      'Asiakas 3 Oy',
      'Asiakas 10 Oy',
      'Asiakas 11 Oy',
    ]);
    expect(sortRows(rows, { by: 'failed', dir: 'desc' })[0]?.name).toBe('Asiakas 10 Oy');
    expect(sortRows(rows, { by: 'warnings', dir: 'desc' })[0]?.name).toBe('Asiakas 3 Oy');
  });
});

describe('the companies table', () => {
  it('moves with the arrow keys, opens a company with Enter (chosen for the window), sorts and filters', async () => {
    const statuses = Array.from({ length: 40 }, (_, i) => company(i + 1));
    const bridge = fakeBridge({ 'settings.set': (p) => ({ ...SETTINGS, ...p }) as typeof SETTINGS });
    const { stores } = renderWithApp(<AccountTable statuses={statuses} needs={NEEDS} />, bridge);
    act(() => stores.app.setState({ accounts: statuses.map((s) => s.account), accountId: id(1) }));
    const list = screen.getByRole('listbox', { name: 'Companies' });
    // Only the rows in view are in the page.
    expect(within(list).getAllByRole('option').length).toBeLessThan(40);
    expect(within(list).getAllByRole('option')[0]?.getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    const cursor = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
    expect(cursor?.textContent).toContain('Asiakas 3 Oy');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(stores.app.getState().accountId).toBe(id(3));
    expect(bridge.callsOf('settings.set')).toEqual([{ lastAccountId: id(3) }]);
    fireEvent.keyDown(list, { key: 'End' });
    expect(list.getAttribute('aria-activedescendant')).toBe('account-row-39');

    fireEvent.click(screen.getByRole('button', { name: 'Warnings' }));
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('Asiakas 3 Oy');
    fireEvent.change(screen.getByLabelText('Find a company by name or company UUID'), { target: { value: 'asiakas 4' } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent?.match(/Asiakas \d+ Oy/)?.[0]),
    ).toEqual(['Asiakas 4 Oy', 'Asiakas 40 Oy']);
    expect(screen.getByText('2 of 40 companies')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'offline' } });
    expect(screen.getByText('No company matches.')).toBeTruthy();
  });
});
