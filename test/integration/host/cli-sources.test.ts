import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { tempDir } from '../../support/temp';

// The other tests start the CLI bundled (test/support/cli.ts); `npm run cli` runs it from the sources
// under tsx, and that path must keep working too.
const fromSources = (args: string[]) => runCli(args, process.env, { fromSources: true });

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
