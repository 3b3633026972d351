import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { addAccountArgs, CLI, CLI_NODE_ARGS } from '../../support/cli';
import { cli, collected, crashAccount, exited } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { smallDisk, whyNoMount } from '../../support/mounts';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

// A full Inbox, a full data folder, a read-only Inbox: made for real on a small tmpfs, with the real
// engine in its own process against the sandbox. Nothing the engine cannot write is given up or
// passed over in silence: no try is spent on the disk's fault, the folder is named, and the work
// goes on by itself once the disk takes writes again.

const noMount = whyNoMount();

/**
 * Root writes through any chmod (CAP_DAC_OVERRIDE): a folder the user may not write is made for real
 * by starting the engine with that capability dropped (setpriv), as an ordinary user's process is.
 */
const DROP_CAPS = ['--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search'];
function whyNoDroppedCaps(): string | null {
  if (process.platform !== 'linux') return 'dropping a capability needs Linux';
  if (process.getuid?.() !== 0) return null;
  try {
    execFileSync('setpriv', [...DROP_CAPS, 'true']);
    return null;
  } catch (e) {
    return `root writes through chmod here, and setpriv could not drop CAP_DAC_OVERRIDE: ${(e as Error).message}`;
  }
}
const noDroppedCaps = whyNoDroppedCaps();
const INVOICES = 12;

let sb: TestSandbox;
beforeAll(async () => {
  if (!noMount || !noDroppedCaps) sb = await startTestSandbox({ seed: 36 });
});
afterAll(async () => sb?.close());

interface Row {
  state: string;
  attempts: number;
  path: string | null;
}

function lastPoll(data: string): string | null {
  const db = new Database(dbFile(data), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT value FROM cursors WHERE feed = 'last_poll_at'").get() as { value: string } | undefined)?.value ?? null;
  } finally {
    db.close();
  }
}

function rows(data: string): Row[] {
  const db = new Database(dbFile(data), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT state, attempts, path FROM invoice_files ORDER BY job_id').all() as Row[];
  } finally {
    db.close();
  }
}

async function deliver(companyId: string): Promise<void> {
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
  for (let i = 0; i < INVOICES; i++) {
    const data = Buffer.from(xml.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>FULL-${i}</cbc:ID>`));
    const res = await sb.call(`/__sandbox/companies/${companyId}/received-invoices`, {
      method: 'POST',
      body: form({ name: `full-${i}.xml`, data }, { sender_name: 'Sender Oy' }),
    });
    expect(res.status).toBe(201);
  }
}

/** Every file below `dir` (hidden ones too), with its path. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const parts = async (dir: string) => (await filesUnder(dir)).filter((f) => /\.(part|tmp)$/.test(f));

const once = (run: { data: string; env: NodeJS.ProcessEnv }) =>
  collected(cli(['--data', run.data, 'sync', '--once', '--stable-ms', '100'], run.env));

/** `status --json`, as a user would run it beside the engine (errors only to the log: its output is the JSON). */
const statusJson = (run: { data: string; env: NodeJS.ProcessEnv }) =>
  collected(cli(['--data', run.data, '--log-level', 'error', 'status', '--json'], run.env));

/** A long-running `sync` whose output is kept, to wait on what it says. */
function longRunning(run: { data: string; env: NodeJS.ProcessEnv }): { p: ChildProcess; out: () => string } {
  const p = cli(['--data', run.data, 'sync', '--stable-ms', '100'], run.env);
  let out = '';
  p.stdout?.on('data', (d) => {
    out += d;
  });
  p.stderr?.on('data', (d) => {
    out += d;
  });
  return { p, out: () => out };
}

describe.skipIf(noMount !== null)(`a full or read-only disk${noMount ? ` (skipped: ${noMount})` : ''}`, () => {
  it('a full Inbox: no try spent, no part file left, `sync --once` says which folder and fails; freed, everything comes', async () => {
    const run = await crashAccount(sb, 'einvoice-full-inbox-');
    const inbox = smallDisk(join(run.root, 'Inbox'), 1024);
    await deliver(run.company.company_id);
    inbox.fill();
    for (let i = 0; i < 3; i++) {
      const r = await once(run);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain(`Can't save received files to ${join(run.root, 'Inbox')}`);
      expect(r.out).toContain('the disk is full. Free some space; the app tries again by itself.');
    }
    const held = rows(run.data);
    expect(held.length).toBe(INVOICES * 2);
    // Tries are the service's to spend: three passes against a full disk spent none, and gave nothing up.
    expect(held.filter((r) => r.state !== 'pending' || r.attempts !== 0)).toEqual([]);
    expect(await parts(inbox.dir)).toEqual([]);

    inbox.free();
    const r = await once(run);
    expect(r.code, r.out).toBe(0);
    const done = rows(run.data);
    expect(done.every((x) => x.state === 'done')).toBe(true);
    expect((await filesUnder(inbox.dir)).filter((f) => !f.endsWith('.filler')).sort()).toEqual(done.map((x) => x.path).sort());
  }, 120_000);

  it('a long-running sync pauses downloads on a full Inbox and resumes them by itself when space comes back', async () => {
    const run = await crashAccount(sb, 'einvoice-full-inbox-long-');
    const inbox = smallDisk(join(run.root, 'Inbox'), 1024);
    await deliver(run.company.company_id);
    inbox.fill();
    const engine = longRunning(run);
    try {
      await vi.waitFor(() => expect(engine.out()).toContain("Can't save received files to"), { timeout: 60_000, interval: 100 });
      expect(rows(run.data).filter((r) => r.attempts > 0)).toEqual([]);
      // `status` in another process, beside the running engine, says what the downloads wait on.
      const waiting = async () =>
        (JSON.parse((await statusJson(run)).out) as { accounts: { waiting_on: string[] }[] }).accounts[0]?.waiting_on ?? [];
      expect((await waiting()).join('\n')).toContain(`Can't save received files to ${join(run.root, 'Inbox')}`);
      inbox.free();
      await vi.waitFor(() => expect(rows(run.data).every((r) => r.state === 'done')).toBe(true), { timeout: 60_000, interval: 200 });
      await vi.waitFor(async () => expect(await waiting()).toEqual([]), { timeout: 30_000, interval: 200 });
      expect(await parts(inbox.dir)).toEqual([]);
    } finally {
      engine.p.kill('SIGTERM');
      expect(await exited(engine.p), engine.out()).toBe(0);
    }
  }, 120_000);

  it('a read-only Inbox: no try spent, the folder named as read-only; writable again, everything comes', async () => {
    const run = await crashAccount(sb, 'einvoice-ro-inbox-');
    const inbox = smallDisk(join(run.root, 'Inbox'), 4096);
    // The account's folders made on the new disk, as they were before it went read-only.
    expect((await once(run)).code).toBe(0);
    await deliver(run.company.company_id);
    inbox.readOnly(true);
    const r = await once(run);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`Can't save received files to ${join(run.root, 'Inbox')}`);
    expect(r.out).toContain('read-only');
    expect(rows(run.data).filter((x) => x.attempts > 0 || x.state !== 'pending')).toEqual([]);
    inbox.readOnly(false);
    const again = await once(run);
    expect(again.code, again.out).toBe(0);
    expect(rows(run.data).every((x) => x.state === 'done')).toBe(true);
  }, 120_000);

  it('a data folder that fills up under the long-running sync: it lives on, names the folder, and goes on once freed', async () => {
    const company = await sb.company();
    const data = tempDir('einvoice-full-data-');
    const disk = smallDisk(data, 16 * 1024);
    const root = tempDir('einvoice-full-data-root-');
    const env = { EINVOICE_API_KEY: company.api_key };
    const add = cli(['--data', data, ...addAccountArgs('Full', sb.url, company.company_id, root), '--poll-interval', '30'], env);
    expect(await exited(add)).toBe(0);
    // Polls every 3 s rather than the least a user may set (30 s): the poll whose last write finds the
    // disk full, and the one after it is freed, come within seconds (the test took 73 s of waiting).
    const db = new Database(dbFile(data));
    db.prepare('UPDATE accounts SET poll_interval_s = 3').run();
    db.close();
    const engine = longRunning({ data, env });
    onTestFailed(() => console.log(engine.out()));
    try {
      await vi.waitFor(() => expect(lastPoll(data)).not.toBeNull(), { timeout: 60_000, interval: 200 });
      disk.fill();
      await deliver(company.company_id);
      await writeFile(
        join(root, 'Outbox', 'Invoices', 'out-1.xml'),
        await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml')),
      );
      // The Outbox file cannot be copied into the data folder, and the next poll cannot be recorded: both said.
      await vi.waitFor(() => expect(engine.out()).toContain("Files wait in the Outbox: the app can't copy them into its data folder at"), {
        timeout: 60_000,
        interval: 100,
      });
      await vi.waitFor(() => expect(engine.out()).toContain(`Can't write to the app's data folder ${data}: the disk is full`), {
        timeout: 90_000,
        interval: 100,
      });
      // The engine lives on (it used to die of an uncaught "SqliteError: database or disk is full").
      expect(engine.p.exitCode).toBeNull();
      disk.free();
      await vi.waitFor(
        async () => {
          // The received files, and the sent invoice's own once it went out.
          expect(rows(data).length).toBe(INVOICES * 2 + 2);
          expect(rows(data).every((x) => x.state === 'done')).toBe(true);
          expect(await readdir(join(root, 'Outbox', 'Invoices'))).toEqual([]);
        },
        { timeout: 120_000, interval: 500 },
      );
    } finally {
      if (engine.p.exitCode === null) {
        engine.p.kill('SIGTERM');
        expect(await exited(engine.p), engine.out()).toBe(0);
      }
    }
    expect(engine.out()).not.toMatch(/uncaught|unhandled/i);
    expect(await parts(data)).toEqual([]);
    // A data disk full before the start: the database cannot even be opened, and the command says where, in plain words.
    disk.fill();
    const full = await once({ data, env });
    expect(full.code, full.out).toBe(1);
    expect(full.out).toContain(`can't write to the app's data folder ${data}`);
    expect(full.out).toContain('is its disk full or read-only? Free some space, then run the command again.');
    disk.free();
  }, 300_000);

  it('a full spool: intake waits, said with the folder; `sync --once` fails; freed, the file goes out', async () => {
    const run = await crashAccount(sb, 'einvoice-full-spool-');
    const spool = smallDisk(join(run.data, 'spool'), 1024);
    spool.fill();
    await writeFile(
      join(run.root, 'Outbox', 'Invoices', 'out-1.xml'),
      await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml')),
    );
    const r = await once(run);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(`Files wait in the Outbox: the app can't copy them into its data folder at ${join(run.data, 'spool')}`);
    expect(r.out).toContain('the disk is full');
    expect(await parts(spool.dir)).toEqual([]);
    expect(await readdir(join(run.root, 'Outbox', 'Invoices'))).toEqual(['out-1.xml']);
    spool.free();
    const again = await once(run);
    expect(again.code, again.out).toBe(0);
    expect(await readdir(join(run.root, 'Outbox', 'Invoices'))).toEqual([]);
    expect((await filesUnder(join(run.root, 'Sent'))).map((f) => f.split('/').pop())).toContain('out-1.xml');
  }, 120_000);
});

describe.skipIf(noDroppedCaps !== null)(`an Inbox the app may not write${noDroppedCaps ? ` (skipped: ${noDroppedCaps})` : ''}`, () => {
  it('EACCES: no try spent, the folder named; allowed again, everything comes', async () => {
    const run = await crashAccount(sb, 'einvoice-eacces-inbox-');
    // As an ordinary user's process: a folder without write permission refuses it.
    const asUser = async () => {
      const args = ['--data', run.data, 'sync', '--once', '--stable-ms', '100'];
      const argv = process.getuid?.() === 0 ? ['setpriv', ...DROP_CAPS, process.execPath] : [process.execPath];
      const p = spawn(argv[0] as string, [...argv.slice(1), ...CLI_NODE_ARGS, CLI, ...args], {
        env: { ...process.env, ...run.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      p.stdout.on('data', (d) => {
        out += d;
      });
      p.stderr.on('data', (d) => {
        out += d;
      });
      return { code: await exited(p), out };
    };
    expect((await asUser()).code).toBe(0);
    await deliver(run.company.company_id);
    const invoices = join(run.root, 'Inbox', 'Invoices');
    await chmod(invoices, 0o555);
    try {
      const r = await asUser();
      expect(r.code, r.out).toBe(1);
      expect(r.out).toContain(`Can't save received files to ${invoices}`);
      expect(r.out).toContain('the app is not allowed to write there. Give it write permission; the app tries again by itself.');
      expect(rows(run.data).filter((x) => x.attempts > 0 || x.state !== 'pending')).toEqual([]);
    } finally {
      await chmod(invoices, 0o755);
    }
    const again = await asUser();
    expect(again.code, again.out).toBe(0);
    expect(rows(run.data).every((x) => x.state === 'done')).toBe(true);
  }, 120_000);
});
