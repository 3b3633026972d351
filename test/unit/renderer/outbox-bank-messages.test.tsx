// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxTable } from '../../../renderer/components/OutboxTable';
import { createStores } from '../../../renderer/stores';
import type { OutboxItemView } from '../../../shared/bridge';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT, INFO } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const item = (id: number, file: string, deliveryStatus: string | null): OutboxItemView => ({
  id,
  accountId: ACCOUNT.id,
  kind: 'bank_message',
  documentType: null,
  file,
  state: 'done',
  attempts: 1,
  lastError: null,
  errorKind: null,
  remoteId: `m-${id}`,
  deliveryStatus,
  needsReroute: false,
  nextAttemptAt: null,
  createdAt: '2026-03-01T09:00:00Z',
  updatedAt: `2026-03-01T09:0${id}:00Z`,
});

describe('sent bank messages in the outbox list', () => {
  it.each([
    ['en', 'Bank message', 'Accepted by the bank', 'Refused by the bank'],
    ['fi', 'Pankkisanoma', 'Pankki hyväksyi', 'Pankki hylkäsi'],
  ] as const)('name their kind and the bank’s answer (%s)', async (lang, kind, ok, error) => {
    const bridge = fakeBridge({
      'outbox.list': () => [item(1, 'Outbox/BankMessages/si.xml', 'OK'), item(2, 'Outbox/BankMessages/rp.xml', 'ERROR')],
    });
    const stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: lang });
    stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id, info: INFO, ready: true });
    await act(() => stores.outbox.getState().load(ACCOUNT.id));
    renderWithApp(<OutboxTable onReroute={() => {}} />, bridge, { stores, lang });
    const rows = screen.getAllByRole('row').slice(1);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const byFile = new Map(rows.map((r) => [cells(r)[0], cells(r)]));
    expect(byFile.get('Outbox/BankMessages/si.xml')?.[1]).toBe(kind);
    expect(byFile.get('Outbox/BankMessages/si.xml')?.[3]).toBe(ok);
    expect(byFile.get('Outbox/BankMessages/rp.xml')?.[3]).toBe(error);
  });
});
