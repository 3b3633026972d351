import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { type ChainProblem, ChainReader } from './chain-reader';
import { parseCsv } from './csv';
import { ZIP_NAMES } from './export';
import { type ArchiveVerdict, verdict } from './verify';

export interface ZipVerdict extends ArchiveVerdict {
  /** What the manifest says of the export. */
  account: string | null;
  from: string | null;
  to: string | null;
}

/**
 * Checks an export with nothing but the zip (another computer, no database): the chain inside links up
 * and ends where the manifest says; every file of the index is in the zip with the bytes the index and
 * the chain give it; no file is in the zip that the index does not list. Read as a stream: each file is
 * hashed as it is inflated, never held whole.
 */
export async function verifyZip(zipPath: string): Promise<ZipVerdict> {
  const chain = new ChainReader();
  const inZip = new Map<string, string>();
  const texts = { index: '', manifest: '' };
  const hashing = new Map<string, Hash>();
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    const name = file.name;
    // A kept file is named in the index by its path under the root; a record by its name in the zip.
    const isFile = name.startsWith(ZIP_NAMES.files) && !name.endsWith('/');
    const isRecord = name.startsWith(ZIP_NAMES.records) && !name.endsWith('/');
    const key = isFile ? name.slice(ZIP_NAMES.files.length) : name;
    if (isFile || isRecord) hashing.set(name, createHash('sha256'));
    file.ondata = (err, data, final) => {
      if (err) {
        failure = err;
        return;
      }
      if (isFile || isRecord) {
        const h = hashing.get(name)!;
        h.update(data);
        if (final) inZip.set(key, h.digest('hex'));
      } else if (name === ZIP_NAMES.chain) {
        chain.push(data);
      } else if (name === ZIP_NAMES.index) texts.index += Buffer.from(data).toString('utf8');
      else if (name === ZIP_NAMES.manifest) texts.manifest += Buffer.from(data).toString('utf8');
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  let any = false;
  for await (const chunk of createReadStream(zipPath, { highWaterMark: 256 * 1024 })) {
    any = true;
    unzip.push(chunk as Buffer);
    if (failure) break;
  }
  if (any && !failure) unzip.push(new Uint8Array(0), true);
  if (failure) throw new Error(`The file is not a readable zip (${(failure as Error).message})`);
  if (!texts.manifest) throw new Error('The file is not an archive export of this app: it has no manifest.json');

  const read = chain.end();
  const problems: ChainProblem[] = [...read.problems];
  const manifest = JSON.parse(texts.manifest) as {
    account?: string;
    from?: string;
    to?: string;
    chain?: { lastEntry?: number; lastHash?: string };
  };
  if (manifest.chain?.lastHash !== read.head.hash || manifest.chain?.lastEntry !== read.head.seq)
    problems.push({
      line: read.entries,
      what: 'cut-short',
      detail: `the chain in the zip ends at entry ${read.head.seq}, but the export was made with ${manifest.chain?.lastEntry ?? '?'} entries`,
    });
  const rows = parseCsv(texts.index).slice(1);
  const listed = new Map(rows.filter((r) => r.length > 1).map((r) => [r[0]!, r[1]!]));
  const changed: string[] = [];
  const missing: string[] = [];
  const added: string[] = [];
  for (const [rel, sha] of listed) {
    const got = inZip.get(rel);
    if (got === undefined) missing.push(rel);
    // A record is checked against the index only: it was written at the export, never entered in the chain.
    else if (got !== sha || (!rel.startsWith(ZIP_NAMES.records) && read.state.get(rel)?.sha256 !== sha)) changed.push(rel);
  }
  for (const rel of inZip.keys()) if (!listed.has(rel)) added.push(rel);
  const v = verdict(read.entries, read.state, read.head, { changed, missing, added }, problems);
  const files = [...listed.keys()].filter((rel) => !rel.startsWith(ZIP_NAMES.records)).length;
  return { ...v, files, account: manifest.account ?? null, from: manifest.from ?? null, to: manifest.to ?? null };
}
