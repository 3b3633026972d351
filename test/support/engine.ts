import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../main/core/engine';
import { MemorySecrets } from '../../main/core/secrets';
import type { Account } from '../../main/core/store/accounts';
import type { RunnerOptions } from '../../main/core/sync/account-runner';
import type { TestCompany, TestSandbox } from './sandbox';

export const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url).pathname;

export async function tempDir(prefix = 'einvoice-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export interface TestEngine {
  engine: Engine;
  account: Account;
  root: string;
  dataDir: string;
  close(): Promise<void>;
}

/** An engine with its own data folder and account root, on a sandbox company; fast timings for tests. */
export async function startTestEngine(
  sb: TestSandbox,
  company: TestCompany,
  opts: { stableMs?: number; runner?: Partial<RunnerOptions> } = {},
): Promise<TestEngine> {
  const dataDir = await tempDir('einvoice-data-');
  const root = await tempDir('einvoice-root-');
  const engine = new Engine({
    dataDir,
    secrets: new MemorySecrets(),
    runner: {
      stableMs: opts.stableMs ?? 150,
      watch: false,
      backoff: { baseMs: 50, capMs: 500 },
      retry: { initialDelayMs: 10, maxDelayMs: 100, maxRetries: 3 },
      ...opts.runner,
    },
  });
  const account = await engine.addAccount({
    name: 'Test',
    environment: 'sandbox',
    url: sb.url,
    companyId: company.company_id,
    root,
    apiKey: company.api_key,
  });
  return {
    engine,
    account,
    root,
    dataDir,
    close: async () => {
      await engine.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(root, { recursive: true, force: true });
    },
  };
}
