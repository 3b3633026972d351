import { buildTestCli } from './support/cli-build';

// Once per run, before any test file: the CLI the tests start (test/support/cli.ts), fresh from the sources.
export default async function setup(): Promise<void> {
  await buildTestCli();
}
