import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { SET_ASIDE } from '../audit-downloads';
import { isIgnoredName } from '../files';
import { absolute, FOLDERS } from '../layout';
import type { ChainState } from './chain-format';
import { type ChainProblem, readChainFile } from './chain-reader';

/** The folders of a root whose files the archive seals: what the app keeps of received and sent items. */
export const SEALED_FOLDERS = [
  FOLDERS.inboxInvoices,
  FOLDERS.inboxDocuments,
  FOLDERS.inboxBankMessages,
  FOLDERS.sent,
  FOLDERS.sentInvoiceFiles,
];

export interface ArchiveVerdict {
  /** Entries in the chain, and files it holds now. */
  entries: number;
  files: number;
  head: { seq: number; hash: string };
  changed: string[];
  missing: string[];
  added: string[];
  chain: ChainProblem[];
  ok: boolean;
}

/** The SHA-256 of a file, read as a stream (a large one is never held whole). */
export async function hashStream(path: string): Promise<{ sha256: string; size: number }> {
  const h = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    h.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: h.digest('hex'), size };
}

/** Every file under the sealed folders, relative to the root, forward slashes (links and odd entries too: they were not kept by the app). */
async function listSealed(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(absolute(root, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        // A folder the audit of an earlier version's downloads put bad files in: never part of the archive.
        if (e.name !== SET_ASIDE) await walk(child);
      } else if (!isIgnoredName(e.name)) out.push(child);
    }
  };
  for (const f of SEALED_FOLDERS) await walk(f);
  return out;
}

/**
 * Checks an account's root against its chain: every file the chain holds is there with the same bytes,
 * and no file is there that it does not hold. Files are hashed a few at a time, streamed. The chain is
 * read again after the walk, so a file the sync entered meanwhile is not called added; a file that
 * looked missing is looked at once more (it may have been moved into place since).
 */
export async function verifyArchive(root: string, chainFile: string): Promise<ArchiveVerdict> {
  const before = await readChainFile(chainFile);
  const onDisk = await listSealed(root);
  const limit = pLimit(4);
  const hashes = new Map<string, string | null>();
  await Promise.all(
    onDisk.map((rel) =>
      limit(async () => {
        const path = absolute(root, rel);
        const st = await lstat(path).catch(() => null);
        hashes.set(rel, st?.isFile() ? ((await hashStream(path).catch(() => null))?.sha256 ?? null) : null);
      }),
    ),
  );
  const read = (await readChainFile(chainFile)).entries > before.entries ? await readChainFile(chainFile) : before;
  const { state } = read;
  const changed: string[] = [];
  const added: string[] = [];
  for (const [rel, sha] of hashes) {
    const kept = state.get(rel);
    if (!kept) added.push(rel);
    else if (kept.sha256 !== sha) changed.push(rel);
  }
  const missing: string[] = [];
  for (const [rel, kept] of state) {
    if (hashes.has(rel)) continue;
    const again = await hashStream(join(absolute(root, rel))).catch(() => null);
    if (!again) missing.push(rel);
    else if (again.sha256 !== kept.sha256) changed.push(rel);
  }
  return verdict(read.entries, state, read.head, { changed, missing, added }, read.problems);
}

export function verdict(
  entries: number,
  state: ChainState,
  head: { seq: number; hash: string },
  found: { changed: string[]; missing: string[]; added: string[] },
  chain: ChainProblem[],
): ArchiveVerdict {
  const sort = (a: string[]) => [...a].sort();
  const r = { changed: sort(found.changed), missing: sort(found.missing), added: sort(found.added) };
  return {
    entries,
    files: state.size,
    head,
    ...r,
    chain,
    ok: chain.length === 0 && r.changed.length + r.missing.length + r.added.length === 0,
  };
}
