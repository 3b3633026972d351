import { type ChildProcess, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { expect, vi } from 'vitest';
import { seededRandom } from '../../sandbox/context';
import { addAccountArgs, CLI, CLI_NODE_ARGS } from './cli';
import type { TestCompany, TestSandbox } from './sandbox';
import { tempDir } from './temp';

// The crash tests run the real CLI in a child process, because only a SIGKILL of a whole process
// stops the engine where a crash would: mid-write, mid-send, with no finally blocks run.
export function cli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...CLI_NODE_ARGS, CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export const exited = (p: ChildProcess) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));

/** What a started command printed (stdout and stderr as one text, as a terminal shows them), once it exits. */
export async function collected(p: ChildProcess): Promise<{ code: number | null; out: string }> {
  let out = '';
  const add = (d: Buffer) => {
    out += d;
  };
  p.stdout?.on('data', add);
  p.stderr?.on('data', add);
  return { code: await exited(p), out };
}

export interface CrashRun {
  /** Printed with every failed check, so that a failing order of kills can be replayed (CRASH_SEED). */
  seed: number;
  random: () => number;
  company: TestCompany;
  data: string;
  root: string;
  env: NodeJS.ProcessEnv;
}

/** A fresh company with one account, added through the CLI as a user would. */
export async function crashAccount(sb: TestSandbox, prefix: string): Promise<CrashRun> {
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
  const random = seededRandom(seed);
  const company = await sb.company();
  const data = tempDir(`${prefix}data-`);
  const root = tempDir(`${prefix}root-`);
  const env = { EINVOICE_API_KEY: company.api_key };
  const add = cli(['--data', data, ...addAccountArgs('Crash', sb.url, company.company_id, root)], env);
  expect(await exited(add)).toBe(0);
  return { seed, random, company, data, root, env };
}

/** How often each of the sandbox's faults has been hit, in the order they were set. */
export async function faultHits(sb: TestSandbox): Promise<number[]> {
  return ((await (await sb.call('/__sandbox/faults')).json()) as { hits: number }[]).map((r) => r.hits);
}

/**
 * Starts the engine and kills it at a random moment once the first fault's request has been hit anew,
 * until `folder` is empty or the rounds run out; answers how often it killed.
 */
export async function killWhileSending(sb: TestSandbox, run: CrashRun, folder: string, rounds: number): Promise<number> {
  let kills = 0;
  for (let round = 0; round < rounds; round++) {
    const before = (await faultHits(sb))[0] ?? 0;
    const p = cli(['--data', run.data, 'sync', '--stable-ms', '100'], run.env);
    // Killed while it sends: once a send has begun (however long the start took), after a random while.
    await vi
      .waitFor(
        async () => {
          if (((await faultHits(sb))[0] ?? 0) <= before) throw new Error('not sending yet');
        },
        { timeout: 30_000, interval: 50 },
      )
      .catch(() => undefined);
    // A real wait: a random moment inside the sending is the crash under test, not a wait for something.
    await new Promise((r) => setTimeout(r, Math.floor(run.random() * 1500)));
    p.kill('SIGKILL');
    await exited(p);
    kills++;
    if ((await readdir(folder)).length === 0) break;
  }
  return kills;
}

/** The faults cleared, one last sync must finish what the kills left and exit cleanly. */
export async function finishCleanly(sb: TestSandbox, run: CrashRun): Promise<void> {
  await sb.call('/__sandbox/faults', { method: 'DELETE' });
  const { code, out } = await collected(cli(['--data', run.data, 'sync', '--once', '--stable-ms', '100'], run.env));
  expect(code, `seed ${run.seed}: ${out}`).toBe(0);
}
