import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { link, lstat, mkdir, open, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spool } from '../../../main/core/sync/spool';
import { order } from '../../support/document-groups';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fileTempDir, tempDir } from '../../support/temp';

// Only regular files of the hot folders' own are read and sent; subfolders are sent like the rest;
// files the service would refuse are refused here without an upload. Each with a plain note.
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
const outside = fileTempDir('einvoice-outside-');
let invoiceXml: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
  t = await startTestEngine(sb, company);
  invoiceXml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

const inv = (n: string) => invoiceXml.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>HOT-${n}</cbc:ID>`);
const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const outbox = (...p: string[]) => join(t.root, 'Outbox', 'Invoices', ...p);
async function uploads(): Promise<{ filename: string; sha256: string }[]> {
  return (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as { filename: string; sha256: string }[];
}
async function note(dir: string, name: string): Promise<string> {
  return readFile(join(t.root, dir, `${name}.error.txt`), 'utf8');
}

describe('hot folders take only regular files of their own', () => {
  it('never reads a symbolic link: the private file it points at never leaves, the link is set aside with a note', async () => {
    const secret = join(outside, 'private.xml');
    await writeFile(secret, inv('PRIVATE'));
    await symlink(secret, outbox('passwd-link.xml'));
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.sha256)).not.toContain(sha(inv('PRIVATE')));
    expect((await lstat(join(t.root, 'Failed', 'passwd-link.xml'))).isSymbolicLink()).toBe(true);
    expect(await note('Failed', 'passwd-link.xml')).toMatch(/link .*never followed/);
    expect(await readFile(secret, 'utf8')).toBe(inv('PRIVATE'));
    expect(await readdir(outbox())).toEqual([]);
  });

  it('refuses a hard link (it may be another folder file) and a pipe, without reading or hanging', async () => {
    const other = join(outside, 'other.xml');
    await writeFile(other, inv('HARDLINK'));
    await link(other, outbox('hard.xml'));
    const fifo = spawnSync('mkfifo', [outbox('pipe.xml')]);
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.sha256)).not.toContain(sha(inv('HARDLINK')));
    expect(await note('Failed', 'hard.xml')).toMatch(/hard link/);
    if (fifo.status === 0) {
      expect((await lstat(join(t.root, 'Failed', 'pipe.xml'))).isFIFO()).toBe(true);
      expect(await note('Failed', 'pipe.xml')).toMatch(/pipe/);
    }
    expect(await readdir(outbox())).toEqual([]);
  });

  it('never sends a link swapped in after the listing: the copy opens the very file that was listed', async () => {
    const dir = tempDir('einvoice-swap-');
    const listed = join(dir, 'a.xml');
    await writeFile(listed, inv('LISTED'));
    const s = await lstat(listed);
    await rm(listed);
    await writeFile(join(outside, 'target.xml'), inv('TARGET'));
    await symlink(join(outside, 'target.xml'), listed);
    const spool = new Spool(join(dir, 'spool'));
    await expect(spool.capture(listed, { dev: s.dev, ino: s.ino })).rejects.toThrow();
    // Another regular file under the listed name is not the listed one either.
    await rm(listed);
    await writeFile(listed, inv('OTHER'));
    await expect(spool.capture(listed, { dev: s.dev + 1, ino: s.ino })).rejects.toThrow(/changed into something else/);
  });
});

describe('subfolders are sent like the rest and keep their place', () => {
  it('sends files at depth 1 and 3 and puts them at the same relative place under Sent/, removing the emptied folders', async () => {
    await mkdir(outbox('2026-11'), { recursive: true });
    await mkdir(outbox('erp', 'batch', '7'), { recursive: true });
    await writeFile(outbox('2026-11', 'a.xml'), inv('SUB-A'));
    await writeFile(outbox('erp', 'batch', '7', 'b.xml'), inv('SUB-B'));
    const docs = join(t.root, 'Outbox', 'Documents', 'ORDER', '2026');
    await mkdir(docs, { recursive: true });
    await writeFile(join(docs, 'order.xml'), await order('sub'));
    await t.engine.syncOnce();
    expect(await readFile(join(t.root, 'Sent', '2026-11', 'a.xml'), 'utf8')).toBe(inv('SUB-A'));
    expect(await readFile(join(t.root, 'Sent', 'erp', 'batch', '7', 'b.xml'), 'utf8')).toBe(inv('SUB-B'));
    expect(await readdir(join(t.root, 'Sent', '2026'))).toEqual(['order.xml']);
    expect(await readdir(outbox())).toEqual([]);
    expect(await readdir(join(t.root, 'Outbox', 'Documents', 'ORDER'))).toEqual([]);
    const names = (await uploads()).map((u) => u.filename);
    expect(names).toEqual(expect.arrayContaining(['a.xml', 'b.xml', 'order.xml']));
  });

  it('tells once about what it leaves alone: a hidden file, a folder that is no document type, a file outside the type folders', async () => {
    await writeFile(outbox('.hidden.xml'), inv('HIDDEN'));
    await mkdir(join(t.root, 'Outbox', 'Documents', 'ORDERS'), { recursive: true });
    await writeFile(join(t.root, 'Outbox', 'Documents', 'ORDERS', 'x.xml'), 'x');
    await writeFile(join(t.root, 'Outbox', 'Documents', 'loose.xml'), 'x');
    await t.engine.syncOnce();
    await t.engine.syncOnce();
    const told = t.engine.store.activity.listLatest(200, t.account.id).filter((a) => a.kind === 'outbox.ignored');
    const about = (s: string) => told.filter((a) => a.message.includes(s));
    expect(about('.hidden.xml')).toHaveLength(1);
    expect(about('Outbox/Documents/ORDERS')).toHaveLength(1);
    expect(about('loose.xml')).toHaveLength(1);
    expect(about('ORDERS')[0]?.message).toMatch(/not a document type/);
    expect((await uploads()).map((u) => u.sha256)).not.toContain(sha(inv('HIDDEN')));
    await rm(outbox('.hidden.xml'));
  });
});

describe('local checks before upload', () => {
  it('refuses empty, non-XML, DTD-carrying and oversized files with a note, uploading nothing', async () => {
    const before = (await uploads()).length;
    await mkdir(outbox('bad'), { recursive: true });
    await writeFile(outbox('bad', 'empty.xml'), '');
    await writeFile(outbox('random.xml'), Buffer.from('%PDF-1.4 not an invoice at all'));
    await writeFile(outbox('dtd.xml'), `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>${inv('DTD').replace(/^<\?xml[^>]*>/, '')}`);
    const huge = await open(outbox('huge.xml'), 'w');
    await huge.truncate(101 * 1024 * 1024); // sparse: costs no disk
    await huge.close();
    await t.engine.syncOnce();
    await t.engine.syncOnce(); // the empty file waits one stability time first
    expect((await uploads()).length).toBe(before);
    expect(await note('Failed/bad', 'empty.xml')).toMatch(/empty/);
    expect(await note('Failed', 'random.xml')).toMatch(/not XML/);
    expect(await note('Failed', 'dtd.xml')).toMatch(/DTD/);
    expect(await note('Failed', 'huge.xml')).toMatch(/101\.0 MB; the service takes files of up to 100 MB/);
    for (const n of ['random.xml', 'dtd.xml', 'huge.xml']) expect(await note('Failed', n)).toMatch(/nothing of it left this computer/);
    expect(await readdir(outbox())).toEqual([]);
    const failed = t.engine.store.outbox.listByStates(t.account.id, ['failed']).map((j) => j.filename);
    expect(failed).toEqual(expect.arrayContaining(['empty.xml', 'random.xml', 'dtd.xml', 'huge.xml']));
  });
});
