import type { ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupsDir, dbFile } from '../../../main/core/paths';
import { type CrashRun, cli, crashAccount, exited, faultHits } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

// Issue 36, item 8: a damaged database stopped the app with "malformed database schema
// (invoice_files) - near "*": syntax error", which nobody can act on, and there was no backup.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function run(p: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  p.stdout?.on('data', (d) => {
    stdout += d;
  });
  p.stderr?.on('data', (d) => {
    stderr += d;
  });
  return { code: await exited(p), stdout, stderr };
}

const syncOnce = (r: CrashRun) => run(cli(['--data', r.data, 'sync', '--once', '--stable-ms', '100'], r.env));

async function uploads(r: CrashRun): Promise<unknown[]> {
  return (await (await sb.call(`/__sandbox/companies/${r.company.company_id}/uploads`)).json()) as unknown[];
}

/** An account that sent one invoice, with the backup its first sync made. */
async function sentOne(prefix: string): Promise<CrashRun> {
  const r = await crashAccount(sb, prefix);
  copyFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(r.root, 'Outbox', 'Invoices', 'one.xml'));
  const first = await syncOnce(r);
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(await uploads(r)).toHaveLength(1);
  return r;
}

/** The plain line a damaged database gives, with both ways out. */
function expectDamagedLine(out: { code: number | null; stdout: string; stderr: string }, backup: boolean): void {
  expect(out.code).toBe(1);
  const lines = out.stderr.trim().split('\n');
  expect(lines, out.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^einvoice-sync: The database of E-Invoice Sync is damaged and cannot be trusted \(.+einvoice-sync\.sqlite: .+\)\. Your invoice files are safe\. Two ways out: /,
  );
  if (backup)
    expect(lines[0]).toMatch(/restore the last backup \(\d{4}-\d\d-\d\d \d\d:\d\d\) with `npm run cli -- db restore`, or rebuild it/);
  expect(lines[0]).toContain('sending nothing again, with `npm run cli -- db rebuild`.');
}

describe('a damaged database', () => {
  it('is backed up by the first sync into backups/, readable by the user only', { timeout: 120_000 }, async () => {
    const r = await sentOne('einvoice-damaged-');
    const files = readdirSync(backupsDir(r.data)).filter((f) => f.endsWith('.sqlite'));
    expect(files).toHaveLength(1);
    const backup = join(backupsDir(r.data), files[0] as string);
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    const db = new Database(backup, { readonly: true });
    expect(db.prepare('SELECT name FROM accounts').pluck().all()).toEqual(['Crash']);
    db.close();
    // At most daily: a second sync the same day makes none.
    expect((await syncOnce(r)).code).toBe(0);
    expect(readdirSync(backupsDir(r.data)).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1);
  });

  it('with the pages of its rows overwritten is refused at open in one line with the ways out, and restored from the backup', {
    timeout: 120_000,
  }, async () => {
    const r = await sentOne('einvoice-damaged-');
    const file = dbFile(r.data);
    // Whole pages in the middle of the file, as a bad sector or a torn copy would leave them: the pages
    // of the sent invoice's row and of its outbox row (a small file's middle is otherwise mostly its schema).
    const d = new Database(file, { readonly: true });
    const hit = d.prepare<[], number>("SELECT pageno FROM dbstat WHERE name IN ('invoices', 'outbox') AND pagetype = 'leaf'").pluck().all();
    d.close();
    expect(hit.length).toBeGreaterThan(0);
    const fd = openSync(file, 'r+');
    for (const page of hit) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (page - 1) * 4096);
    closeSync(fd);

    expectDamagedLine(await syncOnce(r), true);
    const restore = await run(cli(['--data', r.data, 'db', 'restore'], r.env));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .+backups.+\.sqlite\. The database it replaced is kept as .+replaced.+\.sqlite\./);

    const again = await syncOnce(r);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('Crash: ok');
    expect(await uploads(r), 'nothing was sent again').toHaveLength(1);
  });

  it('with a garbled table definition is refused in one line, and rebuilt with its account and outbox, sending nothing again', {
    timeout: 180_000,
  }, async () => {
    const r = await sentOne('einvoice-damaged-');
    // A second file in flight: the service took it, but its answer was lost, so it is still in the Outbox.
    const template = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    writeFileSync(join(r.root, 'Outbox', 'Invoices', 'two.xml'), template.replace('<cbc:ID>Snippet1</cbc:ID>', '<cbc:ID>TWO</cbc:ID>'));
    // The sent list does not answer either: a retry finds nothing to take, and the file stays in the Outbox.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'drop_response', method: 'POST', path: '^/v1/invoices$' },
        { action: 'error', status: 503, method: 'GET', path: '^/v1/invoices$' },
      ],
    });
    // Killed once the service has taken it, before the engine could learn that it did.
    const engine = cli(['--data', r.data, 'sync', '--stable-ms', '100'], r.env);
    await vi.waitFor(
      async () => {
        if (((await faultHits(sb))[0] ?? 0) === 0) throw new Error('not sent yet');
      },
      { timeout: 30_000, interval: 20 },
    );
    engine.kill('SIGKILL');
    await exited(engine);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(await uploads(r)).toHaveLength(2);
    expect(readdirSync(join(r.root, 'Outbox', 'Invoices'))).toEqual(['two.xml']);

    const file = dbFile(r.data);
    // The issue's own damage: "malformed database schema (invoice_files) - near "*": syntax error".
    const bytes = readFileSync(file);
    const at = bytes.indexOf('CREATE TABLE "invoice_files" (');
    expect(at).toBeGreaterThan(0);
    bytes[at + 'CREATE TABLE "invoice_files" ('.length] = '*'.charCodeAt(0);
    writeFileSync(file, bytes);

    const refused = await syncOnce(r);
    expectDamagedLine(refused, true);
    expect(refused.stderr).toContain('malformed database schema (invoice_files)');
    expectDamagedLine(await run(cli(['--data', r.data, 'status'], r.env)), true);

    const rebuild = await run(cli(['--data', r.data, 'db', 'rebuild'], r.env));
    expect(rebuild.code, rebuild.stderr).toBe(0);
    expect(rebuild.stdout).toMatch(
      /^Rebuilt the database with 1 account \(their API keys stay where they were\), their sending options and the outbox \(2 files, each with its key\), read from .+einvoice-sync\.sqlite\./,
    );

    // The same account (its key is found by its id), the mirror fetched again, the file in flight
    // finished under its own key: the service still holds two invoices. Its retry after the lost answer
    // was due a few seconds on; due now, as the user's "Sync now" makes it.
    {
      const rebuilt = new Database(file);
      rebuilt.exec("UPDATE outbox SET next_attempt_at = 0 WHERE state = 'queued'");
      rebuilt.close();
    }
    const again = await syncOnce(r);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('Crash: ok');
    const sent = (await uploads(r)) as { filename: string }[];
    expect(sent.map((u) => u.filename).sort(), 'nothing was sent again').toEqual(['one.xml', 'two.xml']);
    expect(readdirSync(join(r.root, 'Outbox', 'Invoices'))).toEqual([]);
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM invoices WHERE direction = 'SENT'").pluck().get()).toBe(2);
    db.close();
  });
});
