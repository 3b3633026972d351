import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { ubl } from '../../support/small-ubl';

// Issue 42 item 3 against the sandbox over HTTP and the real SQLite file: the same invoice received
// twice, in two polls and with other bytes, is a possible duplicate on both; nothing else is.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function deliver(c: TestCompany, xml: string, name: string): Promise<string> {
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name, data: xml }, { sender_name: 'Toimittaja Oy' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('possible duplicates received by two polls', () => {
  it('marks the second copy and the first, and nothing else, leaving both in the list unhandled', async () => {
    const company = await sb.company();
    const t = await startTestEngine(sb, company);
    let closed = false;
    try {
      const first = await deliver(company, ubl('D-1', '1234567-8', '1656.25', 'Sent by Peppol'), 'D-1.xml');
      const other = await deliver(company, ubl('D-2', '1234567-8', '1656.25', 'Another invoice'), 'D-2.xml');
      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);
      expect(t.engine.store.duplicates.of(t.account.id, [first, other]).size).toBe(0);

      // Resent by the supplier by another channel: other bytes, the same seller, number and total.
      const again = await deliver(company, ubl('D-1', '1234567-8', '1656.25', 'Resent by e-mail'), 'D-1-again.xml');
      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);
      const dups = t.engine.store.duplicates.of(t.account.id, [first, other, again]);
      expect(dups.get(again)?.map((d) => d.id)).toEqual([first]);
      expect(dups.get(first)?.map((d) => d.id)).toEqual([again]);
      expect(dups.has(other)).toBe(false);
      // Nothing is hidden or handled: both are in the list, not handled.
      const listed = t.engine.store.invoices.list(t.account.id, { direction: 'RECEIVED' }, 50).items;
      expect(listed.filter((i) => i.id === first || i.id === again).map((i) => i.handled)).toEqual([false, false]);

      await t.close();
      closed = true;
    } finally {
      if (!closed) await t.close();
    }
  });
});
