import { describe, expect, it } from 'vitest';
import { ACTIVITY_KEEP } from '../../../main/core/store/activity';
import { createStore } from '../../../main/core/store/index';
import { START, storeWithAccount, tempStore } from './temp-store';

describe('accounts', () => {
  it('creates with defaults, finds by id and name, updates only what is given, removes', () => {
    const { store, clock } = tempStore();
    const a = store.accounts.create({ name: 'Prod', environment: 'production', companyId: 'c-1', root: '/data/prod' });
    expect(a).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Prod',
      environment: 'production',
      baseUrl: null,
      companyId: 'c-1',
      root: '/data/prod',
      pollIntervalS: 300,
      markHandled: false,
      paused: false,
      // A new account's Inbox is filed by year and month; migration 7 left existing ones flat.
      inboxLayout: 'year-month',
      // Asking the service's validator and deleting received RI messages are the user's choice: off.
      remoteValidation: 'off',
      deleteRiAfterDownload: false,
      createdAt: START,
      updatedAt: START,
    });
    expect(store.accounts.getByName('Prod')).toEqual(a);
    clock.advance(1);
    expect(store.accounts.update(a.id, { paused: true, pollIntervalS: 60 })).toMatchObject({
      paused: true,
      pollIntervalS: 60,
      markHandled: false,
      root: '/data/prod',
      updatedAt: START + 1,
    });
    expect(store.accounts.update('nope', { paused: true })).toBeUndefined();
    expect(() => store.accounts.create({ name: 'Prod', environment: 'test', companyId: 'c-2', root: '/x' })).toThrow(/UNIQUE/);
    expect(() => store.accounts.update(a.id, { baseUrl: 'http://localhost' })).toThrow(/CHECK/);
    store.accounts.create({ name: 'Box', environment: 'sandbox', baseUrl: 'http://127.0.0.1:1', companyId: 'c-3', root: '/b' });
    expect(store.accounts.list().map((x) => x.name)).toEqual(['Box', 'Prod']);
    expect(store.accounts.remove(a.id)).toBe(true);
    expect(store.accounts.get(a.id)).toBeUndefined();
  });
});

describe('cursors and folder options', () => {
  it('cursors: get, overwrite, clear, per account and feed', () => {
    const { store, account } = storeWithAccount();
    expect(store.cursors.get(account.id, 'invoices:RECEIVED')).toBeUndefined();
    store.cursors.set(account.id, 'invoices:RECEIVED', '2025-01-10T08:00:00Z');
    store.cursors.set(account.id, 'invoices:RECEIVED', '2025-01-11T08:00:00Z');
    store.cursors.set(account.id, 'documents', '42');
    expect(store.cursors.get(account.id, 'invoices:RECEIVED')).toBe('2025-01-11T08:00:00Z');
    expect(store.cursors.clear(account.id, 'invoices:RECEIVED')).toBe(true);
    expect(store.cursors.get(account.id, 'invoices:RECEIVED')).toBeUndefined();
    expect(store.cursors.get(account.id, 'documents')).toBe('42');
  });

  it('folder options: set replaces, list is per account', () => {
    const { store, account } = storeWithAccount();
    expect(store.folderOptions.get(account.id, 'Outbox/Invoices')).toBeUndefined();
    store.folderOptions.set(account.id, 'Outbox/Invoices', { format: 'PEPPOLBIS30' });
    store.folderOptions.set(account.id, 'Outbox/Invoices', { format: 'FINVOICE30', prevent_routing: true });
    store.folderOptions.set(account.id, 'Outbox/Documents/ORDER', { profile_version: 'EHF30' });
    expect(store.folderOptions.get(account.id, 'Outbox/Invoices')).toEqual({ format: 'FINVOICE30', prevent_routing: true });
    expect(store.folderOptions.list(account.id).map((o) => o.folder)).toEqual(['Outbox/Documents/ORDER', 'Outbox/Invoices']);
    expect(store.folderOptions.remove(account.id, 'Outbox/Invoices')).toBe(true);
    expect(store.folderOptions.list(account.id)).toHaveLength(1);
  });
});

describe('activity', () => {
  it('appends and lists the newest first, for one account or all', () => {
    const { store, account, clock } = storeWithAccount();
    store.activity.append({ accountId: account.id, level: 'info', kind: 'upload.done', message: 'Sent inv-1.xml', ref: '1' });
    clock.advance(1);
    store.activity.append({ level: 'warn', kind: 'app.update', message: 'Update available' });
    clock.advance(1);
    store.activity.append({ accountId: account.id, level: 'error', kind: 'upload.failed', message: 'Rejected' });
    expect(store.activity.listLatest(2).map((e) => e.kind)).toEqual(['upload.failed', 'app.update']);
    expect(store.activity.listLatest(10, account.id).map((e) => [e.kind, e.at, e.ref])).toEqual([
      ['upload.failed', START + 2, null],
      ['upload.done', START, '1'],
    ]);
  });

  it('lists the entries written after a given one, oldest first, the newest when there are more than asked', () => {
    const { store, account } = storeWithAccount();
    const ids = Array.from({ length: 6 }, (_, i) =>
      store.activity.append({ accountId: i % 2 ? account.id : undefined, level: 'info', kind: 'k', message: `m${i}` }),
    );
    expect(store.activity.listNewer(ids[1] as number, 10).map((e) => e.message)).toEqual(['m2', 'm3', 'm4', 'm5']);
    expect(store.activity.listNewer(ids[1] as number, 2).map((e) => e.message)).toEqual(['m4', 'm5']);
    expect(store.activity.listNewer(ids[5] as number, 10)).toEqual([]);
    expect(store.activity.listNewer(0, 10)).toHaveLength(6);
  });

  it('prunes to the newest entries per account, app-wide entries counted on their own', () => {
    const { store, account } = storeWithAccount();
    const other = store.accounts.create({ name: 'Other', environment: 'test', companyId: 'c', root: '/o' });
    store.transaction(() => {
      for (let i = 0; i < 30; i++) store.activity.append({ accountId: account.id, level: 'info', kind: 'k', message: `a${i}` });
      for (let i = 0; i < 5; i++) store.activity.append({ accountId: other.id, level: 'info', kind: 'k', message: `o${i}` });
      for (let i = 0; i < 12; i++) store.activity.append({ level: 'info', kind: 'k', message: `g${i}` });
    });
    expect(store.activity.prune(10)).toBe(20 + 2);
    expect(store.activity.listLatest(100, account.id).map((e) => e.message)).toEqual(Array.from({ length: 10 }, (_, i) => `a${29 - i}`));
    expect(store.activity.listLatest(100, other.id)).toHaveLength(5);
    expect(
      store.activity
        .listLatest(100)
        .filter((e) => e.accountId === null)
        .map((e) => e.message)[9],
    ).toBe('g2');
    expect(store.activity.prune(10)).toBe(0);
    expect(ACTIVITY_KEEP).toBe(10_000);
  });
});

describe('store', () => {
  it('transaction commits together or not at all', () => {
    const { store, account } = storeWithAccount();
    expect(() =>
      store.transaction(() => {
        store.cursors.set(account.id, 'a', '1');
        store.activity.append({ accountId: account.id, level: 'info', kind: 'k', message: 'm' });
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(store.cursors.get(account.id, 'a')).toBeUndefined();
    expect(store.activity.listLatest(10)).toEqual([]);
    const answer = store.transaction(() => {
      store.cursors.set(account.id, 'a', '2');
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(store.cursors.get(account.id, 'a')).toBe('2');
  });

  it('close is safe to repeat; the file reopens with its data, also read-only for a second process', () => {
    const { store, file } = tempStore();
    store.accounts.create({ name: 'Kept', environment: 'test', companyId: 'c', root: '/k' });
    store.close();
    store.close();
    const reader = createStore(file, { readonly: true });
    expect(reader.accounts.list().map((a) => a.name)).toEqual(['Kept']);
    expect(() => reader.accounts.create({ name: 'No', environment: 'test', companyId: 'c', root: '/n' })).toThrow(/readonly/);
    reader.close();
    const writer = createStore(file);
    expect(writer.accounts.getByName('Kept')).toBeDefined();
    writer.close();
  });
});
