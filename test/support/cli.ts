import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_CLI_DIR } from './cli-build';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const THREADPOOL = fileURLToPath(new URL('../../scripts/threadpool.cjs', import.meta.url));
/** The CLI's entry in the sources, which `npm run cli` runs through tsx (it builds missing rule sets first, then runs main/core/cli/bin.ts). */
export const CLI_SOURCE = fileURLToPath(new URL('../../scripts/cli.ts', import.meta.url));
/** Node's arguments before the source entry, as `npm run cli` starts it: the thread pool's size preloaded, then tsx. */
export const NPM_CLI_NODE_ARGS = ['--require', THREADPOOL, '--import', 'tsx'];
/**
 * The CLI the tests start: the same sources bundled once per run by test/global-setup.ts
 * (test/support/cli-build.ts), as the app bundles its engine. A test of `npm run cli` itself starts
 * CLI_SOURCE with NPM_CLI_NODE_ARGS.
 */
export const CLI = join(TEST_CLI_DIR, 'cli.js');
/** Node's arguments before CLI: the thread pool's size preloaded, as `npm run cli` has it. */
export const CLI_NODE_ARGS = ['--require', THREADPOOL];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI to its end in a child process (its exit codes and output are what is under test) and
 * answers what it printed; `env` replaces the environment, as spawn's does. `fromSources` starts it
 * as `npm run cli` does (CLI_SOURCE under tsx) instead of the bundle.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv = process.env, o: { fromSources?: boolean } = {}): Promise<CliRun> {
  const argv = o.fromSources ? [...NPM_CLI_NODE_ARGS, CLI_SOURCE, ...args] : [...CLI_NODE_ARGS, CLI, ...args];
  return new Promise((resolve) => {
    const p = spawn(process.execPath, argv, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    p.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `accounts add` for a sandbox company as a user types it; the API key goes in EINVOICE_API_KEY. */
export function addAccountArgs(name: string, url: string, companyId: string, root: string): string[] {
  return ['accounts', 'add', '--name', name, '--environment', 'sandbox', '--url', url, '--company-id', companyId, '--root', root];
}
