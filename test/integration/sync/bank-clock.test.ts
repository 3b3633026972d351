import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { BANK_MESSAGE_KINDS, type BankMessageKind } from '../../../shared/enums';
import { addAccountArgs } from '../../support/cli';
import { cli, collected, exited } from '../../support/crash-harness';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

const SHIFT_CLOCK = fileURLToPath(new URL('../../support/shift-clock.cjs', import.meta.url));
const HOURS_3 = 3 * 3600_000;
const CONTENT_PATH: Record<BankMessageKind, string> = { ri: 'ri_messages', sent: 'sent_messages', error: 'error_messages' };

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

/** One company with one account, added through the CLI; its engine is run as `sync --once` on a shifted clock. */
async function bankAccount() {
  const company = await sb.company();
  const data = tempDir('einvoice-bank-clock-data-');
  const root = tempDir('einvoice-bank-clock-root-');
  const env = { EINVOICE_API_KEY: company.api_key };
  expect(await exited(cli(['--data', data, ...addAccountArgs('Clock', sb.url, company.company_id, root)], env))).toBe(0);
  const posted: { kind: BankMessageKind; id: string; rule: number }[] = [];
  return {
    company,
    root,
    posted,
    /** One message of each kind, and a rule that counts the engine's fetches of its content. */
    async post(): Promise<void> {
      for (const kind of BANK_MESSAGE_KINDS) {
        const id = await postMessage(company, kind);
        const rule = (await (
          await sb.call('/__sandbox/faults', {
            method: 'POST',
            json: { action: 'latency', latency_ms: 0, method: 'GET', path: `^/v1/fi_bank_messages/${CONTENT_PATH[kind]}/${id}$` },
          })
        ).json()) as { id: number };
        posted.push({ kind, id, rule: rule.id });
      }
    },
    /** `sync --once` with the engine's wall clock `shiftMs` off; answers its exit code and output. */
    async syncOnce(shiftMs: number): Promise<{ code: number | null; out: string }> {
      return collected(
        cli(['--data', data, 'sync', '--once', '--stable-ms', '100'], {
          ...env,
          NODE_OPTIONS: `--require "${SHIFT_CLOCK}"`,
          EINVOICE_TEST_CLOCK_SHIFT_MS: String(shiftMs),
        }),
      );
    },
    /** How often the engine fetched each posted message's content, by id. */
    async fetches(): Promise<Record<string, number>> {
      const rules = (await (await sb.call('/__sandbox/faults')).json()) as { id: number; hits: number }[];
      const hits = new Map(rules.map((r) => [r.id, r.hits]));
      return Object.fromEntries(posted.map((m) => [`${m.kind}:${m.id}`, hits.get(m.rule) ?? 0]));
    },
    /** What the activity log told of healed windows (read from the real database once the engine has exited). */
    healed(): string[] {
      const db = new Database(dbFile(data), { readonly: true });
      try {
        return db
          .prepare<[], { message: string }>("SELECT message FROM activity WHERE kind = 'bank.window_healed'")
          .all()
          .map((r) => r.message);
      } finally {
        db.close();
      }
    },
    inboxFiles: async () =>
      (await readdir(join(root, 'Inbox', 'BankMessages'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()),
  };
}

async function postMessage(company: TestCompany, kind: BankMessageKind): Promise<string> {
  const res = await sb.call(`/__sandbox/companies/${company.company_id}/bank-messages`, { method: 'POST', json: { kind } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const once = (fetches: Record<string, number>) => Object.fromEntries(Object.keys(fetches).map((k) => [k, 1]));

describe("bank messages on a wrong clock: every window on the service's time", () => {
  afterAll(async () => {
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
  });

  it('fetches every message exactly once with the engine 3 h ahead, 3 h behind and then right', async () => {
    const a = await bankAccount();
    // Each step: messages arrive at the service, then the engine runs once on that clock and must
    // have fetched every message so far, each once (a run on the old local-clock windows missed the
    // second round, and the runs after failed with "timestamp_start is after timestamp_end").
    for (const [step, shift] of [
      ['ahead', HOURS_3],
      ['still ahead', HOURS_3],
      ['behind', -HOURS_3],
      ['right', 0],
    ] as const) {
      await a.post();
      const run = await a.syncOnce(shift);
      expect(run.code, `${step}: ${run.out}`).toBe(0);
      expect(run.out, step).not.toMatch(/timestamp_start/);
      const fetches = await a.fetches();
      expect(fetches, step).toEqual(once(fetches));
    }
    // Once more on the right clock with nothing new: nothing is fetched again, nothing fails.
    const last = await a.syncOnce(0);
    expect(last.code, last.out).toBe(0);
    const fetches = await a.fetches();
    expect(fetches).toEqual(once(fetches));
    expect(Object.keys(fetches)).toHaveLength(12);
    expect(await a.inboxFiles()).toHaveLength(12);
    // On the service's clock no saved position was ever ahead of it: nothing needed healing.
    expect(a.healed()).toEqual([]);
  }, 180_000);

  it('without a Date from the service, heals the window a clock ahead left and then misses nothing', async () => {
    await sb.call('/__sandbox/faults', { method: 'POST', json: { action: 'no_date' } });
    const a = await bankAccount();
    await a.post();
    const ahead = await a.syncOnce(HOURS_3);
    expect(ahead.code, ahead.out).toBe(0);
    // Posted after a run 3 h ahead: the local clock is all the engine has, so these wait for the heal.
    await a.post();
    expect((await a.syncOnce(HOURS_3)).code).toBe(0);
    const behind = await a.syncOnce(-HOURS_3);
    expect(behind.code, behind.out).toBe(0);
    expect(behind.out).not.toMatch(/timestamp_start/);
    const right = await a.syncOnce(0);
    expect(right.code, right.out).toBe(0);
    const fetches = await a.fetches();
    expect(Object.keys(fetches)).toHaveLength(6);
    expect(fetches).toEqual(once(fetches));
    expect(await a.inboxFiles()).toHaveLength(6);
    // The run behind found every feed's position after its clock, and said so, naming the company.
    const told = a.healed();
    expect(told).toHaveLength(3);
    for (const m of told) expect(m).toMatch(/^Bank messages \((ri|sent|error)\) of Clock: .* so a clock was wrong/);
  }, 180_000);
});
