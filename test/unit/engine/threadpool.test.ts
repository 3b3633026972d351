import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_THREADPOOL_SIZE, withEngineThreadpool } from '../../../main/core/threadpool';
import { NPM_CLI_NODE_ARGS } from '../../support/cli';
import { tempDir } from '../../support/temp';

// libuv's default pool, which an ES module entry has started before its first line runs.
const LIBUV_DEFAULT = 4;

describe('the thread pool of a process that runs the engine', () => {
  it('gets the engine size in its environment unless one is set', () => {
    expect(withEngineThreadpool({ HOME: '/h' })).toEqual({ HOME: '/h', UV_THREADPOOL_SIZE: String(ENGINE_THREADPOOL_SIZE) });
    expect(withEngineThreadpool({ UV_THREADPOOL_SIZE: '6' }).UV_THREADPOOL_SIZE).toBe('6');
  });

  // Counting a process's threads needs /proc. The pool starts all its threads at once, so the
  // difference between two otherwise identical processes is the difference in pool size.
  it.runIf(process.platform === 'linux')('is that size when started as the npm scripts start the engine', () => {
    const script = join(tempDir(), 'threads.mjs');
    writeFileSync(
      script,
      `import { readdirSync } from 'node:fs';
       import { stat } from 'node:fs/promises';
       await Promise.all(Array.from({ length: 64 }, () => stat('.')));
       console.log(JSON.stringify({ size: process.env.UV_THREADPOOL_SIZE ?? null, threads: readdirSync('/proc/self/task').length }));`,
    );
    const { UV_THREADPOOL_SIZE: _, ...env } = process.env;
    const run = (args: string[]) =>
      JSON.parse(execFileSync(process.execPath, [...args, script], { env, encoding: 'utf8' })) as { size: string | null; threads: number };
    const plain = run(['--import', 'tsx']);
    const engine = run(NPM_CLI_NODE_ARGS);
    expect(plain.size).toBeNull();
    expect(engine.size).toBe(String(ENGINE_THREADPOOL_SIZE));
    expect(engine.threads - plain.threads).toBe(ENGINE_THREADPOOL_SIZE - LIBUV_DEFAULT);
  });
});
