// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryTrail } from '../../../renderer/components/scrutiny/DeliveryTrail';
import { DetectNow } from '../../../renderer/components/scrutiny/DetectNow';
import { SenderReports } from '../../../renderer/components/scrutiny/SenderReports';
import type { AnalysisView, DetectStateView, ReportView, TrailView } from '../../../shared/bridge/scrutiny';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const DEFS = [
  { reason: 'FRAUD', title: 'Suspected fraud', description: 'Never ordered.' },
  { reason: 'NEW_REASON', title: 'A reason the app does not know', description: null },
];
const REPORT: ReportView = {
  id: 'r1',
  reasons: ['FRAUD'],
  contactEmail: 'ap@example.com',
  description: 'Never ordered',
  createdAt: '2026-03-01T09:00:00Z',
};

describe('reporting a sender', () => {
  it('is the prominent action when Detect warned, offers the service’s reasons, and says the 409 plainly', async () => {
    const bridge = fakeBridge({
      'reports.list': () => [],
      'reports.definitions': () => DEFS,
      'reports.create': () => fail({ kind: 'skip', status: 409, code: 'already_reported', message: 'already reported' }),
    });
    renderWithApp(<SenderReports accountId={ACCOUNT.id} invoiceId="inv-1" warned />, bridge, { lang: 'fi' });
    const open = await screen.findByRole('button', { name: 'Ilmoita tästä lähettäjästä' });
    expect(open.className).toContain('primary');
    fireEvent.click(open);
    // A known reason in the app's language, an unknown one in the service's words.
    fireEvent.click(await screen.findByLabelText('Epäilty petos'));
    expect(screen.getByLabelText('A reason the app does not know')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Yhteyssähköpostisi'), { target: { value: 'ap@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä ilmoitus' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/on jo ilmoittanut tästä laskusta/);
    expect(bridge.callsOf('reports.create')[0]).toMatchObject({ reasons: ['FRAUD'], contactEmail: 'ap@example.com' });
  });

  it('keeps a report just made when the listing asked before it answers late (it would have put the empty list back)', async () => {
    let answerListing: (reports: ReportView[]) => void = () => undefined;
    const bridge = fakeBridge({
      'reports.list': () => new Promise<ReportView[]>((res) => (answerListing = res)),
      'reports.definitions': () => DEFS,
      'reports.create': () => [REPORT],
    });
    renderWithApp(<SenderReports accountId={ACCOUNT.id} invoiceId="inv-1" warned={false} />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Report sender' }));
    fireEvent.click(await screen.findByLabelText('Suspected fraud'));
    fireEvent.change(screen.getByLabelText('Your contact e-mail'), { target: { value: 'ap@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Never ordered');
    await act(async () => answerListing([]));
    expect(screen.getByText('Never ordered')).toBeTruthy();
    expect(screen.queryByText('Your company has not reported this invoice.')).toBeNull();
  });

  it('tells a missing reason and a bad address at their fields, the service’s names too', async () => {
    const bridge = fakeBridge({
      'reports.list': () => [],
      'reports.definitions': () => DEFS,
      'reports.create': () => fail({ message: 'invalid', status: 400, fields: { reason: 'required', contact_email: 'not an e-mail' } }),
    });
    renderWithApp(<SenderReports accountId={ACCOUNT.id} invoiceId="inv-1" warned={false} />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Report sender' }));
    await screen.findByLabelText('Suspected fraud');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Choose at least one reason.');
    expect(screen.getByText('Give an e-mail address, such as name@example.com.')).toBeTruthy();
    expect(screen.getByLabelText('Your contact e-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('withdraws a report only after the confirmation', async () => {
    const bridge = fakeBridge({ 'reports.list': () => [REPORT], 'reports.withdraw': () => [] });
    renderWithApp(<SenderReports accountId={ACCOUNT.id} invoiceId="inv-1" warned={false} />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(bridge.callsOf('reports.withdraw')).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('group', { name: 'Withdraw this report?' })).getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Your company has not reported this invoice.');
    expect(bridge.callsOf('reports.withdraw')[0]).toMatchObject({ reportId: 'r1' });
  });
});

const analysis = (status: string, result: string | null): AnalysisView => ({
  id: 'a1',
  check: 'VAT',
  status,
  result,
  reasonCode: result ? 'VAT_COMPANY_REGISTERED' : 'VAT_PENDING',
  text: null,
  requestedAt: '2026-03-01T09:00:00Z',
  checkedAt: result ? '2026-03-01T09:00:02Z' : null,
});
const state = (a: AnalysisView[]): DetectStateView => ({
  invoiceId: 'inv-1',
  status: 'OK',
  findings: [],
  refreshing: false,
  gaveUp: null,
  analyses: a,
  analysesRunning: a.some((x) => x.status === 'PENDING'),
  analysesGaveUp: null,
});

describe('checks run now', () => {
  it('asks for a refresh on open, runs the chosen checks, and shows results as main pushes them', async () => {
    let current = state([]);
    const bridge = fakeBridge({
      'detect.definitions': () => [{ name: 'VAT', title: 'VAT registration', description: 'Checks the VAT register.' }],
      'detect.state': () => current,
      'detect.analysis.run': () => {
        current = state([analysis('PENDING', null)]);
        return current;
      },
    });
    renderWithApp(<DetectNow accountId={ACCOUNT.id} invoiceId="inv-1" shownStatus="OK" />, bridge);
    await waitFor(() => expect(bridge.callsOf('detect.state')[0]).toMatchObject({ refresh: true }));
    fireEvent.click(await screen.findByLabelText('VAT registration'));
    fireEvent.click(screen.getByRole('button', { name: 'Run checks now' }));
    await screen.findByText('Running…');
    expect(bridge.callsOf('detect.analysis.run')[0]).toMatchObject({ checks: ['VAT'] });
    current = state([analysis('RUN_SUCCESSFUL', 'OK')]);
    act(() => bridge.emit('detect.updated', { accountId: ACCOUNT.id, invoiceId: 'inv-1' }));
    await screen.findByText('OK');
    expect(screen.queryByText('Running…')).toBeNull();
  });
});

const TRAIL: TrailView = {
  entries: [
    { at: '2026-03-01T09:05:00Z', type: 'DELIVERED', message: 'Delivered', channel: null, destination: null, operator: null, error: null },
    { at: '2026-03-01T09:00:00Z', type: 'CREATED', message: null, channel: null, destination: null, operator: null, error: null },
  ],
  route: { channel: 'PEPPOL', destination: '0216:003712345678', operator: 'E-Operator' },
  source: 'live',
  fetchedAt: Date.parse('2026-03-01T10:00:00Z'),
  offlineReason: null,
};

describe('the delivery trail', () => {
  it('marks a DELIVERED document after the confirmation, and says a 409 plainly', async () => {
    let refuse = false;
    const bridge = fakeBridge({
      'trail.document': () => TRAIL,
      'documents.confirmDelivery': () =>
        refuse
          ? fail({ kind: 'skip', status: 409, code: 'document_in_invalid_state', message: 'no', details: ['status: FAILED'] })
          : { status: 'CONFIRMED_DELIVERY' },
    });
    refuse = true;
    renderWithApp(<DeliveryTrail accountId={ACCOUNT.id} kind="document" id="d1" status="DELIVERED" />, bridge);
    await screen.findByText('Channel: PEPPOL · To: 0216:003712345678 · Operator: E-Operator');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as delivered' }));
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Mark as delivered' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The document is no longer in DELIVERED state, so it cannot be marked as delivered: status: FAILED',
    );
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Mark as delivered' }));
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Mark as delivered' }));
    await screen.findByText('Marked as delivered.');
  });

  it('says when it shows the kept trail because the service cannot be reached', async () => {
    const bridge = fakeBridge({ 'trail.invoice': () => ({ ...TRAIL, route: null, source: 'kept', offlineReason: 'HTTP 503' }) });
    renderWithApp(<DeliveryTrail accountId={ACCOUNT.id} kind="invoice" id="i1" />, bridge);
    await screen.findByText(/The service cannot be reached right now. Showing what was known at/);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-type'))).toEqual(['DELIVERED', 'CREATED']);
  });
});
