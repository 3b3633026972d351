import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../shared/bridge/views';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { overIpc } from './over-ipc';
import { value } from './results';
import { type HostUnderTest, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
beforeAll(async () => {
  sb = await startTestSandbox();
  h = await startHost(sb, await sb.company());
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

describe('the RI delete option through the bridge', () => {
  it('is off for an account until chosen; accounts.update sets it over HTTP and refuses what is not a yes or no at its field', async () => {
    const [account] = value(await h.call<AccountView[]>('accounts.list'));
    expect(account?.deleteRiAfterDownload).toBe(false);
    const on = value(await h.call<AccountView>('accounts.update', { accountId: account?.id, deleteRiAfterDownload: true }));
    expect(on.deleteRiAfterDownload).toBe(true);
    expect(value(await h.call<AccountView[]>('accounts.list'))[0]?.deleteRiAfterDownload).toBe(true);
    const wrong = await h.call('accounts.update', { accountId: account?.id, deleteRiAfterDownload: 'yes' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { deleteRiAfterDownload: expect.any(String) } } });
  });

  it('works over the Electron IPC channel too, and refuses bad input there before the engine', async () => {
    await overIpc(h, async (invoke) => {
      const [account] = value(await h.call<AccountView[]>('accounts.list'));
      const off = value(await invoke('accounts.update', { accountId: account?.id, deleteRiAfterDownload: false })) as AccountView;
      expect(off.deleteRiAfterDownload).toBe(false);
      expect(await invoke('accounts.update', { accountId: account?.id, deleteRiAfterDownload: 1 })).toMatchObject({
        ok: false,
        error: { kind: 'invalid' },
      });
    });
  });
});
