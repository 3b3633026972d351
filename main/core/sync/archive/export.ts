import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import { sanitizeFileName } from '../../../../shared/filenames';
import type { StoreReader } from '../../store/reader';
import { moveUnique } from '../files';
import { absolute } from '../layout';
import { readChainFile } from './chain-reader';
import { csvRow } from './csv';

export const INDEX_COLUMNS = [
  'file',
  'sha256',
  'size',
  'entry',
  'kind',
  'id',
  'number',
  'date',
  'due_date',
  'received_or_sent',
  'sender',
  'sender_id',
  'recipient',
  'recipient_id',
  'total',
  'tax',
  'currency',
] as const;

/** Inside an export: the files under `files/` as they lie under the root, then the index, the chain and the manifest. */
export const ZIP_NAMES = {
  files: 'files/',
  records: 'records/',
  index: 'index.csv',
  chain: 'chain.jsonl',
  manifest: 'manifest.json',
} as const;

export interface ExportResult {
  path: string;
  files: number;
  bytes: number;
  head: { seq: number; hash: string };
  /** Files the chain holds for the period that are not on disk, or no longer hold the bytes it sealed. */
  missing: string[];
  changed: string[];
}

export interface ExportInput {
  accountId: string;
  accountName: string;
  root: string;
  chainFile: string;
  /** YYYY-MM-DD, both days included. */
  from: string;
  to: string;
  outDir: string;
  now: number;
  store: StoreReader;
}

const PACKED = /\.(pdf|png|jpe?g|gif|tiff?|zip|gz|docx|xlsx)$/i;

/** Writes the zip through a file handle, one piece at a time: a year of invoices is never held in memory. */
class ZipOut {
  private readonly pieces: Uint8Array[] = [];
  private error: Error | null = null;
  bytes = 0;
  readonly zip = new Zip((e, chunk, _final) => {
    if (e) this.error = e;
    else this.pieces.push(chunk);
  });
  constructor(private readonly fh: Awaited<ReturnType<typeof open>>) {}

  async drain(): Promise<void> {
    if (this.error) throw this.error;
    while (this.pieces.length > 0) {
      const piece = this.pieces.shift()!;
      await this.fh.write(piece);
      this.bytes += piece.length;
    }
  }

  async text(name: string, text: string): Promise<void> {
    const f = new ZipDeflate(name, { level: 6 });
    this.zip.add(f);
    f.push(Buffer.from(text, 'utf8'), true);
    await this.drain();
  }

  /** Adds a file streamed from disk and answers its hash and size as read. */
  async file(name: string, path: string, end?: number): Promise<{ sha256: string; size: number }> {
    // A PDF or an image is compressed already: deflating it again costs time and saves nothing.
    const f = new ZipDeflate(name, { level: PACKED.test(name) ? 0 : 6 });
    this.zip.add(f);
    const h = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024, end })) {
      const c = chunk as Buffer;
      h.update(c);
      size += c.length;
      f.push(c);
      await this.drain();
    }
    f.push(new Uint8Array(0), true);
    await this.drain();
    return { sha256: h.digest('hex'), size };
  }
}

/**
 * One zip for the period: every file the chain holds whose day falls in it, with a CSV index of what
 * each belongs to, the whole chain up to now and a manifest naming its last entry. Written under a
 * temporary name, flushed, then given a free name in `outDir` (an earlier export is never replaced).
 * `archive verify --zip` checks it with nothing else.
 */
export async function exportArchive(input: ExportInput): Promise<ExportResult> {
  const read = await readChainFile(input.chainFile);
  const chosen = [...read.state].filter(([, k]) => k.date !== undefined && k.date >= input.from && k.date <= input.to);
  chosen.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await mkdir(input.outDir, { recursive: true });
  const tmp = join(input.outDir, `.einvoice-export-${input.now}.part`);
  const fh = await open(tmp, 'w');
  const out = new ZipOut(fh);
  const missing: string[] = [];
  const changed: string[] = [];
  let index = csvRow(INDEX_COLUMNS);
  let files = 0;
  try {
    for (const [rel, kept] of chosen) {
      let got: { sha256: string; size: number };
      try {
        got = await out.file(`${ZIP_NAMES.files}${rel}`, absolute(input.root, rel));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        missing.push(rel);
        continue;
      }
      if (got.sha256 !== kept.sha256) changed.push(rel);
      files++;
      index += csvRow([rel, got.sha256, got.size, kept.seq, ...factsOf(input, kept.ref)]);
    }
    // What the mirror keeps of each sent file beside it (its validation report, its delivery trail): not
    // files in the folders, so written as records, hashed in the index with the files.
    for (const rec of recordsOf(
      input,
      chosen.map(([, k]) => k.ref),
    )) {
      const bytes = Buffer.from(`${JSON.stringify(rec.body, null, 2)}\n`, 'utf8');
      await out.text(rec.name, bytes.toString('utf8'));
      index += csvRow([rec.name, createHash('sha256').update(bytes).digest('hex'), bytes.length, null, 'record', rec.id]);
    }
    await out.text(ZIP_NAMES.index, index);
    // The chain as it stood when the export began: whole entries only.
    if (read.wholeBytes > 0) await out.file(ZIP_NAMES.chain, input.chainFile, read.wholeBytes - 1);
    else await out.text(ZIP_NAMES.chain, '');
    const manifest = {
      format: 'einvoice-sync archive export 1',
      account: input.accountName,
      from: input.from,
      to: input.to,
      exportedAt: new Date(input.now).toISOString(),
      files,
      chain: { entries: read.entries, lastEntry: read.head.seq, lastHash: read.head.hash },
    };
    await out.text(ZIP_NAMES.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
    out.zip.end();
    await out.drain();
    await fh.sync();
  } finally {
    await fh.close();
  }
  const name = sanitizeFileName(`${input.accountName} archive ${input.from} to ${input.to}.zip`);
  const path = await moveUnique(tmp, input.outDir, name);
  return { path, files, bytes: out.bytes, head: read.head, missing: missing.sort(), changed: changed.sort() };
}

type Facts = (string | number | null)[];

/** The index's columns after the file's own: what the file belongs to, from the mirror. */
function factsOf(input: ExportInput, ref: string | undefined): Facts {
  const none: Facts = [null, null, null, null, null, null, null, null, null, null, null, null, null];
  if (!ref) return none;
  const cut = ref.indexOf(':');
  const kind = ref.slice(0, cut);
  const id = ref.slice(cut + 1);
  const { store, accountId } = input;
  let invoiceId: string | null = kind === 'invoice' ? id : null;
  if (kind === 'outbox') {
    const job = store.outbox.get(Number(id));
    if (job?.remoteId && job.kind === 'invoice') invoiceId = job.remoteId;
    else
      return [
        kind,
        id,
        null,
        null,
        null,
        job?.sentAt ? new Date(job.sentAt).toISOString() : null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ];
  }
  if (invoiceId) {
    const i = store.invoices.get(accountId, invoiceId);
    if (!i) return [kind, id, null, null, null, null, null, null, null, null, null, null, null];
    return [
      kind,
      id,
      i.number,
      i.date,
      i.dateDue,
      i.direction === 'SENT' ? i.createdAt : i.receivedAt,
      i.senderName,
      i.senderBid,
      i.recipientName,
      i.recipientBid,
      i.sum,
      i.sumTax,
      i.currency,
    ];
  }
  if (kind === 'document') {
    const d = store.documents.get(accountId, id);
    return [
      kind,
      id,
      d?.number ?? null,
      d?.createdAt ?? null,
      null,
      d?.receivedAt ?? null,
      d?.senderName ?? null,
      null,
      d?.recipientName ?? null,
      null,
      null,
      null,
      null,
    ];
  }
  return [kind, id, null, null, null, null, null, null, null, null, null, null, null];
}

/** The validation report and the delivery trail of each sent row among `refs`, as the mirror keeps them. */
function* recordsOf(input: ExportInput, refs: readonly (string | undefined)[]): Generator<{ name: string; id: string; body: unknown }> {
  const ids = new Set(refs.filter((r): r is string => r?.startsWith('outbox:') === true).map((r) => r.slice('outbox:'.length)));
  for (const id of ids) {
    const job = input.store.outbox.get(Number(id));
    if (!job) continue;
    const rules = job.check?.rules;
    const report = rules ? input.store.validationReports.get(job.sha256, rules) : null;
    if (report) yield { name: `${ZIP_NAMES.records}outbox-${id}.validation.json`, id, body: report };
    const invoice = job.kind === 'invoice' && job.remoteId ? input.store.invoices.get(input.accountId, job.remoteId) : undefined;
    yield {
      name: `${ZIP_NAMES.records}outbox-${id}.delivery.json`,
      id,
      body: {
        file: job.filename,
        sentAs: job.remoteId,
        sentAt: job.sentAt ? new Date(job.sentAt).toISOString() : null,
        deliveryStatus: job.deliveryStatus,
        status: invoice?.status ?? null,
        actions: invoice?.record.actions ?? [],
      },
    };
  }
}
