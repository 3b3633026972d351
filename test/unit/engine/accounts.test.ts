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
