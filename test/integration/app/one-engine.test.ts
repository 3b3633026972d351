import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LockHolder } from '../../../main/core/app/data-lock';
import { dataLockDir } from '../../../main/core/paths';
import { cli, crashAccount, exited } from '../../support/crash-harness';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

// Issue 36, item 7: one engine per data folder. Two engines on one database made "database is
// locked" retries, false "already sent" notes and a second copy of a bank message; a `sync --once`
// beside the running app reset its in-flight rows.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

/** The data folder's lock as it stands: its highest generation. */
function lockOf(data: string): LockHolder | null {
  const dir = dataLockDir(data);
  const gens = readdirSync(dir, { withFileTypes: true }).flatMap((e) => (/^\d+\.json$/.test(e.name) ? [Number.parseInt(e.name, 10)] : []));
  if (gens.length === 0) return null;
  return JSON.parse(readFileSync(join(dir, `${Math.max(...gens)}.json`), 'utf8')) as LockHolder;
}

/** Runs a CLI command to its end: its code, and what it printed on each stream. */
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

/** Starts `sync` and answers once it holds the data folder. */
async function startSync(data: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const p = cli(['--data', data, 'sync', '--stable-ms', '100'], env);
  await vi.waitFor(
    () => {
      const h = lockOf(data);
      if (!h || h.pid !== p.pid || h.released) throw new Error('not holding the data folder yet');
    },
    { timeout: 30_000, interval: 50 },
  );
  return p;
}

describe('one engine per data folder', () => {
  it('refuses a second sync in one plain line naming the first, lets status read beside it, and takes over after a SIGKILL', {
    timeout: 120_000,
  }, async () => {
    const { data, env } = await crashAccount(sb, 'einvoice-one-engine-');
    const first = await startSync(data, env);

    const second = await run(cli(['--data', data, 'sync', '--once'], env));
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines, second.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^einvoice-sync: Another E-Invoice Sync is using this data folder \\(.+\\): the command \`sync\`, PID ${first.pid} on host .+ since \\d\\d:\\d\\d\\. Close it first, then try again\\.$`,
      ),
    );
    expect(second.stdout).toBe('');
    // A command that writes is refused as well, not only a second engine.
    const remove = await run(cli(['--data', data, 'accounts', 'remove', 'Crash'], env));
    expect(remove.code).not.toBe(0);
    expect(remove.stderr).toContain(`the command \`sync\`, PID ${first.pid}`);

    // Reading goes through: the account is there, counted, and the running engine is not disturbed.
    const status = await run(cli(['--data', data, 'status'], env));
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('Crash (sandbox): 0 queued');
    expect(lockOf(data)?.pid).toBe(first.pid);

    // Killed: its lock stays behind, naming a process that is gone, and the next start takes it over.
    first.kill('SIGKILL');
    await exited(first);
    expect(lockOf(data)).toMatchObject({ pid: first.pid });
    expect(lockOf(data)?.released).toBeUndefined();
    const after = await run(cli(['--data', data, 'sync', '--once'], env));
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('Crash: ok');
    // Its clean exit freed the folder.
    expect(lockOf(data)).toMatchObject({ released: true, command: 'sync' });
  });

  it('a sync stopped with SIGTERM frees the data folder for the next', { timeout: 120_000 }, async () => {
    const { data, env } = await crashAccount(sb, 'einvoice-one-engine-');
    const p = await startSync(data, env);
    let said = '';
    p.stderr?.on('data', (d) => {
      said += d;
    });
    // Stopped once it syncs (a SIGTERM before its handler is set ends it as a SIGKILL would).
    await vi.waitFor(() => expect(said).toContain('syncing; stop with Ctrl+C'), { timeout: 30_000, interval: 50 });
    p.kill('SIGTERM');
    expect(await exited(p)).toBe(0);
    expect(lockOf(data)).toMatchObject({ pid: p.pid, released: true });
  });
});
