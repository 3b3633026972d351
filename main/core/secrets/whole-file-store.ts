import type { AccountSecret, SecretStore } from './store';

/**
 * A secret store kept as one file read and written whole (the encrypted file, the embedded sandbox's
 * keys): its operations run one at a time, so a set never loses another's write. A subclass says how
 * the file is read and written.
 */
export abstract class WholeFileSecretStore implements SecretStore {
  private queue: Promise<unknown> = Promise.resolve();

  protected abstract readAll(): Promise<Record<string, AccountSecret>>;
  protected abstract writeAll(all: Record<string, AccountSecret>): Promise<void>;

  get(id: string): Promise<AccountSecret | null> {
    return this.serial(async () => (await this.readAll())[id] ?? null);
  }

  set(id: string, secret: AccountSecret): Promise<void> {
    return this.serial(async () => {
      const all = await this.readAll();
      all[id] = { apiKey: secret.apiKey, vendorApiKey: secret.vendorApiKey ?? null };
      await this.writeAll(all);
    });
  }

  delete(id: string): Promise<void> {
    return this.serial(async () => {
      const all = await this.readAll();
      if (!(id in all)) return;
      delete all[id];
      await this.writeAll(all);
    });
  }

  /** One operation at a time, in the order asked. */
  protected serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
