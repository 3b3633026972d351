import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { runCli } from '../../support/cli';
import { cli, exited } from '../../support/crash-harness';
import { type HealthOffice, healthOffice, OFFICE, type OfficeName, POLL_S } from '../../support/health-office';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

// `status` is the truth: beside a running `sync`, for each of an office's companies, it says whether it is
// up to date, and if not what holds, since when and what to do, as the app's Overview and tray do (the
// same derivation, shared/account-health.ts, over what the engine keeps in the database).

interface Problem {
  kind: string;
  since: string | null;
  count: number | null;
  reason: string | null;
  what: string;
  todo: string;
}
interface Row {
  account: OfficeName;
  root: string;
  state: string;
  up_to_date: boolean;
  last_success: string | null;
  problems: Problem[];
}

let sb: TestSandbox;
let down: TestSandbox;
let office: HealthOffice;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 38 });
  down = await startTestSandbox({ seed: 39 });
  office = await healthOffice(sb, down);
});
afterAll(async () => {
  await sb.close();
  await down.close().catch(() => undefined);
  await office.remove();
});

/** The last answer of `status --json`, for a failing check's message. */
let seen = '';
async function status(): Promise<Map<OfficeName, Row>> {
  const r = await runCli(['--data', office.data, '--log-level', 'error', 'status', '--json']);
  expect(r.code, r.stderr).toBe(0);
  seen = r.stdout;
  return new Map((JSON.parse(r.stdout) as { accounts: Row[] }).accounts.map((a) => [a.account, a]));
}

const kinds = (r: Row | undefined) => r?.problems.map((p) => p.kind) ?? [];

function read<T>(sql: string, ...args: unknown[]): T | undefined {
  const db = new Database(dbFile(office.data), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T | undefined;
  } finally {
    db.close();
  }
}
const cursor = (n: OfficeName, feed: string) =>
  read<{ value: string }>('SELECT value FROM cursors WHERE account_id = ? AND feed = ?', office.ids[n], feed)?.value;
const given = (n: OfficeName) =>
  read<{ n: number }>("SELECT count(*) AS n FROM invoice_files WHERE account_id = ? AND state = 'failed'", office.ids[n])?.n ?? 0;

describe('status --json beside a running sync', () => {
  it('says each state an account can be in but up to date, for the company, since when and what to do', async () => {
    const sync = cli(['--data', office.data, '--log-level', 'error', 'sync', '--stable-ms', '100'], {});
    let log = '';
    sync.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    try {
      // Every reachable company answered once: Aalto's service and Elm's folder are then taken away.
      // (The database is watched directly while waiting: a `status` run is a process start each.)
      await vi.waitFor(
        () => {
          for (const n of ['Aalto Oy', 'Elm Oy', 'Fjord Oy'] as const) {
            const feeds = JSON.parse(cursor(n, 'feed_health') ?? '{}') as Record<string, { okAt: number | null }>;
            expect(
              Object.values(feeds).filter((f) => f.okAt !== null),
              n,
            ).toHaveLength(5);
          }
        },
        { timeout: 40_000, interval: 200 },
      );
      const before = await status();
      const aaltoOk = before.get('Aalto Oy')?.last_success as string;
      expect(before.get('Aalto Oy')).toMatchObject({ state: 'idle', up_to_date: true });
      expect(aaltoOk).not.toBeNull();
      await office.breakAway();
      const brokeAt = Date.now();
      // Three intervals unreachable, the folder seen gone, the files given up.
      await vi.waitFor(
        () => {
          expect(Date.now() - brokeAt).toBeGreaterThan(3 * POLL_S * 1000);
          expect(cursor('Elm Oy', 'root_missing')).toBeDefined();
          expect(cursor('Berg AB', 'keys_unreadable')).toBeDefined();
          expect(given('Dahl AS')).toBeGreaterThan(0);
        },
        { timeout: 40_000, interval: 200 },
      );

      let s = new Map<OfficeName, Row>();
      await vi.waitFor(
        async () => {
          s = await status();
          expect(kinds(s.get('Aalto Oy'))).toEqual(['serviceBehind']);
          expect(kinds(s.get('Berg AB'))).toEqual(['keysUnreadable']);
          expect(kinds(s.get('Cedar Oy'))).toEqual(['uploadOverdue']);
          expect(kinds(s.get('Dahl AS'))).toEqual(['downloadsGivenUp']);
          expect(kinds(s.get('Elm Oy'))).toEqual(['rootMissing']);
        },
        { timeout: 30_000, interval: 1000 },
      );
      // Unreachable for three intervals now: behind since its last answer, not since it was noticed.
      const aalto = s.get('Aalto Oy');
      expect(aalto).toMatchObject({ state: 'offline', up_to_date: false });
      // Its last answer came before the service went away (a poll may have answered after the look above).
      const since = Date.parse(aalto?.problems[0]?.since ?? '');
      expect(since).toBeGreaterThanOrEqual(Date.parse(aaltoOk));
      expect(since).toBeLessThanOrEqual(brokeAt);
      expect(aalto?.problems[0]?.what).toMatch(/^(nothing could be fetched from the service|not fetched: .+)$/);
      expect(s.get('Berg AB')).toMatchObject({ state: 'needs_user', up_to_date: false, last_success: null });
      expect(s.get('Berg AB')?.problems[0]).toMatchObject({ reason: 'missing', what: 'its API key is not in the key store' });
      expect(s.get('Berg AB')?.problems[0]?.since).not.toBeNull();
      expect(s.get('Cedar Oy')).toMatchObject({ state: 'offline', up_to_date: false });
      expect(s.get('Cedar Oy')?.problems[0]).toMatchObject({ count: 1, what: '1 file in the Outbox is not sent yet' });
      expect(s.get('Dahl AS')).toMatchObject({ state: 'needs_user' });
      expect(s.get('Dahl AS')?.problems[0]?.count).toBeGreaterThanOrEqual(1);
      expect(s.get('Dahl AS')?.problems[0]?.todo).toContain('fetch-again');
      expect(s.get('Elm Oy')).toMatchObject({ state: 'needs_user', up_to_date: false });
      expect(s.get('Fjord Oy')).toMatchObject({ state: 'idle', up_to_date: true, problems: [] });
      for (const n of OFFICE) expect(s.get(n)?.root).toBe(office.roots[n]);

      // The text says the same, each line naming its company, and where each company's folder is.
      const text = await runCli(['--data', office.data, '--log-level', 'error', 'status']);
      expect(text.stdout).toContain(`  Folder: ${office.roots['Fjord Oy']}\n`);
      expect(text.stdout).toContain('Needs attention: Berg AB: its API key is not in the key store (since ');
      expect(text.stdout).toContain('Needs attention: Aalto Oy: nothing could be fetched from the service (since ');
      expect(text.stdout).toContain('Needs attention: Elm Oy: its folder is not there');
      expect(text.stdout.match(/^ {2}Up to date/gm)).toHaveLength(1);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n--- status ---\n${seen.slice(0, 6000)}\n--- sync's log ---\n${log.slice(-4000)}`);
    } finally {
      sync.kill('SIGTERM');
      // Its work in flight meets a service that is gone: it has a few seconds to end, then it is stopped.
      const killer = setTimeout(() => sync.kill('SIGKILL'), 15_000);
      await exited(sync);
      clearTimeout(killer);
    }
  }, 100_000);
});
