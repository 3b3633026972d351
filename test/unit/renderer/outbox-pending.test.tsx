// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxTable } from '../../../renderer/components/OutboxTable';
import { DoctorSection } from '../../../renderer/components/settings/DoctorSection';
import { createStores } from '../../../renderer/stores';
import type { DoctorReport, PendingFileView } from '../../../shared/doctor';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT, INFO } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const pending = (file: string, state: PendingFileView['state'], reason: PendingFileView['reason']): PendingFileView => ({
  accountId: ACCOUNT.id,
  file,
  kind: 'invoice',
  documentType: null,
  state,
  reason,
  since: '2026-03-01T09:00:00Z',
  tries: state === 'locked' ? 2 : 0,
  nextTryAt: state === 'locked' ? '2026-03-01T09:01:00Z' : null,
  code: state === 'locked' ? 'EBUSY' : null,
});

const REPORT: DoctorReport = {
  accountId: ACCOUNT.id,
  root: '/srv/acct',
  at: '2026-03-01T09:00:00Z',
  looked: 12,
  truncated: false,
  findings: [
    { code: 'network-share', how: 'unc', share: '\\\\filer\\acct', fsType: null, scanSeconds: 30, severity: 'warn', message: 'share' },
    { code: 'case-collision', folder: 'Outbox/Invoices', names: ['A.xml', 'a.xml'], severity: 'warn', message: 'case' },
  ],
};

describe('the Outbox and the sync doctor in words', () => {
  it.each([
    ['en', 'Locked', 'Locked by another program', 'Settling', 'every 30 seconds', 'differ only in upper and lower case'],
    ['da', 'Låst', 'Låst af et andet program', 'Skrives', 'hvert 30. sekund', 'kun ved store og små bogstaver'],
    ['fi', 'Lukittu', 'Toinen ohjelma on lukinnut', 'Kirjoitetaan', '30 sekunnin välein', 'isojen ja pienten kirjainten'],
  ] as const)(
    'a file without a row shows its state and reason, and a finding its words (%s)',
    async (lang, locked, why, settling, share, kase) => {
      const bridge = fakeBridge({
        'outbox.list': () => [],
        'outbox.pending': () => [
          pending('Outbox/Invoices/busy.xml', 'locked', 'locked'),
          pending('Outbox/Invoices/new.xml', 'settling', 'writing'),
        ],
        'doctor.run': () => REPORT,
      });
      const stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: lang });
      stores.app.setState({ accounts: [ACCOUNT], accountId: ACCOUNT.id, info: INFO, ready: true });
      await act(() => stores.outbox.getState().load(ACCOUNT.id));
      const { container } = renderWithApp(
        <>
          <OutboxTable onReroute={() => {}} />
          <DoctorSection accountId={ACCOUNT.id} />
        </>,
        bridge,
        { stores, lang },
      );
      const busy = container.querySelector('tr[data-pending-state="locked"]');
      expect(busy?.querySelector('.badge')?.textContent).toBe(locked);
      expect(busy?.textContent).toContain(why);
      expect(container.querySelector('tr[data-pending-state="settling"] .badge')?.textContent).toBe(settling);
      const shareText = await screen.findByText((_, el) => el?.getAttribute('data-finding') === 'network-share');
      expect(shareText.textContent).toContain(share);
      expect(container.querySelector('[data-finding="case-collision"]')?.textContent).toContain(kase);
    },
  );
});
