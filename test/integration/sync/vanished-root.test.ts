import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { ROOT_MARKER } from '../../../main/core/sync/root-guard';
import { runCli } from '../../support/cli';
import { type CrashRun, cli, crashAccount, exited } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { keptTempDir, tempDir } from '../../support/temp';

// An account root on a share that is unmounted while the engine runs leaves the bare mount point: an
// empty folder at the same path. The engine must see that it is not the account's folder (its marker
// file is not there), write nothing into it, say so, and go on by itself once the share is back,
// fetching again the received files its database calls done that are missing.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 36 });
});
afterAll(async () => sb.close());

interface Row {
  job_id: number;
  state: string;
  path: string | null;
}

function fileRows(run: CrashRun): Row[] {
  const db = new Database(dbFile(run.data), { readonly: true });
  try {
    return db.prepare('SELECT job_id, state, path FROM invoice_files ORDER BY job_id').all() as Row[];
  } finally {
    db.close();
  }
}

async function deliver(run: CrashRun, from: number, n: number): Promise<void> {
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
  for (let i = from; i < from + n; i++) {
    const data = Buffer.from(xml.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>ROOT-${i}</cbc:ID>`));
    const res = await sb.call(`/__sandbox/companies/${run.company.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: `root-${i}.xml`, data }, { sender_name: 'Share Oy' }),
    });
    expect(res.status).toBe(201);
  }
}

async function rootMissing(run: CrashRun): Promise<string | null> {
  const r = await runCli(['--data', run.data, 'status', '--json']);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { accounts: { root_missing: string | null }[] }).accounts[0]?.root_missing ?? null;
}

/** Every file under a folder, subfolders included. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));
}

/** Whether this process may bind-mount (root in CI; not in most containers and never for a user), and why not. */
function bindMountAllowed(): { ok: boolean; why: string } {
  if (process.platform !== 'linux') return { ok: false, why: 'bind mounts are Linux only' };
  if (process.getuid?.() !== 0) return { ok: false, why: 'mount --bind needs root' };
  const a = keptTempDir('einvoice-bind-a-');
  const b = keptTempDir('einvoice-bind-b-');
  try {
    const r = spawnSync('mount', ['--bind', a, b], { encoding: 'utf8' });
    if (r.status !== 0) return { ok: false, why: `mount --bind is refused here: ${(r.stderr || r.error?.message || '').trim()}` };
    spawnSync('umount', [b]);
    return { ok: true, why: '' };
  } finally {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
}

const vanishings = {
  /** The share's folder renamed away, an empty folder left at its path. */
  rename: (root: string, empty: string) => ({
    away: async () => {
      await rename(root, `${root}.away`);
      await mkdir(root);
      return { place: root, real: `${root}.away` };
    },
    back: async () => {
      await rmdir(root);
      await rename(`${root}.away`, root);
    },
    empty,
  }),
  /** An empty folder mounted over the root, as an unmounted share's mount point shows. */
  bind: (root: string, empty: string) => ({
    away: async () => {
      const r = spawnSync('mount', ['--bind', empty, root], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return { place: empty, real: null };
    },
    back: async () => {
      const r = spawnSync('umount', [root], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    },
    empty,
  }),
};

async function vanishWhileSyncing(kind: keyof typeof vanishings): Promise<void> {
  const run = await crashAccount(sb, `einvoice-root-${kind}-`);
  // A poll every 2 s (the command line's least is 30 s), set before the engine starts.
  const db = new Database(dbFile(run.data));
  db.prepare('UPDATE accounts SET poll_interval_s = 2').run();
  db.close();
  await deliver(run, 0, 3);
  const p = cli(['--data', run.data, '--log-level', 'debug', 'sync', '--stable-ms', '100'], run.env);
  let log = '';
  p.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const v = vanishings[kind](run.root, tempDir('einvoice-empty-mount-'));
  let mounted = false;
  try {
    await vi.waitFor(
      () => {
        const rows = fileRows(run);
        if (rows.length < 6 || rows.some((r) => r.state !== 'done')) throw new Error(`not mirrored yet: ${JSON.stringify(rows)}`);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(JSON.parse(await readFile(join(run.root, ROOT_MARKER), 'utf8')).accounts).toHaveLength(1);
    const lost = fileRows(run)[0]?.path as string;
    // A received file the share lost (in the field: one written into the bare mount point, hidden by the remount).
    await unlink(lost);

    const { place, real } = await v.away();
    mounted = kind === 'bind';
    // New invoices while the share is gone: a poll would fetch them into the bare mount point.
    await deliver(run, 3, 2);
    await vi.waitFor(
      async () => {
        const problem = await rootMissing(run);
        if (!problem) throw new Error('no problem told yet');
        expect(problem).toContain(`The folder ${run.root} of Crash is not there`);
        expect(problem).toContain('Nothing is written there until it is back');
      },
      { timeout: 30_000, interval: 200 },
    );
    // The engine looked again twice since (each look 5 s apart, polls due every 2 s): it keeps waiting, writing nothing.
    const looks = () => log.split('the account folder is still not there').length - 1;
    const seen = looks();
    await vi.waitFor(
      () => {
        if (looks() < seen + 2) throw new Error('not looked again yet');
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(await filesUnder(place), 'nothing written into the empty place').toEqual([]);
    expect(p.exitCode, 'the engine still runs').toBeNull();
    if (real) expect(await filesUnder(join(real, 'Inbox', 'Invoices'))).toHaveLength(5);

    await v.back();
    mounted = false;
    await vi.waitFor(
      async () => {
        const rows = fileRows(run);
        if (rows.length < 10 || rows.some((r) => r.state !== 'done')) throw new Error(`not fetched yet: ${JSON.stringify(rows)}`);
        for (const r of rows) await stat(r.path as string);
      },
      { timeout: 40_000, interval: 200 },
    );
    expect(await rootMissing(run)).toBeNull();
    const inbox = await filesUnder(join(run.root, 'Inbox', 'Invoices'));
    expect(inbox.sort(), 'every file once, the lost one fetched again').toEqual(
      fileRows(run)
        .map((r) => r.path)
        .sort(),
    );
    expect(inbox).toHaveLength(10);
  } finally {
    if (mounted) spawnSync('umount', [run.root]);
    p.kill('SIGTERM');
    await exited(p);
  }
}

describe('a vanished account root', () => {
  it('pauses the account while its folder is renamed away, writes nothing into the empty folder in its place, and resumes by itself', async () => {
    await vanishWhileSyncing('rename');
  }, 120_000);

  const bind = bindMountAllowed();
  it.skipIf(!bind.ok)(
    `does the same when an empty folder is bind-mounted over it${bind.ok ? '' : ` (skipped: ${bind.why})`}`,
    async () => {
      await vanishWhileSyncing('bind');
    },
    120_000,
  );
});
