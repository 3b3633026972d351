import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../main/core/store/accounts';
import { WRITER } from '../../../main/core/store/writer';
import type { InvoiceDetail } from '../../../shared/bridge/views';
import { fixture, INVOICES } from '../render/fixtures';
import { type TestBridge, testBridge } from './setup';

/** A received invoice in the mirror with its XML downloaded into the account's Inbox (as the sync leaves it). */
function downloaded(t: TestBridge, account: Account, id: string, source = 'peppol-bis3/base-example.xml') {
  t.engine[WRITER].invoices.upsert(account.id, 'RECEIVED', {
    id,
    number: `N-${id}`,
    sender: { name: 'SupplierTradingName Ltd.' },
    received_at: '2026-01-02T10:00:00Z',
  });
  const inbox = join(account.root, 'Inbox', 'Invoices');
  mkdirSync(inbox, { recursive: true });
  const path = join(inbox, `${id}.xml`);
  copyFileSync(join(INVOICES, source), path);
  const { job } = t.engine[WRITER].invoiceFiles.enqueue(account.id, id, { kind: 'original', filename: `${id}.xml` });
  const bytes = readFileSync(path);
  t.engine[WRITER].invoiceFiles.markDone(job.jobId, { path, sha256: 'x', size: bytes.length });
  t.engine[WRITER].invoiceFiles.enqueue(account.id, id, { kind: 'image', filename: `${id}.pdf` });
  return { path, jobId: job.jobId, bytes };
}

async function detail(t: TestBridge, accountId: string, id: string): Promise<InvoiceDetail> {
  const r = await t.bridge.dispatch('invoices.get', { accountId, id });
  if (!r.ok) throw new Error(r.error.message);
  return r.value as InvoiceDetail;
}

describe('invoices.get', () => {
  it('renders the downloaded original and lists the files with their state', async () => {
    const t = testBridge();
    const a = t.account();
    const { path } = downloaded(t, a, 'inv-1');
    const d = await detail(t, a.id, 'inv-1');
    expect(d.row).toMatchObject({ id: 'inv-1', number: 'N-inv-1', direction: 'RECEIVED' });
    expect(d.rendered).toMatchObject({ format: 'UBL', number: 'Snippet1', totals: { payable: 1656.25 } });
    expect(d.renderError).toBeNull();
    expect(d.files).toEqual([
      {
        kind: 'original',
        fileId: null,
        filename: 'inv-1.xml',
        path,
        state: 'done',
        size: fixture('peppol-bis3/base-example.xml').length,
        tries: 0,
        error: null,
      },
      { kind: 'image', fileId: null, filename: 'inv-1.pdf', path: null, state: 'pending', size: null, tries: 0, error: null },
    ]);
  });

  it('says why there is nothing to show: not downloaded yet, or a file that is no invoice', async () => {
    const t = testBridge();
    const a = t.account();
    t.engine[WRITER].invoices.upsert(a.id, 'RECEIVED', { id: 'later', received_at: '2026-01-02T10:00:00Z' });
    t.engine[WRITER].invoiceFiles.enqueue(a.id, 'later', { kind: 'original', filename: 'later.xml' });
    expect(await detail(t, a.id, 'later')).toMatchObject({ rendered: null, renderError: 'The invoice file has not been downloaded yet' });
    const { path } = downloaded(t, a, 'broken');
    writeFileSync(path, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice/>');
    expect(await detail(t, a.id, 'broken')).toMatchObject({ rendered: null, renderError: expect.stringMatching(/DTD/) });
  });
});

describe('files.read and files.open take only paths the store records for that account', () => {
  it('reads a file once the bridge has handed out its path', async () => {
    const t = testBridge();
    const a = t.account();
    const { path, bytes } = downloaded(t, a, 'inv-1');
    const before = await t.bridge.dispatch('files.read', { accountId: a.id, path });
    expect(before).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { path: expect.any(String) } } });
    await detail(t, a.id, 'inv-1');
    const r = await t.bridge.dispatch('files.read', { accountId: a.id, path });
    expect(r).toEqual({ ok: true, value: { filename: 'inv-1.xml', contentType: 'application/xml', base64: bytes.toString('base64') } });
    const dotted = join(a.root, 'Inbox', 'Invoices', '..', 'Invoices', 'inv-1.xml');
    expect((await t.bridge.dispatch('files.read', { accountId: a.id, path: dotted })).ok).toBe(true);
  });

  it('never reads a path the renderer makes up, or another account’s file', async () => {
    const t = testBridge();
    const a = t.account();
    const b = t.account();
    const { path: bPath } = downloaded(t, b, 'inv-b');
    downloaded(t, a, 'inv-a');
    await detail(t, a.id, 'inv-a');
    await detail(t, b.id, 'inv-b');
    for (const path of ['/etc/passwd', join(t.dataDir, 'secrets.json'), join(a.root, '..', '..', 'etc', 'passwd'), bPath]) {
      const r = await t.bridge.dispatch('files.read', { accountId: a.id, path });
      expect(r).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      expect((await t.bridge.dispatch('files.open', { accountId: a.id, path })).ok).toBe(false);
    }
    expect((await t.bridge.dispatch('files.read', { accountId: b.id, path: bPath })).ok).toBe(true);
  });

  it('stops reading a path as soon as the store no longer records it there', async () => {
    const t = testBridge();
    const a = t.account();
    const { path, jobId } = downloaded(t, a, 'inv-1');
    await detail(t, a.id, 'inv-1');
    expect((await t.bridge.dispatch('files.read', { accountId: a.id, path })).ok).toBe(true);
    t.engine[WRITER].invoiceFiles.requeue(jobId);
    expect((await t.bridge.dispatch('files.read', { accountId: a.id, path })).ok).toBe(false);
  });

  it('opens through the host when it can, and answers opened: false in a browser', async () => {
    const opened: string[] = [];
    const desktop = testBridge({
      host: {
        kind: 'electron',
        version: '1',
        capabilities: { openFiles: true, startAtLogin: true, notifications: true },
        secretStore: { kind: 'electron-safe-storage', label: 'OS keychain (Electron safeStorage)' },
        openFile: async (p) => {
          opened.push(p);
          return true;
        },
      },
    });
    const a = desktop.account();
    const { path } = downloaded(desktop, a, 'inv-1');
    await detail(desktop, a.id, 'inv-1');
    expect(await desktop.bridge.dispatch('files.open', { accountId: a.id, path })).toEqual({ ok: true, value: { opened: true } });
    expect(opened).toEqual([path]);

    const browser = testBridge();
    const b = browser.account();
    const { path: p2 } = downloaded(browser, b, 'inv-2');
    await detail(browser, b.id, 'inv-2');
    expect(await browser.bridge.dispatch('files.open', { accountId: b.id, path: p2 })).toEqual({ ok: true, value: { opened: false } });
  });
});
