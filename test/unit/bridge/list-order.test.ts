import { describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import type { CommandInput, CommandName } from '../../../shared/bridge/commands';
import type { DocumentRow, InvoicePage } from '../../../shared/bridge/views';
import { type TestBridge, testBridge } from './setup';

async function call<T>(t: TestBridge, name: CommandName, input: CommandInput<CommandName>): Promise<T> {
  const r = await t.bridge.dispatch(name, input);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

describe('lists sorted by a column through the bridge', () => {
  it('pages invoices in the order asked for with opaque cursors (long names too), and refuses a cursor of another order', async () => {
    const t = testBridge();
    const a = t.account();
    const long = `${'Pitkä Nimi '.repeat(40)}Oy`;
    for (let i = 0; i < 9; i++) {
      t.engine[WRITER].invoices.upsert(a.id, 'RECEIVED', {
        id: `inv-${i}`,
        number: `N-${i}`,
        sender: { name: i % 3 === 0 ? long : `Sender ${i % 2}` },
        sum: i % 4,
        currency: 'EUR',
        received_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    }
    const filter = { direction: 'RECEIVED' as const, sort: { by: 'party' as const, dir: 'desc' as const } };
    const ids: string[] = [];
    let after: string | null = null;
    let total = 0;
    do {
      const page: InvoicePage = await call<InvoicePage>(t, 'invoices.list', {
        accountId: a.id,
        filter,
        limit: 2,
        ...(after ? { after } : {}),
      });
      ids.push(...page.items.map((i) => i.id));
      total = page.total;
      after = page.next;
    } while (after);
    expect(total).toBe(9);
    // "Sender 1" > "Sender 0" > "Pitkä…" descending; equal names by id descending.
    expect(ids).toEqual(['inv-7', 'inv-5', 'inv-1', 'inv-8', 'inv-4', 'inv-2', 'inv-6', 'inv-3', 'inv-0']);

    const first = await call<InvoicePage>(t, 'invoices.list', {
      accountId: a.id,
      filter: { direction: 'RECEIVED', sort: { by: 'party', dir: 'asc' } },
      limit: 3,
    });
    expect(first.items.map((i) => i.senderName)).toEqual([long, long, long]);
    expect(first.next?.length).toBeGreaterThan(200);
    const other = await t.bridge.dispatch('invoices.list', {
      accountId: a.id,
      filter: { direction: 'RECEIVED' },
      limit: 3,
      after: first.next,
    });
    expect(other).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { after: expect.any(String) } } });

    expect(await call(t, 'invoices.totals', { accountId: a.id, filter: { direction: 'RECEIVED', sender: 'Sender 1' } })).toEqual({
      byCurrency: [{ currency: 'EUR', sum: 1 + 1 + 3, count: 3 }], // inv-1, inv-5, inv-7
    });
  });

  it('pages documents in the order asked for, a search too, and bank messages of all feeds as one list', async () => {
    const t = testBridge();
    const a = t.account();
    for (let i = 0; i < 7; i++) {
      t.engine[WRITER].documents.upsert(a.id, 'RECEIVED', {
        id: `doc-${i}`,
        type: 'ORDER',
        number: `PO-${(i * 3) % 7}`,
        sender: { name: i % 2 ? 'Acme Oy' : 'Beta AB' },
        created_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
      });
    }
    const pages = async (input: Record<string, unknown>) => {
      const out: string[] = [];
      let after: string | null = null;
      do {
        const page: { items: DocumentRow[]; next: string | null; total: number } = await call(t, 'documents.list', {
          accountId: a.id,
          limit: 2,
          ...input,
          ...(after ? { after } : {}),
        } as CommandInput<'documents.list'>);
        out.push(...page.items.map((d) => d.number ?? ''));
        after = page.next;
      } while (after);
      return out;
    };
    expect(await pages({ sort: { by: 'number', dir: 'asc' } })).toEqual(['PO-0', 'PO-1', 'PO-2', 'PO-3', 'PO-4', 'PO-5', 'PO-6']);
    // A first page that is not the whole list carries its direction's total (the tallies of migration 20).
    t.engine[WRITER].documents.upsert(a.id, 'SENT', { id: 'sent-0', type: 'ORDER', created_at: '2026-01-02T00:00:00Z' });
    const first = await call<{ total: number }>(t, 'documents.list', { accountId: a.id, limit: 2 } as CommandInput<'documents.list'>);
    expect(first.total).toBe(7);
    const sent = await call<{ total: number }>(t, 'documents.list', {
      accountId: a.id,
      direction: 'SENT',
      limit: 2,
    } as CommandInput<'documents.list'>);
    expect(sent.total).toBe(1);
    // Acme Oy: i = 1, 3, 5 -> PO-3, PO-2, PO-1
    expect(await pages({ query: 'acme', sort: { by: 'number', dir: 'desc' } })).toEqual(['PO-3', 'PO-2', 'PO-1']);

    for (const [i, kind] of (['ri', 'sent', 'error', 'ri'] as const).entries()) t.engine[WRITER].bankMessages.enqueue(a.id, kind, `m-${i}`);
    const bank = await call<{ items: { kind: string; id: string }[]; total: number }>(t, 'bankMessages.list', {
      accountId: a.id,
      sort: { by: 'kind', dir: 'asc' },
    });
    expect(bank.items.map((m) => `${m.kind}:${m.id}`)).toEqual(['error:m-2', 'ri:m-0', 'ri:m-3', 'sent:m-1']);
    expect(bank.total).toBe(4);
  });
});
