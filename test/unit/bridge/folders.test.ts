import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostInfo } from '../../../main/core/bridge/types';
import type { Account } from '../../../main/core/store/accounts';
import { WRITER } from '../../../main/core/store/writer';
import type { OutboxItemView } from '../../../shared/bridge/views';
import { tempDir } from '../../support/temp';
import { type TestBridge, testBridge } from './setup';

/** A desktop host that records what it was asked to show or open. */
function desktop() {
  const shown: string[] = [];
  const opened: string[] = [];
  const host: HostInfo = {
    kind: 'electron',
    version: '1',
    capabilities: { openFiles: true, startAtLogin: true, notifications: true },
    secretStore: { kind: 'electron-safe-storage', label: 'OS keychain (Electron safeStorage)' },
    showInFolder: async (p) => {
      shown.push(p);
      return true;
    },
    openFolder: async (p) => {
      opened.push(p);
      return true;
    },
  };
  return { t: testBridge({ host }), shown, opened };
}

/** A downloaded invoice file, its path handed out by invoices.get as the detail view asks for it. */
async function downloadedFile(t: TestBridge, account: Account, id: string): Promise<string> {
  t.engine[WRITER].invoices.upsert(account.id, 'RECEIVED', { id, number: id, received_at: '2026-01-02T10:00:00Z' });
  const dir = join(account.root, 'Inbox', 'Invoices');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${id}.pdf`);
  writeFileSync(path, '%PDF-1.7');
  const { job } = t.engine[WRITER].invoiceFiles.enqueue(account.id, id, { kind: 'image', filename: `${id}.pdf` });
  t.engine[WRITER].invoiceFiles.markDone(job.jobId, { path, sha256: 'x', size: 8 });
  const r = await t.bridge.dispatch('invoices.get', { accountId: account.id, id });
  if (!r.ok) throw new Error(r.error.message);
  return path;
}

describe('files.showInFolder', () => {
  it('shows a file the bridge handed out for the account, and nothing else', async () => {
    const { t, shown } = desktop();
    const a = t.account();
    const b = t.account();
    const path = await downloadedFile(t, a, 'inv-1');
    expect(await t.bridge.dispatch('files.showInFolder', { accountId: a.id, path })).toEqual({ ok: true, value: { shown: true, path } });
    expect(shown).toEqual([path]);
    for (const other of ['/etc/passwd', join(a.root, 'Inbox'), join(a.root, '..', 'x.pdf')]) {
      expect(await t.bridge.dispatch('files.showInFolder', { accountId: a.id, path: other })).toMatchObject({
        ok: false,
        error: { kind: 'invalid' },
      });
    }
    expect((await t.bridge.dispatch('files.showInFolder', { accountId: b.id, path })).ok).toBe(false);
    // A file gone from disk is said to be gone, not shown.
    rmSync(path);
    expect(await t.bridge.dispatch('files.showInFolder', { accountId: a.id, path })).toMatchObject({
      ok: false,
      error: { kind: 'user', message: expect.stringMatching(/no longer on disk/) },
    });
    expect(shown).toHaveLength(1);
  });

  it('answers shown: false with the path, for the page to copy, where the host has no file manager', async () => {
    const t = testBridge();
    const a = t.account();
    const path = await downloadedFile(t, a, 'inv-1');
    expect(await t.bridge.dispatch('files.showInFolder', { accountId: a.id, path })).toEqual({ ok: true, value: { shown: false, path } });
  });

  it('shows an outbox file once it is settled in Sent/ or Failed/: outbox.list hands out its path', async () => {
    const { t, shown } = desktop();
    const a = t.account();
    mkdirSync(join(a.root, 'Failed'), { recursive: true });
    writeFileSync(join(a.root, 'Failed', 'bad.xml'), '<x/>');
    t.engine[WRITER].outbox.insert({
      accountId: a.id,
      kind: 'invoice',
      relPath: 'Outbox/Invoices/bad.xml',
      filename: 'bad.xml',
      size: 4,
      mtimeMs: 0,
      sha256: 'x',
      state: 'failed',
      lastError: 'not XML',
      destPath: 'Failed/bad.xml',
    });
    const listed = await t.bridge.dispatch('outbox.list', { accountId: a.id });
    if (!listed.ok) throw new Error(listed.error.message);
    const [item] = listed.value as OutboxItemView[];
    expect(item?.path).toBe(join(a.root, 'Failed', 'bad.xml'));
    expect(await t.bridge.dispatch('files.showInFolder', { accountId: a.id, path: item?.path as string })).toEqual({
      ok: true,
      value: { shown: true, path: item?.path },
    });
    // The app's note beside it is handed out too, and shown once it is on disk.
    const note = join(a.root, 'Failed', 'bad.xml.error.txt');
    expect(item?.notePath).toBe(note);
    writeFileSync(note, 'why');
    expect(await t.bridge.dispatch('files.showInFolder', { accountId: a.id, path: note })).toEqual({
      ok: true,
      value: { shown: true, path: note },
    });
    expect(shown).toEqual([join(a.root, 'Failed', 'bad.xml'), note]);
  });
});

describe('files.openFolder', () => {
  it('opens the account’s Inbox, Outbox and Sent folders, found by main inside the account’s root', async () => {
    const { t, opened } = desktop();
    const a = t.account();
    for (const f of ['Inbox/Invoices', 'Outbox/Invoices', 'Sent']) mkdirSync(join(a.root, f), { recursive: true });
    for (const folder of ['inbox', 'outbox', 'sent'] as const) {
      expect(await t.bridge.dispatch('files.openFolder', { accountId: a.id, folder })).toMatchObject({ ok: true, value: { opened: true } });
    }
    expect(opened).toEqual(['Inbox', 'Outbox', 'Sent'].map((f) => join(a.root, f)));
    // The account's root itself.
    expect(await t.bridge.dispatch('files.openFolder', { accountId: a.id, folder: 'root' })).toMatchObject({
      ok: true,
      value: { opened: true },
    });
    expect(opened.at(-1)).toBe(realpathSync(a.root));
    // Only the three names: a path or another word is refused by the contract.
    expect((await t.bridge.dispatch('files.openFolder', { accountId: a.id, folder: '../..' })).ok).toBe(false);
  });

  it('says a folder is not there yet, and refuses one that is a link out of the account’s root', async () => {
    const { t, opened } = desktop();
    const a = t.account();
    expect(await t.bridge.dispatch('files.openFolder', { accountId: a.id, folder: 'sent' })).toMatchObject({
      ok: false,
      error: { kind: 'user', message: expect.stringMatching(/not there/) },
    });
    const elsewhere = tempDir('einvoice-elsewhere-');
    symlinkSync(elsewhere, join(a.root, 'Sent'));
    expect(await t.bridge.dispatch('files.openFolder', { accountId: a.id, folder: 'sent' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', fields: { folder: expect.any(String) } },
    });
    expect(opened).toEqual([]);
  });

  it('answers opened: false in the browser', async () => {
    const t = testBridge();
    const a = t.account();
    mkdirSync(join(a.root, 'Inbox'), { recursive: true });
    expect(await t.bridge.dispatch('files.openFolder', { accountId: a.id, folder: 'inbox' })).toEqual({
      ok: true,
      value: { opened: false, path: expect.stringContaining('Inbox') },
    });
  });
});
