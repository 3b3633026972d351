import { describe, expect, it } from 'vitest';
import { type NoticeContent, Notifier } from '../../../main/electron/notifications';

function setup(o: { enabled?: boolean } = {}) {
  const shown: NoticeContent[] = [];
  const timers: (() => void)[] = [];
  let now = 0;
  const settings = { enabled: o.enabled ?? true };
  const n = new Notifier({
    show: (c) => shown.push(c),
    enabled: () => settings.enabled,
    accountName: (id) => (id === 'a' ? 'Client Oy' : null),
    later: (fn) => timers.push(fn),
    now: () => now,
  });
  const runTimers = () => {
    for (const fn of timers.splice(0)) fn();
  };
  return { n, shown, runTimers, settings, advance: (ms: number) => (now += ms) };
}

describe('notifications', () => {
  it('gathers a burst of received invoices into one notification per account', () => {
    const t = setup();
    for (let i = 0; i < 1234; i++) t.n.handle('item.received', { accountId: 'a', kind: 'invoice', id: String(i) });
    t.n.handle('item.received', { accountId: 'a', kind: 'document', id: 'd' });
    t.n.handle('item.received', { accountId: 'b', kind: 'invoice', id: 'x' });
    expect(t.shown).toEqual([]);
    t.runTimers();
    expect(t.shown).toEqual([
      { title: '1,234 invoices received', body: 'Client Oy' },
      { title: '1 invoice received', body: 'An account' },
    ]);
  });

  it('tells about refused invoices by name and sent invoices that need a reroute', () => {
    const t = setup();
    for (const file of ['a.xml', 'b.xml', 'c.xml', 'd.xml'])
      t.n.handle('item.rejected', { accountId: 'a', outboxId: 1, file, message: 'bad' });
    t.n.handle('item.delivery', { accountId: 'a', outboxId: 2, status: 'DELIVERED', needsReroute: false });
    t.n.handle('item.delivery', { accountId: 'a', outboxId: 3, status: 'FAILED', needsReroute: true });
    t.runTimers();
    expect(t.shown).toEqual([
      { title: '4 invoices could not be sent', body: 'Client Oy: a.xml, b.xml, c.xml and 1 more. See the Failed folder for what to fix.' },
      {
        title: '1 sent invoice needs a reroute',
        body: 'Client Oy: the service could not deliver it. Open the app to send by another route.',
      },
    ]);
  });

  it('announces a problem the user must fix once an hour, and ignores ones that fix themselves', () => {
    const t = setup();
    t.n.handle('problem', { accountId: 'a', kind: 'user', message: 'The API key was refused' });
    t.n.handle('problem', { accountId: 'a', kind: 'user', message: 'The API key was refused' });
    t.n.handle('problem', { accountId: 'a', kind: 'retry', message: 'Service busy' });
    t.advance(60 * 60_000);
    t.n.handle('problem', { accountId: 'a', kind: 'user', message: 'The API key was refused' });
    expect(t.shown).toEqual([
      { title: 'Client Oy needs your attention', body: 'The API key was refused' },
      { title: 'Client Oy needs your attention', body: 'The API key was refused' },
    ]);
  });

  it('tells at once of a sent invoice the buyer rejected or queried, and not of one accepted or paid', () => {
    const t = setup();
    t.n.handle('invoice.answered', { accountId: 'a', invoiceId: 'i1', number: '20016', code: 'RE' });
    t.n.handle('invoice.answered', { accountId: 'a', invoiceId: 'i2', number: null, code: 'UQ' });
    t.n.handle('invoice.answered', { accountId: 'a', invoiceId: 'i3', number: '20017', code: 'AP' });
    t.n.handle('invoice.answered', { accountId: 'a', invoiceId: 'i4', number: '20018', code: 'PD' });
    expect(t.shown).toEqual([
      { title: 'Invoice 20016 was rejected by the buyer', body: 'Client Oy: see the reason in Sent invoices.' },
      { title: 'The buyer has a question about a sent invoice', body: 'Client Oy: see it in Sent invoices.' },
    ]);
  });

  it('stays quiet when the user turned notifications off', () => {
    const t = setup({ enabled: false });
    t.n.handle('item.received', { accountId: 'a', kind: 'invoice', id: '1' });
    t.n.handle('problem', { accountId: null, kind: 'user', message: 'x' });
    t.runTimers();
    expect(t.shown).toEqual([]);
  });
});
