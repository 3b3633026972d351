// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CollectionPanel } from '../../../renderer/components/collection/CollectionPanel';
import { InvoiceListRow, type InvoiceRowLabels } from '../../../renderer/components/InvoiceListRow';
import type { CollectionStateView } from '../../../shared/bridge/collection-views';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT, invoiceDetail, invoiceRow } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const SENT = invoiceDetail(invoiceRow(1, { direction: 'SENT', dateDue: '2026-01-01', sum: 150 }));
const state = (link: string): CollectionStateView => ({
  invoiceId: SENT.row.id,
  assignmentId: 'as1',
  status: 'ok',
  reason: null,
  link,
  phase: null,
  closed: false,
  currency: 'EUR',
  collectableAmount: 150,
  paidAmount: 0,
  openAmount: 150,
  summary: null,
  createdAt: '2026-02-01T00:00:00Z',
  checkedAt: 0,
  unseenEvents: 0,
});

describe('text and links from the service (issue 39, items 4 and 10)', () => {
  it.each([
    ['https://agency.example/case/1', true],
    ['javascript:alert(document.domain)', false],
    ['http://agency.example/case/1', false],
    ['file:///etc/passwd', false],
  ])('a collection link %s is offered: %s', async (link, offered) => {
    const bridge = fakeBridge({ 'collection.detail': () => ({ state: state(link), events: [] }), 'collection.messages': () => [] });
    renderWithApp(<CollectionPanel accountId={ACCOUNT.id} detail={SENT} />, bridge);
    // The state is shown (its badge) before the link is looked for: a missing link is then a refused one.
    expect(await screen.findByText('In collection')).toBeTruthy();
    const a = document.querySelector('a[target="_blank"]');
    if (offered) expect(a?.getAttribute('href')).toBe(link);
    else expect(a).toBe(null);
  });

  it("shows a sender name's right-to-left override as a visible marker", () => {
    const labels: InvoiceRowLabels = {
      unknown: '?',
      warning: '!',
      warningHint: '',
      duplicate: 'Possible duplicate',
      handled: '',
      status: (c) => c,
      answer: (c) => c,
      finding: (f) => f,
    };
    renderWithApp(
      <InvoiceListRow row={invoiceRow(2, { senderName: 'Acme\u202eyO', comment: 'March\u202e 42' })} labels={labels} />,
      fakeBridge({}),
    );
    expect(screen.getByText('Acme⟦U+202E⟧yO')).toBeTruthy();
    // The comment the invoice was sent with (migration 28) is the service's text too.
    expect(document.querySelector('.inv-comment')?.textContent).toBe(' · March⟦U+202E⟧ 42');
  });
});
