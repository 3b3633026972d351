import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveChain } from '../../../../main/core/sync/archive/chain';
import { decodeEntry, encodeEntry, GENESIS } from '../../../../main/core/sync/archive/chain-format';
import { readChainFile } from '../../../../main/core/sync/archive/chain-reader';
import { verifyArchive } from '../../../../main/core/sync/archive/verify';
import { tempDir } from '../../../support/temp';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A root with three kept files entered in a chain, as the sync leaves it. */
async function sealed() {
  const dir = tempDir('archive-chain-');
  const root = join(dir, 'root');
  const file = join(dir, 'data', 'chain.jsonl');
  const files: Record<string, string> = {
    'Inbox/Invoices/2026/a.xml': '<Invoice>a</Invoice>',
    'Inbox/Invoices/2026/a.pdf': '%PDF-1.4 a',
    'Sent/b.xml': '<Invoice>b</Invoice>',
  };
  const chain = new ArchiveChain(file, () => Date.UTC(2026, 0, 2));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  await chain.append(
    Object.entries(files).map(([rel, text]) => ({ op: 'add' as const, path: rel, sha256: sha(text), size: text.length, ref: 'invoice:1' })),
  );
  await chain.close();
  return { root, file, chain };
}

describe('the archive chain', () => {
  it('links each entry to the one before by hash, and reads back sealed', () => {
    const a = encodeEntry({ seq: 1, at: 'x', op: 'add', path: 'p', sha256: sha('1'), size: 1, prev: GENESIS });
    const d = decodeEntry(a.line);
    expect(d.ok && d.sealed && d.entry.hash === a.hash).toBe(true);
    const edited = decodeEntry(a.line.replace('"size":1', '"size":2'));
    expect(edited.ok && edited.sealed).toBe(false);
  });

  it('appends without repeating what it already says, and verifies a root that matches', async () => {
    const { root, file } = await sealed();
    const again = new ArchiveChain(file);
    await again.append([{ op: 'add', path: 'Sent/b.xml', sha256: sha('<Invoice>b</Invoice>'), size: 19 }]);
    await again.close();
    const read = await readChainFile(file);
    expect(read.entries).toBe(3);
    expect(read.problems).toEqual([]);
    const v = await verifyArchive(root, file);
    expect(v).toMatchObject({ ok: true, files: 3, changed: [], missing: [], added: [] });
  });

  it('names a file changed, one missing and one added since', async () => {
    const { root, file } = await sealed();
    writeFileSync(join(root, 'Inbox/Invoices/2026/a.xml'), '<Invoice>A</Invoice>');
    unlinkSync(join(root, 'Sent/b.xml'));
    writeFileSync(join(root, 'Inbox/Invoices/2026/c.xml'), '<Invoice>c</Invoice>');
    const v = await verifyArchive(root, file);
    expect(v.ok).toBe(false);
    expect(v.changed).toEqual(['Inbox/Invoices/2026/a.xml']);
    expect(v.missing).toEqual(['Sent/b.xml']);
    expect(v.added).toEqual(['Inbox/Invoices/2026/c.xml']);
  });

  it('follows a move as an entry of its own, its history kept', async () => {
    const { root, file } = await sealed();
    const chain = new ArchiveChain(file);
    renameSync(join(root, 'Sent/b.xml'), join(root, 'Sent/b2.xml'));
    await chain.append([{ op: 'move', from: 'Sent/b.xml', path: 'Sent/b2.xml', sha256: sha('<Invoice>b</Invoice>'), size: 19 }]);
    await chain.close();
    expect((await readChainFile(file)).entries).toBe(4);
    expect((await verifyArchive(root, file)).ok).toBe(true);
  });

  it('finds a tampered entry, even one whose file was changed to match', async () => {
    const { root, file } = await sealed();
    const original = readFileSync(file, 'utf8').split('\n');
    const lines = [...original];
    writeFileSync(join(root, 'Sent/b.xml'), 'forged');
    lines[2] = lines[2]!.replace(sha('<Invoice>b</Invoice>'), sha('forged'));
    writeFileSync(file, lines.join('\n'));
    const v = await verifyArchive(root, file);
    expect(v.ok).toBe(false);
    expect(v.chain).toEqual([expect.objectContaining({ line: 3, what: 'altered' })]);
    // An entry removed from the middle breaks the link of the one after it.
    writeFileSync(file, [original[0], original[2], ''].join('\n'));
    expect((await verifyArchive(root, file)).chain.map((p) => p.what)).toContain('out-of-order');
  });

  it('finds a truncated chain: entries cut off name their files as added, a torn last line is said', async () => {
    const { root, file } = await sealed();
    const text = readFileSync(file, 'utf8');
    const firstTwo = text.split('\n').slice(0, 2).join('\n').length + 1;
    truncateSync(file, firstTwo);
    expect((await verifyArchive(root, file)).added).toEqual(['Sent/b.xml']);
    truncateSync(file, firstTwo - 10);
    const v = await verifyArchive(root, file);
    expect(v.chain).toEqual([expect.objectContaining({ what: 'cut-short' })]);
    expect(v.added.sort()).toEqual(['Inbox/Invoices/2026/a.pdf', 'Sent/b.xml']);
    // The writer drops only a torn tail (never acknowledged) and goes on after the last whole entry.
    const chain = new ArchiveChain(file);
    await chain.append([{ op: 'reconcile', path: 'Sent/b.xml', sha256: sha('<Invoice>b</Invoice>'), size: 19 }]);
    await chain.close();
    const read = await readChainFile(file);
    expect(read.problems).toEqual([]);
    expect(read.entries).toBe(2);
  });
});
