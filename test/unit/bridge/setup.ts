import { onTestFinished } from 'vitest';
import { type BridgeServer, type BridgeServerOptions, createBridgeServer } from '../../../main/core/bridge';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import type { Account } from '../../../main/core/store/accounts';
import { WRITER } from '../../../main/core/store/writer';
import { recordingLogger } from '../../support/log';
import { tempDir } from '../../support/temp';

export interface TestBridge {
  engine: Engine;
  bridge: BridgeServer;
  dataDir: string;
  log: ReturnType<typeof recordingLogger>;
  /** An account made straight in the store (no service involved), with its own root folder. */
  account(name?: string): Account;
}

/** A real engine (real SQLite in a temp folder, no service) with the bridge on it; closed when the test ends. */
export function testBridge(over: Partial<BridgeServerOptions> = {}): TestBridge {
  const dataDir = tempDir('einvoice-bridge-');
  const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
  const log = recordingLogger();
  const bridge = createBridgeServer({
    engine,
    dataDir,
    host: {
      kind: 'browser',
      version: '9.9.9',
      capabilities: { openFiles: false, startAtLogin: false, notifications: false },
      secretStore: { kind: 'memory', label: 'memory only' },
    },
    log,
    ...over,
  });
  onTestFinished(async () => {
    bridge.close();
    await engine.stop();
  });
  let n = 0;
  return {
    engine,
    bridge,
    dataDir,
    log,
    account(name = `Account ${++n}`) {
      return engine[WRITER].accounts.create({
        name,
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:9',
        companyId: '3f2b0c1e-0000-4000-8000-000000000001',
        root: tempDir('einvoice-root-'),
      });
    },
  };
}
