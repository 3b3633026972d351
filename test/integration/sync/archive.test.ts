import { spawnSync } from 'node:child_process';
import { copyFile, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { dbFile } from '../../../main/core/paths';
import { MemorySecrets } from '../../../main/core/secrets';
import { WRITER } from '../../../main/core/store/writer';
import { chainFileOf } from '../../../main/core/sync/archive/chain';
import { readChainFile } from '../../../main/core/sync/archive/chain-reader';
import { verifyZip } from '../../../main/core/sync/archive/verify-zip';
import { FIXTURES } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fileTempDir, tempDir } from '../../support/temp';

// The sealed archive against the sandbox over HTTP, the real SQLite file and real folders: what a sync
// receives and sends is entered, a reorganize is followed, a tampered file is named, an export verifies
// with the zip alone, and a database that lost its last commits does not make the app's own files "added".

let sb: TestSandbox;
let company: TestCompany;
const dir = fileTempDir('einvoice-archive-');
const dataDir = join(dir, 'data');
const root = join(dir, 'root');
const secrets = new MemorySecrets();
let engine: Engine;
let accountId: string;

const open = () =>
  new Engine({ dataDir, secrets, runner: { stableMs: 100, watch: false, backoff: { baseMs: 50, capMs: 500 }, retry: { maxRetries: 2 } } });

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
  engine = open();
  const account = await engine.addAccount({
    name: 'Archive Oy',
    environment: 'sandbox',
    url: sb.url,
    companyId: company.company_id,
    root,
    apiKey: company.api_key,
    inboxLayout: 'flat',
  });
  accountId = account.id;
});
afterAll(async () => {
  await engine.stop();
  await sb.close();
});

async function deliver(number: string, date: string): Promise<void> {
  const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8'))
    .replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace('<cbc:IssueDate>2017-11-13</cbc:IssueDate>', `<cbc:IssueDate>${date}</cbc:IssueDate>`);
  const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: `${number}.xml`, data: xml }, { sender_name: 'Toimittaja Oy' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe('the sealed archive', () => {
  let backup: string;

  it('enters what a sync receives and sends, and verifies it whole', async () => {
    // The database as it stood before any sync: what a lost WAL or an older copy restored gives back later.
    backup = join(dir, 'before-sync.db');
    await engine[WRITER].db.backup(backup);
    await deliver('ARC-1', '2025-03-01');
    await deliver('ARC-2', '2025-04-02');
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(root, 'Outbox', 'Invoices', 'sent-1.xml'));
    await engine.syncOnce();
    await engine.syncOnce();
    expect(await readdir(join(root, 'Sent'))).toEqual(['sent-1.xml']);
    const v = await engine.archive.verify(accountId);
    expect(v.chain).toEqual([]);
    expect(v.ok, JSON.stringify(v)).toBe(true);
    const kept = [...(await readChainFile(chainFileOf(dataDir, accountId))).state.keys()];
    expect(kept).toContain('Sent/sent-1.xml');
    expect(kept.filter((p) => p.startsWith('Inbox/Invoices/') && p.includes('ARC-1')).length).toBeGreaterThanOrEqual(2);
  });

  it('follows a reorganize with entries of the moves, history kept', async () => {
    const before = await readChainFile(chainFileOf(dataDir, accountId));
    await engine.updateAccount(accountId, { inboxLayout: 'year' });
    const r = await engine.reorganizeInbox(accountId);
    expect(r.moved).toBeGreaterThan(0);
    const after = await readChainFile(chainFileOf(dataDir, accountId));
    expect(after.entries).toBe(before.entries + r.moved);
    expect([...after.state.keys()].some((p) => p.startsWith('Inbox/Invoices/2025/'))).toBe(true);
    expect((await engine.archive.verify(accountId)).ok).toBe(true);
  });

  it('names a file changed and one added since, and nothing else', async () => {
    const state = (await readChainFile(chainFileOf(dataDir, accountId))).state;
    const victim = [...state.keys()].find((p) => p.endsWith('.xml') && p.startsWith('Inbox/'))!;
    const path = join(root, victim);
    const original = await readFile(path);
    await writeFile(path, Buffer.concat([original, Buffer.from('<!-- edited -->')]));
    await writeFile(join(root, 'Sent', 'stray.xml'), '<Invoice/>');
    const v = await engine.archive.verify(accountId);
    expect(v).toMatchObject({ ok: false, changed: [victim], missing: [], added: ['Sent/stray.xml'] });
    await writeFile(path, original);
    await rm(join(root, 'Sent', 'stray.xml'));
    expect((await engine.archive.verify(accountId)).ok).toBe(true);
  });

  it('exports a period as one zip that verifies alone on another computer', async () => {
    const r = await engine.archive.export(accountId, '2025-01-01', '2025-12-31', join(dir, 'exports'));
    expect(r).toMatchObject({ missing: [], changed: [] });
    // Only the received invoices of 2025 (the sent file counts for the day it was sent).
    expect(r.files).toBeGreaterThanOrEqual(4);
    const elsewhere = tempDir('einvoice-auditor-');
    const zip = join(elsewhere, 'given.zip');
    await copyFile(r.path, zip);
    const index = new TextDecoder().decode(unzipSync(new Uint8Array(await readFile(zip)))['index.csv']);
    expect(index).toContain('ARC-1');
    expect(index).toContain('2025-04-02');
    expect(index).not.toContain('sent-1.xml');
    // The sent file's validation report and delivery trail go with a period that holds it.
    const all = await engine.archive.export(accountId, '2000-01-01', '2099-12-31', join(dir, 'exports'));
    const names = Object.keys(unzipSync(new Uint8Array(await readFile(all.path))));
    expect(names.filter((n) => n.startsWith('records/')).sort()).toEqual([
      expect.stringMatching(/^records\/outbox-\d+\.delivery\.json$/),
      expect.stringMatching(/^records\/outbox-\d+\.validation\.json$/),
    ]);
    expect((await verifyZip(all.path)).ok).toBe(true);
    // The command itself, with no data folder at all, in a fresh folder.
    const cli = spawnSync(
      join(process.cwd(), 'node_modules/.bin/tsx'),
      [join(process.cwd(), 'scripts/cli.ts'), 'archive', 'verify', '--zip', 'given.zip'],
      {
        cwd: elsewhere,
        encoding: 'utf8',
      },
    );
    expect(cli.stdout).toContain('Every file is as it was sealed');
    expect(cli.status).toBe(0);
    // A file in the zip swapped for other bytes is named.
    const files = unzipSync(new Uint8Array(await readFile(zip)));
    const inside = Object.keys(files).find((n) => n.startsWith('files/') && n.endsWith('.xml'))!;
    files[inside] = new TextEncoder().encode('<Invoice>forged</Invoice>');
    const { zipSync } = await import('fflate');
    await writeFile(zip, zipSync(files));
    expect((await verifyZip(zip)).changed).toEqual([inside.slice('files/'.length)]);
  });

  it('enters at a start the files an app without the archive kept, under the hashes recorded when they were written', async () => {
    await engine.stop();
    const chainFile = chainFileOf(dataDir, accountId);
    await rename(chainFile, `${chainFile}.aside`);
    const victim = join(root, 'Sent', 'sent-1.xml');
    const original = await readFile(victim);
    await writeFile(victim, 'changed before the archive existed');
    engine = open();
    const v = await engine.archive.verify(accountId);
    expect(v).toMatchObject({ ok: false, changed: ['Sent/sent-1.xml'], missing: [], added: [] });
    const read = await readChainFile(chainFile);
    expect(read.entries).toBe(v.files);
    await engine.stop();
    await writeFile(victim, original);
    await rename(`${chainFile}.aside`, chainFile);
    engine = open();
  });

  it('keeps every entry when the database loses its last commits: nothing the app wrote is called added', async () => {
    const entries = (await readChainFile(chainFileOf(dataDir, accountId))).entries;
    await engine.stop();
    await copyFile(backup, dbFile(dataDir));
    await rm(`${dbFile(dataDir)}-wal`, { force: true });
    await rm(`${dbFile(dataDir)}-shm`, { force: true });
    engine = open();
    expect(engine.store.invoiceFiles.listDoneFiles(accountId, 0, 10)).toEqual([]);
    expect((await engine.archive.verify(accountId)).ok).toBe(true);
    // The sync mirrors again: the restored database still says 'flat', so the invoices come down again beside
    // the folder they were reorganized into. Each new copy is the app's and is entered; nothing is called added.
    await engine.syncOnce();
    const v = await engine.archive.verify(accountId);
    expect(v.ok, JSON.stringify(v)).toBe(true);
    const read = await readChainFile(chainFileOf(dataDir, accountId));
    const late = [...read.state].filter(([, k]) => k.seq > entries).map(([p]) => p);
    expect(late.length).toBe(v.entries - entries);
    expect(late.every((p) => /^Inbox\/Invoices\/[^/]+$/.test(p))).toBe(true);
  });
});
