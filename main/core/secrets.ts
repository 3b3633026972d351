import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface AccountSecret {
  apiKey: string;
  vendorApiKey?: string | null;
}

/**
 * Where an account's API keys live. The desktop shell keeps them in the OS keychain (safeStorage);
 * headless mode uses SecretFile. The engine never writes a key anywhere else and never logs one.
 */
export interface SecretStore {
  get(accountId: string): Promise<AccountSecret | null>;
  set(accountId: string, secret: AccountSecret): Promise<void>;
  delete(accountId: string): Promise<void>;
}

/** Keys in memory only (tests, and the embedded demo sandbox whose keys are not secret). */
export class MemorySecrets implements SecretStore {
  private readonly map = new Map<string, AccountSecret>();
  async get(id: string) {
    return this.map.get(id) ?? null;
  }
  async set(id: string, s: AccountSecret) {
    this.map.set(id, s);
  }
  async delete(id: string) {
    this.map.delete(id);
  }
}

/**
 * Headless mode's secret store: one JSON file readable only by its owner (0600), written atomically.
 * A file that others can read is refused with a plain message rather than used.
 */
export class SecretFile implements SecretStore {
  constructor(private readonly file: string) {}

  private async readAll(): Promise<Record<string, AccountSecret>> {
    let text: string;
    try {
      if (process.platform !== 'win32') {
        const s = await stat(this.file);
        if ((s.mode & 0o077) !== 0) {
          throw new Error(`${this.file} can be read by other users; run: chmod 600 "${this.file}"`);
        }
      }
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    try {
      return JSON.parse(text) as Record<string, AccountSecret>;
    } catch {
      throw new Error(`${this.file} is damaged (not JSON); add the accounts' API keys again`);
    }
  }

  private async writeAll(all: Record<string, AccountSecret>): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(all), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, this.file);
  }

  async get(id: string) {
    return (await this.readAll())[id] ?? null;
  }
  async set(id: string, s: AccountSecret) {
    const all = await this.readAll();
    all[id] = s;
    await this.writeAll(all);
  }
  async delete(id: string) {
    const all = await this.readAll();
    delete all[id];
    await this.writeAll(all);
  }
}
