import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { type CrashRun, cli, crashAccount, exited } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

// A program that writes an invoice straight into the Outbox and pauses part-way (a slow export, a
// network copy) leaves a file that looks stable with only its first part there. Refused as "not
// well-formed" at once, it moved to Failed/ and the writer finished it there: a valid invoice beside a
// note saying it is broken. The engine and the writer here are real processes on real files.

const STABLE_MS = 2000;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 9 });
});
afterAll(async () => sb.close());

/** Writes `src` to `dest` in two parts with a pause between, through one open file as an exporting program does. */
const WRITER = `
const fs = require('node:fs');
const [, dest, src, cut, pause] = process.argv;
const data = fs.readFileSync(src);
const fd = fs.openSync(dest, 'w');
fs.writeSync(fd, data.subarray(0, Number(cut)));
process.stdout.write('paused\\n');
setTimeout(() => {
  fs.writeSync(fd, data.subarray(Number(cut)));
  fs.closeSync(fd);
  process.stdout.write('done\\n');
}, Number(pause));
`;

function writer(dest: string, src: string, cut: number, pauseMs: number): { p: ChildProcess; said: (w: string) => boolean } {
  const p = spawn(process.execPath, ['-e', WRITER, dest, src, String(cut), String(pauseMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  p.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return { p, said: (w) => out.includes(w) };
}

async function invoice(n: string): Promise<{ src: string; size: number }> {
  const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace(
    '<cbc:ID>Snippet1</cbc:ID>',
    `<cbc:ID>CUT-${n}</cbc:ID>`,
  );
  const src = join(tempDir('einvoice-writer-'), `${n}.xml`);
  await writeFile(src, xml);
  return { src, size: Buffer.byteLength(xml) };
}

function activity(run: CrashRun, kind: string): string[] {
  const db = new Database(dbFile(run.data), { readonly: true });
  try {
    return (db.prepare('SELECT message FROM activity WHERE kind = ? ORDER BY id').all(kind) as { message: string }[]).map((r) => r.message);
  } finally {
    db.close();
  }
}

async function uploads(run: CrashRun): Promise<string[]> {
  const r = await sb.call(`/__sandbox/companies/${run.company.company_id}/uploads`);
  return ((await r.json()) as { filename: string }[]).map((u) => u.filename);
}

/** Whether the engine's first pass ended (its poll is recorded): from then on it waits for the watcher's hints. */
function polled(run: CrashRun): boolean {
  const db = new Database(dbFile(run.data), { readonly: true });
  try {
    return db.prepare("SELECT 1 FROM cursors WHERE feed = 'last_poll_at'").get() !== undefined;
  } finally {
    db.close();
  }
}

async function withEngine(run: CrashRun, fn: () => Promise<void>): Promise<void> {
  const p = cli(['--data', run.data, 'sync', '--stable-ms', String(STABLE_MS)], run.env);
  try {
    // The writer starts once the engine watches: the file is seen as its first part lands, as in the field.
    await vi.waitFor(() => expect(polled(run)).toBe(true), { timeout: 30_000, interval: 50 });
    // And once a first invoice went through: its validation started the validator's workers, which a
    // running app has had for long (the first start takes seconds, longer than the writer's pause).
    const warm = await invoice('warm');
    await writeFile(join(run.root, 'Outbox', 'Invoices', 'warm.xml'), await readFile(warm.src));
    await vi.waitFor(async () => expect(await readdir(join(run.root, 'Sent'))).toEqual(['warm.xml']), { timeout: 30_000, interval: 50 });
    await fn();
  } finally {
    p.kill('SIGTERM');
    await exited(p);
  }
}

describe('a file still being written when it looks stable', () => {
  it('that ends early is given one more stability time, and is sent whole when its writer pauses 3 s', async () => {
    const run = await crashAccount(sb, 'einvoice-cut-');
    const { src, size } = await invoice('pause');
    await withEngine(run, async () => {
      const w = writer(join(run.root, 'Outbox', 'Invoices', 'paused.xml'), src, Math.floor(size / 2), 3000);
      await vi.waitFor(() => expect(w.said('done')).toBe(true), { timeout: 20_000, interval: 50 });
      await vi.waitFor(async () => expect((await readdir(join(run.root, 'Sent'))).sort()).toEqual(['paused.xml', 'warm.xml']), {
        timeout: 30_000,
        interval: 100,
      });
      expect(await readFile(join(run.root, 'Sent', 'paused.xml'))).toEqual(await readFile(src));
      expect(await readdir(join(run.root, 'Failed')), 'never refused').toEqual([]);
      expect((await uploads(run)).sort()).toEqual(['paused.xml', 'warm.xml']);
    });
  }, 60_000);

  it('cut for good is refused by one `sync --once`, after its second look, not left waiting in the Outbox', async () => {
    const run = await crashAccount(sb, 'einvoice-cut-once-');
    const { src, size } = await invoice('once');
    await writeFile(join(run.root, 'Outbox', 'Invoices', 'cut.xml'), (await readFile(src)).subarray(0, Math.floor(size / 2)));
    const once = cli(['--data', run.data, 'sync', '--once', '--stable-ms', '300'], run.env);
    await exited(once);
    expect(await readdir(join(run.root, 'Outbox', 'Invoices'))).toEqual([]);
    expect((await readdir(join(run.root, 'Failed'))).sort()).toEqual(['cut.xml', 'cut.xml.error.txt']);
    expect(await readFile(join(run.root, 'Failed', 'cut.xml.error.txt'), 'utf8')).toContain('not well-formed');
  }, 60_000);

  it('refused after its second look and then finished in Failed/ is told in the activity log', async () => {
    const run = await crashAccount(sb, 'einvoice-cut-late-');
    const { src, size } = await invoice('late');
    await withEngine(run, async () => {
      // A writer paused far beyond two stability times: refused, moved to Failed/ while it still has the file open.
      const w = writer(join(run.root, 'Outbox', 'Invoices', 'late.xml'), src, Math.floor(size / 2), 3 * STABLE_MS + 2000);
      await vi.waitFor(async () => expect(await readdir(join(run.root, 'Failed'))).toContain('late.xml'), {
        timeout: 30_000,
        interval: 100,
      });
      expect(w.said('done'), 'refused while its writer was still paused').toBe(false);
      expect(await readFile(join(run.root, 'Failed', 'late.xml.error.txt'), 'utf8')).toContain('not well-formed');
      expect(activity(run, 'outbox.changed_after_refusal')).toEqual([]);
      await vi.waitFor(() => expect(w.said('done')).toBe(true), { timeout: 20_000, interval: 50 });
      // The writer finished it in Failed/: whole there now, and the engine says so.
      expect(await readFile(join(run.root, 'Failed', 'late.xml'))).toEqual(await readFile(src));
      await vi.waitFor(
        () =>
          expect(activity(run, 'outbox.changed_after_refusal')).toEqual([
            expect.stringContaining('late.xml changed after it was refused: drop it again to send it'),
          ]),
        { timeout: 20_000, interval: 100 },
      );
      expect(await uploads(run), 'nothing in Failed/ is sent').toEqual(['warm.xml']);
    });
  }, 60_000);
});
