import { rm } from 'node:fs/promises';
import { Engine } from '../../main/core/engine';
import type { Logger } from '../../main/core/log';
import { MemorySecrets } from '../../main/core/secrets';
import type { Account } from '../../main/core/store/accounts';
import type { RunnerOptions } from '../../main/core/sync/account-runner';
import type { InboxLayout } from '../../shared/inbox-layout';
import type { TestCompany, TestSandbox } from './sandbox';
import { keptTempDir } from './temp';

export const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url).pathname;

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
  opts: {
    stableMs?: number;
    runner?: Partial<RunnerOptions>;
    random?: () => number;
    inboxLayout?: InboxLayout;
    log?: Logger;
    now?: () => number;
    /** The account's name, where the test looks for it. */
    name?: string;
  } = {},
): Promise<TestEngine> {
  const dataDir = keptTempDir('einvoice-data-');
  const root = keptTempDir('einvoice-root-');
  const engine = new Engine({
    dataDir,
    secrets: new MemorySecrets(),
    ...(opts.random ? { random: opts.random } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    runner: {
      stableMs: opts.stableMs ?? 150,
      watch: false,
      backoff: { baseMs: 50, capMs: 500 },
      retry: { initialDelayMs: 10, maxDelayMs: 100, maxRetries: 3 },
      ...opts.runner,
    },
  });
  const account = await engine.addAccount({
    name: opts.name ?? 'Test',
    environment: 'sandbox',
    url: sb.url,
    companyId: company.company_id,
    root,
    apiKey: company.api_key,
    // Left out: what a new account gets.
    ...(opts.inboxLayout ? { inboxLayout: opts.inboxLayout } : {}),
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
