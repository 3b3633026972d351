import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBridgeIpc } from '../../../main/electron/ipc';
import type { BridgeResult } from '../../../shared/bridge/api';
import type { CompanyAccountView } from '../../../shared/bridge/company-admin';
import { startTestEngine } from '../../support/engine';
import { recordingLogger } from '../../support/log';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fakeIpcMain, invokeEvent } from '../../unit/electron/support';
import { value } from './results';
import { type HostUnderTest, startHost } from './setup';

// Issue 12: an account added without a vendor API key gets one in place, and links.

let sb: TestSandbox;
let h: HostUnderTest;
let company: TestCompany;
let accountId: string;
const engineLog = recordingLogger();

/** Every file under a folder, as text: the key must be in none of them (the test engine keeps keys in memory). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push((await readFile(join(e.parentPath, e.name))).toString('latin1'));
  }
  return out;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company({ name: 'Ilman avainta Oy' });
  h = await startHost(sb, company, await startTestEngine(sb, company, { log: engineLog }));
  accountId = h.te.account.id;
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

describe('adding a vendor key to an account added without one', () => {
  it('refuses a key the service does not accept at its field, keeps the right one unseen, and links with it', async () => {
    const before = value(await h.call<CompanyAccountView>('company.account.get', { accountId }));
    expect(before).toMatchObject({ hasVendorKey: false, vendor: { linked: false } });

    const empty = await h.call('company.vendor.addKey', { accountId, vendorApiKey: '  ' });
    expect(empty).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { vendorApiKey: expect.any(String) } } });
    const wrong = await h.call('company.vendor.addKey', { accountId, vendorApiKey: 'vk_not_this_company' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { kind: 'invalid', fields: { vendorApiKey: 'not the vendor API key of this company' } },
    });
    expect(value(await h.call<CompanyAccountView>('company.account.get', { accountId })).hasVendorKey).toBe(false);

    const answer = await h.call<CompanyAccountView>('company.vendor.addKey', { accountId, vendorApiKey: company.vendor_api_key });
    const linked = value(answer);
    expect(linked).toMatchObject({ hasVendorKey: true, vendor: { linked: true, vendor: expect.stringMatching(/…/) } });
    expect(JSON.stringify(answer)).not.toContain(company.vendor_api_key);
    // The service sees the link, and the sync goes on with the same account.
    const own = await sb.token(company);
    expect(await (await sb.call('/v1/company/vendors', { token: own })).json()).toMatchObject({ linked: true });
    expect(await h.te.engine.vendorKeys.get(accountId)).toBe(company.vendor_api_key);
    for (const text of await filesUnder(h.te.dataDir)) expect(text).not.toContain(company.vendor_api_key);
    expect(JSON.stringify(engineLog.lines)).not.toContain(company.vendor_api_key);
  });

  it('runs over the Electron IPC invoke channel too, and refuses input without a key before the engine', async () => {
    const ipcMain = fakeIpcMain();
    const log = recordingLogger();
    const dispose = registerBridgeIpc({ ipcMain, dispatch: h.bridge.dispatch, isAppContents: (id) => id === 7, log });
    try {
      const handler = ipcMain.handlers.get('einvoice:invoke');
      if (!handler) throw new Error('no handler');
      const invoke = (name: string, input: unknown) => handler(invokeEvent({ senderId: 7 }), name, input) as Promise<BridgeResult<unknown>>;
      const missing = await invoke('company.vendor.addKey', { accountId });
      expect(missing).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { vendorApiKey: expect.any(String) } } });
      // Adding it again (the same key) is harmless: it is checked, kept and the link stays.
      expect(value(await invoke('company.vendor.addKey', { accountId, vendorApiKey: company.vendor_api_key }))).toMatchObject({
        vendor: { linked: true },
      });
      expect(JSON.stringify([...log.lines, ...engineLog.lines])).not.toContain(company.vendor_api_key);
    } finally {
      dispose();
    }
  });
});
