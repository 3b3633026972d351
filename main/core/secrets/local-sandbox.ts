import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './encrypted-file';
import { type AccountSecret, parseSecret, serializeSecret } from './store';
import { WholeFileSecretStore } from './whole-file-store';

/**
 * Keys of the accounts served by the embedded sandbox (the demo company and any sandbox account on
 * it): they open a stand-in service on this computer, which keeps the very same keys in its own data
 * folder beside this file, so they protect nothing. Keeping them apart means a first run (and the
 * demo) needs no keychain and no passphrase; a real account's keys never come here.
 */
export class LocalSandboxSecrets extends WholeFileSecretStore {
  constructor(private readonly file: string) {
    super();
  }

  protected async readAll(): Promise<Record<string, AccountSecret>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    const all: Record<string, AccountSecret> = {};
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [id, value] of Object.entries(parsed)) {
        const s = parseSecret(value);
        if (s) all[id] = s;
      }
    }
    return all;
  }

  protected async writeAll(all: Record<string, AccountSecret>): Promise<void> {
    const out = Object.fromEntries(Object.entries(all).map(([id, s]) => [id, JSON.parse(serializeSecret(s))]));
    await writeFileAtomic(this.file, `${JSON.stringify(out, null, 2)}\n`);
  }
}
