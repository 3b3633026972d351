import { createHash } from 'node:crypto';
import { readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { type CrashRun, cli, crashAccount, exited, faultHits, finishCleanly } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';

// Downloads write several files at once and flush a folder once for all of them (sync/files.ts), so
// files can be on disk, named, with their rows still pending when the process dies. On restart each
// such file must be checked against the service's bytes before its row says done: a matching one is
// kept (never a second copy), anything else is fetched again.

const INVOICES = 24;
const FILE_PATHS = '^/v1/invoices/[^/]+$';

interface Row {
  invoice_id: string;
  kind: string;
  state: string;
  path: string | null;
  sha256: string | null;
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 14 });
});
afterAll(async () => sb.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function rows(run: CrashRun): Row[] {
  const db = new Database(dbFile(run.data), { readonly: true });
  try {
    return db.prepare('SELECT invoice_id, kind, state, path, sha256 FROM invoice_files ORDER BY job_id').all() as Row[];
  } finally {
    db.close();
  }
}

/** Every file under the Inbox's invoice folder, subfolders included. */
async function inboxFiles(run: CrashRun): Promise<string[]> {
  const dir = join(run.root, 'Inbox', 'Invoices');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Every row done, its file on disk byte for byte as the service has it, and no other file in the Inbox. */
async function expectExactlyTheServiceFiles(run: CrashRun): Promise<Row[]> {
  const token = await sb.token(run.company);
  const all = rows(run);
  expect(all).toHaveLength(INVOICES * 2);
  for (const r of all) {
    expect(r.state, `seed ${run.seed}: ${r.invoice_id} ${r.kind}`).toBe('done');
    const format = r.kind === 'image' ? 'ORIGINAL_OR_GENERATED_IMAGE' : 'PEPPOLBIS30';
    const want = Buffer.from(await (await sb.call(`/v1/invoices/${r.invoice_id}?return_format=${format}`, { token })).arrayBuffer());
    const have = await readFile(r.path as string);
    expect(have.equals(want), `seed ${run.seed}: ${r.path} is the service's ${r.kind}`).toBe(true);
    expect(r.sha256).toBe(sha256(have));
  }
  expect((await inboxFiles(run)).sort(), `seed ${run.seed}: one file per row, no second copies, no leftovers`).toEqual(
    all.map((r) => r.path).sort(),
  );
  return all;
}

/**
 * A download whose answer was lost or garbled just before a kill waits out its back-off (5 s doubling,
 * with jitter) as the running app would; a `sync --once` started earlier leaves it for the next pass.
 */
async function waitOutBackoff(run: CrashRun): Promise<void> {
  const db = new Database(dbFile(run.data), { readonly: true });
  try {
    const { at } = db.prepare("SELECT max(next_attempt_at) AS at FROM invoice_files WHERE state = 'pending'").get() as {
      at: number | null;
    };
    const wait = (at ?? 0) - Date.now();
    expect(wait, `seed ${run.seed}: a back-off of a few failures, not a held job`).toBeLessThan(90_000);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait + 100));
  } finally {
    db.close();
  }
}

async function deliver(run: CrashRun): Promise<void> {
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
  for (let i = 0; i < INVOICES; i++) {
    const data = Buffer.from(xml.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>CRASH-${i}</cbc:ID>`));
    const res = await sb.call(`/__sandbox/companies/${run.company.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: `crash-${i}.xml`, data }, { sender_name: `Sender ${i % 3} Oy` }),
    });
    expect(res.status).toBe(201);
  }
}

describe('downloads: crash safety', () => {
  it('mirrors every file once, as the service has it, although the engine is killed mid-download again and again', async () => {
    const run = await crashAccount(sb, 'einvoice-download-crash-');
    await deliver(run);
    // Every file answer is slowed a little (its hits count the file requests), some are lost after the
    // service sent them, some are garbage.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'latency', latency_ms: 40, method: 'GET', path: FILE_PATHS },
        { action: 'drop_response', method: 'GET', path: FILE_PATHS, probability: 0.15 },
        { action: 'garbage', method: 'GET', path: FILE_PATHS, probability: 0.1 },
      ],
    });
    let kills = 0;
    for (let round = 0; round < 6; round++) {
      const before = (await faultHits(sb))[0] ?? 0;
      const p = cli(['--data', run.data, 'sync', '--stable-ms', '100'], run.env);
      await vi
        .waitFor(
          async () => {
            if (((await faultHits(sb))[0] ?? 0) <= before) throw new Error('not downloading yet');
          },
          { timeout: 30_000, interval: 50 },
        )
        .catch(() => undefined);
      // A real wait: a random moment inside the downloads is the crash under test.
      await new Promise((r) => setTimeout(r, Math.floor(run.random() * 1200)));
      p.kill('SIGKILL');
      await exited(p);
      kills++;
      if (rows(run).every((r) => r.state === 'done') && rows(run).length === INVOICES * 2) break;
    }
    const [files, dropped] = await faultHits(sb);
    expect(files, `seed ${run.seed}`).toBeGreaterThan(0);
    expect(dropped, `seed ${run.seed}: answers were lost while the engine lived`).toBeGreaterThan(0);
    expect(kills).toBeGreaterThan(0);
    await waitOutBackoff(run);
    await finishCleanly(sb, run);
    await expectExactlyTheServiceFiles(run);
  }, 240_000);

  it('on restart trusts a file written before the kill only when its bytes are the service’s, and fetches the rest again', async () => {
    const run = await crashAccount(sb, 'einvoice-download-window-');
    await deliver(run);
    await finishCleanly(sb, run);
    const first = await expectExactlyTheServiceFiles(run);
    // The state a kill leaves between a batch's files being written and its rows being marked: the
    // rows pending again with no file recorded, one file intact, one torn, one never flushed to disk.
    const [intact, torn, lost] = first.filter((r) => r.kind === 'image') as [Row, Row, Row];
    await writeFile(torn.path as string, (await readFile(torn.path as string)).subarray(0, 100));
    await unlink(lost.path as string);
    const db = new Database(dbFile(run.data));
    const reopen = db.prepare(
      "UPDATE invoice_files SET state = 'pending', path = NULL, sha256 = NULL, size = NULL WHERE invoice_id = ? AND kind = 'image'",
    );
    for (const r of [intact, torn, lost]) reopen.run(r.invoice_id);
    db.close();
    const hitsBefore = (await (await sb.call('/__sandbox/faults')).json()) as unknown[];
    expect(hitsBefore).toEqual([]);

    await finishCleanly(sb, run);
    const after = new Map(rows(run).map((r) => [`${r.invoice_id} ${r.kind}`, r]));
    // The intact one is recognised by its hash and kept under its name: no second copy.
    expect(after.get(`${intact.invoice_id} image`)?.path).toBe(intact.path);
    // The torn one is not trusted: the service's file is fetched again beside it and recorded.
    const tornNow = after.get(`${torn.invoice_id} image`) as Row;
    expect(tornNow.state).toBe('done');
    expect(tornNow.path).not.toBe(torn.path);
    const token = await sb.token(run.company);
    const want = Buffer.from(
      await (await sb.call(`/v1/invoices/${torn.invoice_id}?return_format=ORIGINAL_OR_GENERATED_IMAGE`, { token })).arrayBuffer(),
    );
    expect((await readFile(tornNow.path as string)).equals(want)).toBe(true);
    // The lost one is fetched again under its own name.
    expect(after.get(`${lost.invoice_id} image`)?.path).toBe(lost.path);
    expect(sha256(await readFile(lost.path as string))).toBe(after.get(`${lost.invoice_id} image`)?.sha256);
  }, 120_000);
});
