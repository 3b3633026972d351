import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStatusView, AccountView } from '../../../shared/bridge/views';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fileTempDir, tempDir } from '../../support/temp';
import { value } from './results';
import { type HostUnderTest, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
let other: TestCompany;
const otherRoot = fileTempDir('einvoice-root-');

beforeAll(async () => {
  sb = await startTestSandbox();
  h = await startHost(sb, await sb.company());
  other = await sb.company({ name: 'Toinen Oy' });
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

const credentials = (c: TestCompany, apiKey = c.api_key) => ({ environment: 'sandbox', url: sb.url, companyId: c.company_id, apiKey });

describe('accounts over HTTP', () => {
  it('accounts.verify checks the keys with the service and saves nothing', async () => {
    const ok = value(await h.call<{ companyName: string | null; scopes: string[] }>('accounts.verify', credentials(other)));
    expect(ok.companyName).toBe('Toinen Oy');
    expect(ok.scopes).toEqual(expect.arrayContaining(['invoice:send', 'invoice:receive', 'company:write']));
    const wrong = await h.call('accounts.verify', credentials(other, 'not-the-key'));
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'user', status: 401 } });
    const noAddress = await h.call('accounts.verify', { ...credentials(other), environment: 'production', url: null });
    expect(noAddress).toMatchObject({
      ok: false,
      error: { kind: 'user', message: expect.stringMatching(/production service address is not configured/) },
    });
    expect(value(await h.call<AccountView[]>('accounts.list'))).toHaveLength(1);
  });

  it('accounts.add, with the name and folder checked first', async () => {
    const added = value(await h.call<AccountView>('accounts.add', { ...credentials(other), name: 'Toinen', root: otherRoot }));
    expect(added).toMatchObject({ name: 'Toinen', companyId: other.company_id, root: otherRoot, environment: 'sandbox', paused: false });
    expect(JSON.stringify(added)).not.toContain(other.api_key);
    const taken = await h.call('accounts.add', { ...credentials(other), name: 'Toinen', root: otherRoot });
    expect(taken).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { name: 'this name is taken' } } });
    const relative = await h.call('accounts.add', { ...credentials(other), name: 'Kolmas', root: 'Invoices' });
    expect(relative).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { root: expect.any(String) } } });
    const refused = await h.call('accounts.add', { ...credentials(other, 'wrong'), name: 'Kolmas', root: otherRoot });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'user', status: 401 } });
    expect(value(await h.call<AccountView[]>('accounts.list')).map((a) => a.name)).toEqual(['Test', 'Toinen']);
  });

  it('accounts.update renames, pauses, sets the interval and moves the folder', async () => {
    const [, toinen] = value(await h.call<AccountView[]>('accounts.list'));
    const id = toinen?.id;
    const updated = value(
      await h.call<AccountView>('accounts.update', { accountId: id, name: 'Toinen Oy', pollIntervalS: 900, paused: true }),
    );
    expect(updated).toMatchObject({ name: 'Toinen Oy', pollIntervalS: 900, paused: true });
    const status = value(await h.call<AccountStatusView[]>('sync.status')).find((s) => s.account.id === id);
    expect(status).toMatchObject({ state: 'paused', nextPoll: null });
    const elsewhere = tempDir('einvoice-moved-');
    const moved = value(await h.call<AccountView>('accounts.update', { accountId: id, root: elsewhere }));
    expect(moved.root).toBe(elsewhere);
    expect((await readdir(elsewhere)).sort()).toEqual(['.einvoice-sync-root', 'Archive', 'Failed', 'Inbox', 'Outbox', 'Sent']);
    const relative = await h.call('accounts.update', { accountId: id, root: 'relative/folder' });
    expect(relative).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { root: expect.any(String) } } });
    const clash = await h.call('accounts.update', { accountId: id, name: 'Test' });
    expect(clash).toMatchObject({ ok: false, error: { fields: { name: 'this name is taken' } } });
    expect(await h.call('accounts.update', { accountId: id, pollIntervalS: 5 })).toMatchObject({
      ok: false,
      error: { fields: { pollIntervalS: expect.any(String) } },
    });
  });

  it('accounts.update sets remote validation (off until chosen) and refuses a mode it does not know, at its field', async () => {
    const [test] = value(await h.call<AccountView[]>('accounts.list'));
    expect(test?.remoteValidation).toBe('off');
    const set = value(await h.call<AccountView>('accounts.update', { accountId: test?.id, remoteValidation: 'uncovered' }));
    expect(set.remoteValidation).toBe('uncovered');
    expect(value(await h.call<AccountView[]>('accounts.list'))[0]?.remoteValidation).toBe('uncovered');
    const wrong = await h.call('accounts.update', { accountId: test?.id, remoteValidation: 'sometimes' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { remoteValidation: expect.any(String) } } });
    expect(value(await h.call<AccountView>('accounts.update', { accountId: test?.id, remoteValidation: 'off' })).remoteValidation).toBe(
      'off',
    );
  });

  it('accounts.remove forgets the account; tryDemo needs the embedded sandbox', async () => {
    const [, toinen] = value(await h.call<AccountView[]>('accounts.list'));
    expect(value(await h.call('accounts.remove', { accountId: toinen?.id }))).toEqual({ removed: true });
    expect(value(await h.call<AccountView[]>('accounts.list')).map((a) => a.name)).toEqual(['Test']);
    expect(await h.call('accounts.remove', { accountId: toinen?.id })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await h.call('accounts.tryDemo')).toMatchObject({
      ok: false,
      error: { kind: 'user', message: expect.stringMatching(/built-in sandbox/) },
    });
  });
});
