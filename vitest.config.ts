import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx', '{shared,main,renderer,sandbox,preload}/**/*.test.{ts,tsx}'],
    // The CLI the tests start, bundled from the sources once per run (test/support/cli-build.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Two cores here and in CI: more workers only make the sandboxes fight.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // The command lines and headless hosts the tests start keep API keys in an encrypted file, never in
    // the machine's own keychain (the keychain's tests use a service of their own).
    env: { EINVOICE_SECRETS_STORE: 'file', EINVOICE_SECRETS_PASSPHRASE: 'the passphrase of test runs' },
  },
});
