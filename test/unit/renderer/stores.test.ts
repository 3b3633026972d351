import { describe, expect, it, vi } from 'vitest';
import { createAppStore, currentAccount } from '../../../renderer/stores/app-store';
import { createDetectStore } from '../../../renderer/stores/detect-store';
import { createMandatesStore } from '../../../renderer/stores/mandates-store';
import { createOutboxStore } from '../../../renderer/stores/outbox-store';
import { createSyncStore } from '../../../renderer/stores/sync-store';
import type { HealthProblem } from '../../../shared/account-health';
import type { AccountStatusView } from '../../../shared/bridge';
import { deferred, fail, fakeBridge, flush } from './fake-bridge';
import { ACCOUNT, INFO, SETTINGS, status } from './fixtures';

describe('app store', () => {
  it('starts with the info, settings and accounts, and selects the first account', async () => {
    const bridge = fakeBridge({
      'app.info': () => INFO,
      'settings.get': () => ({ ...SETTINGS, language: 'fi' }),
      'accounts.list': () => [ACCOUNT],
    });
    const app = createAppStore(bridge, 'en');
    expect(app.getState().ready).toBe(false);
    await app.getState().init();
    expect(app.getState()).toMatchObject({ ready: true, accountId: ACCOUNT.id, settings: { language: 'fi' } });
    expect(currentAccount(app.getState())).toEqual(ACCOUNT);
  });

  it('asks for its start once: a later init has the answers already, unless the first one failed', async () => {
    let down = true;
    const bridge = fakeBridge({
      'app.info': () => (down ? fail({ message: 'The app cannot be reached.', kind: 'retry' }) : INFO),
      'settings.get': () => SETTINGS,
      'accounts.list': () => [ACCOUNT],
    });
    const app = createAppStore(bridge, 'en');
    await app.getState().init();
    expect(app.getState().error?.message).toBe('The app cannot be reached.');
    down = false;
    await app.getState().init();
    expect(app.getState()).toMatchObject({ error: null, info: INFO, accountId: ACCOUNT.id });
    // The window asks before its first render and its effects again once mounted: nothing goes out twice.
    await app.getState().init();
    expect(bridge.callsOf('app.info')).toHaveLength(2);
    expect(bridge.callsOf('accounts.list')).toHaveLength(2);
  });

  it('shows a setting at once and puts it back when the host refuses it', async () => {
    const answer = deferred<typeof SETTINGS>();
    const bridge = fakeBridge({ 'settings.set': () => answer.promise });
    const app = createAppStore(bridge, 'en');
    const saving = app.getState().saveSettings({ language: 'sv' });
    expect(app.getState().settings.language).toBe('sv');
    answer.reject(new Error('disk full'));
    await saving;
    expect(app.getState().settings.language).toBe('en');
    expect(app.getState().error?.message).toBe('disk full');
  });

  it('keeps the chosen account when the list changes, and falls back when it is gone', async () => {
    const other = { ...ACCOUNT, id: '11111111-2222-4333-8444-555555555555', name: 'Other' };
    let list = [ACCOUNT, other];
    const bridge = fakeBridge({ 'accounts.list': () => list });
    const app = createAppStore(bridge, 'en');
    await app.getState().refreshAccounts();
    app.getState().selectAccount(other.id);
    await app.getState().refreshAccounts();
    expect(app.getState().accountId).toBe(other.id);
    list = [ACCOUNT];
    await app.getState().refreshAccounts();
    expect(app.getState().accountId).toBe(ACCOUNT.id);
    app.getState().selectAccount('not-an-account');
    expect(app.getState().accountId).toBe(ACCOUNT.id);
  });
});

describe('the chosen company', () => {
  const other = { ...ACCOUNT, id: '11111111-2222-4333-8444-555555555555', name: 'Other' };

  it('is kept with the settings, and opened again by the next window (a reload, a restart)', async () => {
    let saved = { ...SETTINGS };
    const bridge = fakeBridge({
      'app.info': () => INFO,
      'settings.get': () => saved,
      'settings.set': (patch) => {
        saved = { ...saved, ...patch } as typeof saved;
        return saved;
      },
      'accounts.list': () => [ACCOUNT, other],
    });
    const first = createAppStore(bridge, 'en');
    await first.getState().init();
    expect(first.getState().accountId).toBe(ACCOUNT.id);
    first.getState().selectAccount(other.id);
    await flush();
    expect(bridge.callsOf('settings.set')).toEqual([{ lastAccountId: other.id }]);
    // Choosing the one already shown writes nothing.
    first.getState().selectAccount(other.id);
    expect(bridge.callsOf('settings.set')).toHaveLength(1);

    const next = createAppStore(bridge, 'en');
    await next.getState().init();
    expect(next.getState().accountId).toBe(other.id);
  });

  it('falls back to the first account when the remembered one is gone, and a failed write leaves the choice', async () => {
    const bridge = fakeBridge({
      'app.info': () => INFO,
      'settings.get': () => ({ ...SETTINGS, lastAccountId: '99999999-2222-4333-8444-555555555555' }),
      'settings.set': () => fail({ kind: 'user', message: 'disk full' }),
      'accounts.list': () => [ACCOUNT, other],
    });
    const app = createAppStore(bridge, 'en');
    await app.getState().init();
    expect(app.getState().accountId).toBe(ACCOUNT.id);
    app.getState().selectAccount(other.id);
    await flush();
    expect(app.getState()).toMatchObject({ accountId: other.id, error: null });
  });
});

describe('sync store', () => {
  it('follows state and progress events, and forgets progress that is done', async () => {
    let answer = status();
    const bridge = fakeBridge({ 'sync.status': () => [answer] });
    const sync = createSyncStore(bridge, () => 1000);
    await sync.getState().refresh();
    sync.getState().attach();
    bridge.emit('sync.state', { accountId: ACCOUNT.id, state: 'syncing', message: 'First mirror' });
    expect(sync.getState().statuses[0]).toMatchObject({ state: 'syncing', message: 'First mirror' });
    bridge.emit('sync.progress', { accountId: ACCOUNT.id, phase: 'Received invoices', done: 40, total: 200 });
    expect(sync.getState().progress[ACCOUNT.id]?.done).toBe(40);
    bridge.emit('sync.progress', { accountId: ACCOUNT.id, phase: 'Received invoices', done: 200, total: 200 });
    expect(sync.getState().progress[ACCOUNT.id]).toBeUndefined();
    bridge.emit('sync.progress', { accountId: ACCOUNT.id, phase: 'Downloads', done: 3, total: null });
    // The runner's word is not the account's state: the health main answers is (a runner idle after a pass
    // of its own says nothing of feeds that have not answered for an hour).
    const keys: HealthProblem = {
      kind: 'keysUnreadable',
      since: null,
      count: null,
      feeds: [],
      reason: 'store',
      detail: 'x',
      forPerson: true,
    };
    answer = status({ state: 'needs_user', health: { ...status().health, state: 'needs_user', upToDate: false, problems: [keys] } });
    bridge.emit('sync.state', { accountId: ACCOUNT.id, state: 'idle', message: null });
    expect(sync.getState().progress[ACCOUNT.id]).toBeUndefined();
    await vi.waitFor(() => expect(sync.getState().statuses[0]?.state).toBe('needs_user'));
    // A pass starting does not hide what a person must do.
    bridge.emit('sync.state', { accountId: ACCOUNT.id, state: 'syncing', message: null });
    expect(sync.getState().statuses[0]?.state).toBe('needs_user');
  });

  it('runs one status refresh at a time and covers a burst of events with one more', async () => {
    const answers: ReturnType<typeof deferred<AccountStatusView[]>>[] = [];
    const bridge = fakeBridge({
      'sync.status': () => {
        const d = deferred<AccountStatusView[]>();
        answers.push(d);
        return d.promise;
      },
    });
    const sync = createSyncStore(bridge, () => 0);
    sync.getState().attach();
    for (let i = 0; i < 50; i++) bridge.emit('item.received', { accountId: ACCOUNT.id, kind: 'invoice', id: String(i) });
    expect(answers).toHaveLength(1);
    answers[0]?.resolve([status({ received: 1 })]);
    await flush();
    expect(answers).toHaveLength(2);
    answers[1]?.resolve([status({ received: 50 })]);
    await flush();
    expect(answers).toHaveLength(2);
    expect(sync.getState().statuses[0]?.received).toBe(50);
  });

  it('asks again for a page that opens only when no recent answer came or is on its way', async () => {
    let clock = 10_000;
    const answer = deferred<AccountStatusView[]>();
    const bridge = fakeBridge({ 'sync.status': () => answer.promise, 'activity.list': () => [] });
    const sync = createSyncStore(bridge, () => clock);
    // The window asks as it opens; the Overview, mounted while that is on its way, does not ask again.
    const first = sync.getState().refresh();
    await sync.getState().refresh({ ifOlderThanMs: 2000 });
    expect(bridge.callsOf('sync.status')).toHaveLength(1);
    answer.resolve([status()]);
    await first;
    clock += 1500;
    await sync.getState().refresh({ ifOlderThanMs: 2000 });
    expect(bridge.callsOf('sync.status')).toHaveLength(1);
    // Coming back later asks; a plain refresh (an event) always asks; a clock set back asks too.
    clock += 1000;
    void sync.getState().refresh({ ifOlderThanMs: 2000 });
    expect(bridge.callsOf('sync.status')).toHaveLength(2);
    await flush();
    void sync.getState().refresh();
    await flush();
    expect(bridge.callsOf('sync.status')).toHaveLength(3);
    clock -= 60_000;
    void sync.getState().refresh({ ifOlderThanMs: 2000 });
    expect(bridge.callsOf('sync.status')).toHaveLength(4);

    await sync.getState().loadActivity();
    await sync.getState().loadActivity(undefined, { ifOlderThanMs: 2000 });
    expect(bridge.callsOf('activity.list')).toHaveLength(1);
    // Another account's activity is not the same answer.
    await sync.getState().loadActivity(ACCOUNT.id, { ifOlderThanMs: 2000 });
    expect(bridge.callsOf('activity.list')).toHaveLength(2);
  });

  it('does not take a failed ask as fresh', async () => {
    let fails = true;
    const bridge = fakeBridge({ 'sync.status': () => (fails ? fail({ message: 'down' }) : [status()]) });
    const sync = createSyncStore(bridge, () => 5000);
    await sync.getState().refresh();
    fails = false;
    await sync.getState().refresh({ ifOlderThanMs: 2000 });
    expect(bridge.callsOf('sync.status')).toHaveLength(2);
    expect(sync.getState().statuses).toHaveLength(1);
  });

  it('keeps activity newest first and problems until dismissed', () => {
    const bridge = fakeBridge({ 'sync.status': () => [] });
    const sync = createSyncStore(bridge, () => 42);
    const off = sync.getState().attach();
    bridge.emit('activity', { id: 1, accountId: null, at: '2026-03-01T10:00:00Z', level: 'info', kind: 'x', message: 'one' });
    bridge.emit('activity', { id: 2, accountId: null, at: '2026-03-01T10:01:00Z', level: 'warn', kind: 'x', message: 'two' });
    expect(sync.getState().activity.map((a) => a.id)).toEqual([2, 1]);
    bridge.emit('problem', { accountId: null, kind: 'user', message: 'Credentials expired' });
    bridge.emit('problem', { accountId: null, kind: 'retry', message: 'Service down' });
    const [first, second] = sync.getState().problems;
    expect(first?.message).toBe('Service down');
    sync.getState().dismissProblem(second?.id ?? -1);
    expect(sync.getState().problems.map((p) => p.message)).toEqual(['Service down']);
    off();
    expect(bridge.listenerCount('activity')).toBe(0);
  });

  it('pauses an account through accounts.update and refreshes after', async () => {
    const bridge = fakeBridge({
      'accounts.update': () => ({ ...ACCOUNT, paused: true }),
      'sync.status': () => [status({ state: 'paused' })],
    });
    const sync = createSyncStore(bridge, () => 0);
    const going = sync.getState().setPaused(ACCOUNT.id, true);
    expect(sync.getState().busy[ACCOUNT.id]).toBe(true);
    await going;
    expect(bridge.callsOf('accounts.update')).toEqual([{ accountId: ACCOUNT.id, paused: true }]);
    expect(sync.getState().busy[ACCOUNT.id]).toBe(false);
    expect(sync.getState().statuses[0]?.state).toBe('paused');
  });
});

describe('detect store', () => {
  const defs = (lang: string) => [
    {
      name: 'BANK_ACCOUNT_CHANGED',
      friendly_name: lang === 'fi' ? 'Pankkitilin muutos' : 'Bank account change',
      possible_results: [
        { status: 'RUN_SUCCESSFUL', result: 'WARNING', reason: 'Bank account changed', reason_code: 'BANK_ACCOUNT_CHANGED_CHANGED' },
      ],
    },
  ];

  it('loads the checks, the definitions in the language, and the English reasons to map findings', async () => {
    const bridge = fakeBridge({
      'detect.checks.get': () => ({ on_invoice_receive: ['VAT', 'SOMETHING_NEW', 'BANK_ACCOUNT_CHANGED'] }),
      'detect.definitions': (i) => defs(i.lang ?? 'en'),
    });
    const detect = createDetectStore(bridge);
    await detect.getState().load(ACCOUNT.id, 'fi');
    expect(detect.getState().enabled).toEqual(['VAT', 'BANK_ACCOUNT_CHANGED']);
    expect(detect.getState().definitions[0]?.friendly_name).toBe('Pankkitilin muutos');
    expect(detect.getState().reasonCodes).toEqual({ 'Bank account changed': 'BANK_ACCOUNT_CHANGED_CHANGED' });
    expect(bridge.callsOf('detect.definitions').map((c) => c.lang)).toEqual(['fi', 'en']);
  });

  it("toggles a check in the spec's order and puts it back when saving fails", async () => {
    let refuse = false;
    const bridge = fakeBridge({
      'detect.checks.get': () => ({ on_invoice_receive: ['VAT'] }),
      'detect.definitions': () => [],
      'detect.checks.set': (i) => (refuse ? fail({ message: 'forbidden', kind: 'user' }) : { on_invoice_receive: i.checks }),
    });
    const detect = createDetectStore(bridge);
    await detect.getState().load(ACCOUNT.id, 'en');
    await detect.getState().toggle('SUPPLIER_ACTIVATION', true);
    expect(bridge.callsOf('detect.checks.set')[0]?.checks).toEqual(['SUPPLIER_ACTIVATION', 'VAT']);
    refuse = true;
    await detect.getState().toggle('VAT', false);
    expect(detect.getState().enabled).toEqual(['SUPPLIER_ACTIVATION', 'VAT']);
    expect(detect.getState().error?.message).toBe('forbidden');
  });
});

describe('mandates store', () => {
  it('searches by KID or reference and status, and pages', async () => {
    const bridge = fakeBridge({
      'norway.mandates.search': (i) => ({
        items: [{ kid: `00${i.page}`, account_number: '12345678903', status: 'ACTIVE', updated_at: '2026-01-01T00:00:00Z' }],
        total: 40,
        totalPages: 2,
        page: i.page ?? 1,
        parsed: 'too-many' as const,
      }),
    });
    const m = createMandatesStore(bridge);
    m.getState().setAccount(ACCOUNT.id);
    m.getState().setQuery('  1234 ');
    m.getState().setStatus('ACTIVE');
    await m.getState().search();
    await m.getState().search(2);
    expect(bridge.callsOf('norway.mandates.search')).toEqual([
      { accountId: ACCOUNT.id, page: 1, perPage: 25, query: '1234', status: 'ACTIVE' },
      { accountId: ACCOUNT.id, page: 2, perPage: 25, query: '1234', status: 'ACTIVE' },
    ]);
    expect(m.getState()).toMatchObject({ page: 2, totalPages: 2, total: 40, searched: true, parsed: 'too-many' });
  });

  it('drops an answer overtaken by a newer search', async () => {
    const slow = deferred<{ items: never[]; total: number; totalPages: number; page: number; parsed: 'shown' }>();
    let n = 0;
    const bridge = fakeBridge({
      'norway.mandates.search': () =>
        ++n === 1 ? slow.promise : { items: [], total: 0, totalPages: 0, page: 1, parsed: 'shown' as const },
    });
    const m = createMandatesStore(bridge);
    m.getState().setAccount(ACCOUNT.id);
    const first = m.getState().search();
    await m.getState().search();
    slow.resolve({ items: [], total: 99, totalPages: 4, page: 1, parsed: 'shown' });
    await first;
    expect(m.getState().total).toBe(0);
  });
});

describe('outbox store', () => {
  it('reloads when an item of its account is sent, and sends a held duplicate anyway', async () => {
    const item = {
      id: 7,
      accountId: ACCOUNT.id,
      kind: 'invoice' as const,
      documentType: null,
      file: 'Outbox/Invoices/a.xml',
      state: 'held_duplicate',
      attempts: 0,
      lastError: null,
      errorKind: null,
      remoteId: null,
      deliveryStatus: null,
      needsReroute: false,
      nextAttemptAt: null,
      createdAt: '2026-03-01T10:00:00Z',
      updatedAt: '2026-03-01T10:00:00Z',
    };
    const bridge = fakeBridge({ 'outbox.list': () => [item], 'outbox.force': () => ({ ...item, state: 'queued' }) });
    const outbox = createOutboxStore(bridge);
    outbox.getState().attach();
    await outbox.getState().load(ACCOUNT.id);
    bridge.emit('item.sent', { accountId: 'someone-else', outboxId: 1, file: 'x', remoteId: null });
    bridge.emit('item.sent', { accountId: ACCOUNT.id, outboxId: 1, file: 'x', remoteId: null });
    await flush();
    expect(bridge.callsOf('outbox.list')).toHaveLength(2);
    await outbox.getState().force(7);
    expect(outbox.getState().items[0]?.state).toBe('queued');
  });

  it("keeps the account's checks in flight from the pushed progress, and cancels one through validate.cancel", async () => {
    const check = { id: '8e0f1c7a-3f7e-4d56-9a51-0c7a3d1f2b11', accountId: ACCOUNT.id, file: 'Outbox/Invoices/big.xml', startedAt: 1 };
    const bridge = fakeBridge({
      'outbox.list': () => [],
      'validate.checks': () => [{ ...check, phase: 'read', percent: 0 }],
      'validate.cancel': () => ({ cancelled: true }),
    });
    const outbox = createOutboxStore(bridge);
    outbox.getState().attach();
    await outbox.getState().load(ACCOUNT.id);
    expect(outbox.getState().checks).toEqual([{ ...check, phase: 'read', percent: 0 }]);
    bridge.emit('validate.progress', { ...check, phase: 'en16931', percent: 42, done: false });
    // Another account's check, and the Validate page's, are not this outbox's.
    bridge.emit('validate.progress', { ...check, id: 'x', accountId: 'someone-else', phase: 'parse', percent: 5, done: false });
    bridge.emit('validate.progress', { ...check, id: 'y', accountId: null, phase: 'parse', percent: 5, done: false });
    expect(outbox.getState().checks).toEqual([{ ...check, phase: 'en16931', percent: 42 }]);
    await outbox.getState().cancelCheck(check.id);
    expect(bridge.callsOf('validate.cancel')).toEqual([{ id: check.id }]);
    bridge.emit('validate.progress', { ...check, phase: 'en16931', percent: 42, done: true });
    expect(outbox.getState().checks).toEqual([]);
  });
});
