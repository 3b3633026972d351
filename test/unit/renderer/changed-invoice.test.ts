import { describe, expect, it } from 'vitest';
import { createStores } from '../../../renderer/stores';
import { showChangedInvoice } from '../../../renderer/stores/changed-invoice';
import { fakeBridge, flush } from './fake-bridge';
import { ACCOUNT, invoiceRow, rows, status } from './fixtures';

const settle = () => new Promise((resolve) => setTimeout(resolve, 350));

// Issue 37: a Detect result that arrives later, or a reroute, reaches every list and count at once.
describe('an invoice changed in place', () => {
  function setUp() {
    let warned = false;
    const bridge = fakeBridge({
      'invoices.list': ({ filter }) => {
        const items = filter?.detectWarning ? (warned ? [invoiceRow(1, { detectStatus: 'WARN' })] : []) : rows(0, 5);
        return { items, next: null, total: items.length, totalIsLowerBound: false };
      },
      'sync.status': () => [status()],
    });
    const stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: 'en' });
    for (const list of [stores.received, stores.warned]) list.getState().setAccount(ACCOUNT.id);
    return { bridge, stores, warn: () => (warned = true) };
  }

  it('puts a late Detect warning on the row shown, lists the warned invoices again, and asks for the counts', async () => {
    const { bridge, stores, warn } = setUp();
    await flush();
    expect(stores.received.getState().rows).toHaveLength(5);
    expect(stores.warned.getState().rows).toHaveLength(0);
    const asked = bridge.callsOf('invoices.list').length;
    warn();
    const changed = invoiceRow(1, { detectStatus: 'WARN', detectFindings: ['The bank account changed.'] });
    showChangedInvoice(stores, 'inv-1', changed);
    // The row on screen at once, without a request or a "new items" notice.
    expect(stores.received.getState().rows[1]).toEqual(changed);
    expect(stores.received.getState().stale).toBe(false);
    // A burst of results asks once.
    showChangedInvoice(stores, 'inv-2', invoiceRow(2));
    await settle();
    await flush();
    const again = bridge.callsOf('invoices.list').slice(asked);
    expect(again.map((c) => c.filter?.detectWarning)).toEqual([true]);
    expect(stores.warned.getState().rows.map((r) => r?.id)).toEqual(['inv-1']);
    expect(bridge.callsOf('sync.status')).toHaveLength(1);
  });
});
