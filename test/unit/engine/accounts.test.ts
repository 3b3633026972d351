import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { type AccountSecret, MemorySecrets } from '../../../main/core/secrets';
import { tempDir } from '../../support/temp';

class RefusingSecrets extends MemorySecrets {
  override async set(_id: string, _s: AccountSecret): Promise<void> {
    throw new Error('The keychain cannot encrypt here');
  }
}

async function engine(secrets = new MemorySecrets()) {
  const dataDir = tempDir('einvoice-acc-');
  return { e: new Engine({ dataDir, secrets }), root: join(dataDir, 'root') };
}

const input = (root: string) => ({
  name: 'Client Oy',
  environment: 'sandbox' as const,
  url: 'http://127.0.0.1:9',
  companyId: '3f2b0c1e-1d2e-4f5a-8b6c-7d8e9f0a1b2c',
  root,
  apiKey: 'sk_secret',
});

describe('engine accounts', () => {
  it("keeps the keys of an account on the embedded sandbox beside it, and a real account's in the host store only", async () => {
    const host = new MemorySecrets();
    const dataDir = tempDir('einvoice-acc-');
    const e = new Engine({ dataDir, secrets: host, embeddedSandboxUrl: 'http://127.0.0.1:9' });
    const local = await e.addAccount({ ...input(join(dataDir, 'demo')), name: 'Demo', url: null, apiKey: 'demo-key' }, false);
    const remote = await e.addAccount({ ...input(join(dataDir, 'real')), name: 'Real', apiKey: 'real-key' }, false);
    expect(await host.get(local.id)).toBeNull();
    expect(await host.get(remote.id)).toMatchObject({ apiKey: 'real-key' });
    const file = join(dataDir, 'sandbox', 'account-keys.json');
    expect(readFileSync(file, 'utf8')).toContain('demo-key');
    expect(readFileSync(file, 'utf8')).not.toContain('real-key');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    await e.removeAccount(local.id);
    expect(readFileSync(file, 'utf8')).not.toContain('demo-key');
    await e.stop();
  });

  it('leaves no account behind when its key cannot be stored', async () => {
    const { e, root } = await engine(new RefusingSecrets());
    await expect(e.addAccount(input(root), false)).rejects.toThrow(/keychain/);
    expect(e.listAccounts()).toEqual([]);
    await e.stop();
  });

  it('refuses a bad company id, an empty key and a taken name in plain words', async () => {
    const { e, root } = await engine();
    await expect(e.addAccount({ ...input(root), companyId: '12345' }, false)).rejects.toThrow(/company UUID/);
    await expect(e.addAccount({ ...input(root), apiKey: ' ' }, false)).rejects.toThrow(/API key is empty/);
    await e.addAccount(input(root), false);
    await expect(e.addAccount(input(root), false)).rejects.toThrow(/exists already/);
    await e.stop();
  });

  it('refuses plain HTTP to a production host before saving', async () => {
    const { e, root } = await engine();
    await expect(e.addAccount({ ...input(root), environment: 'production', url: 'http://service.example.com' }, true)).rejects.toThrow(
      /only HTTPS/,
    );
    expect(e.listAccounts()).toEqual([]);
    await e.stop();
  });
});
