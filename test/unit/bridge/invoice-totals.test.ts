import { describe, expect, it } from 'vitest';
import { totalsInSlices } from '../../../main/core/bridge/handlers/invoice-totals';
import { invoice } from '../store/invoice-fixtures';
import { storeWithAccount } from '../store/temp-store';

describe('invoice totals summed in slices', () => {
  it('adds up exactly what one GROUP BY does (a search in one go), and lets other work run between the slices', {
    timeout: 60_000,
  }, async () => {
    const { store, account } = storeWithAccount();
    const currencies = ['EUR', 'SEK', null, 'NOK'] as const;
    store.transaction(() => {
      for (let i = 0; i < 50_000; i++)
        store.invoices.upsert(account.id, 'RECEIVED', {
          ...invoice(`i${i}`, { sender: { name: i % 2 ? 'Kuljetus Oy' : 'Nordic AB' }, sum: (i % 1000) / 100 }),
          currency: currencies[i % 4] ?? undefined,
          handled: i % 3 === 0,
        });
    });
    const oneGo = (where: string) =>
      store.db
        .prepare(`SELECT currency, total(sum) AS sum, count(*) AS count FROM invoices WHERE ${where} GROUP BY currency ORDER BY currency`)
        .all() as { currency: string | null; sum: number; count: number }[];
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const searched = await totalsInSlices(store, account.id, { direction: 'RECEIVED', search: 'kulj' });
    const filtered = await totalsInSlices(store, account.id, { direction: 'RECEIVED', handled: true });
    clearInterval(ticking);
    const expectSame = (got: typeof searched, want: ReturnType<typeof oneGo>) => {
      expect(got.map((t) => [t.currency, t.count])).toEqual(want.map((t) => [t.currency, t.count]));
      for (const [i, t] of got.entries()) expect(t.sum).toBeCloseTo(want[i]!.sum, 6);
    };
    expectSame(searched, oneGo("sender_name = 'Kuljetus Oy'"));
    expectSame(filtered, oneGo('handled = 1'));
    expect(searched.map((t) => t.currency)).toEqual(['NOK', 'SEK']);
    expect(turns).toBeGreaterThan(0);
  });
});

describe('totals asked again before the last ones finished', () => {
  it('drops the older ones with a retry error and answers the newest in full', { timeout: 60_000 }, async () => {
    const { store, account } = storeWithAccount();
    store.transaction(() => {
      for (let i = 0; i < 30_000; i++) store.invoices.upsert(account.id, 'RECEIVED', invoice(`i${i}`, { sum: 1 }));
    });
    const older = totalsInSlices(store, account.id, { direction: 'RECEIVED', handled: false });
    const newer = totalsInSlices(store, account.id, { direction: 'RECEIVED', detectWarning: false });
    await expect(older).rejects.toMatchObject({ view: { kind: 'retry' } });
    expect(await newer).toEqual([{ currency: 'EUR', sum: 30_000, count: 30_000 }]);
  });
});
