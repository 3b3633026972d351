import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_SOURCE, type CliRun, NPM_CLI_NODE_ARGS } from '../../support/cli';
import { tempDir } from '../../support/temp';

// The other tests start the CLI bundled (test/support/cli.ts); `npm run cli` runs it from the sources
// under tsx, and that path must keep working too.
function fromSources(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [...NPM_CLI_NODE_ARGS, CLI_SOURCE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

describe('the CLI from its sources, as npm run cli starts it', () => {
  it('answers a command, and refuses an unknown one with exit 2 and its help', async () => {
    const data = tempDir('einvoice-cli-sources-');
    const listed = await fromSources(['--data', data, 'accounts', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('No accounts.');
    const unknown = await fromSources(['--data', data, 'frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  });
});
