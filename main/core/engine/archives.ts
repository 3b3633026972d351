import { join } from 'node:path';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { StoreReader } from '../store/reader';
import { ArchiveChain, chainFileOf } from '../sync/archive/chain';
import { reconcileArchive } from '../sync/archive/enter';
import { type ExportResult, exportArchive } from '../sync/archive/export';
import { type ArchiveVerdict, verifyArchive } from '../sync/archive/verify';

export interface ArchivesDeps {
  writer: Store;
  reader: StoreReader;
  dataDir: string;
  now: () => number;
  log: Logger;
  /** A read-only engine (`status`, the CLI beside a running app) only reads the chain. */
  readonly: boolean;
}

/** Each account's sealed archive (sync/archive/): one chain writer per account in this process, shared by its runner, verify and export. */
export class Archives {
  private readonly chains = new Map<string, ArchiveChain>();

  constructor(private readonly d: ArchivesDeps) {}

  of(accountId: string): ArchiveChain {
    let chain = this.chains.get(accountId);
    if (!chain) {
      chain = new ArchiveChain(chainFileOf(this.d.dataDir, accountId), this.d.now, this.d.log);
      this.chains.set(accountId, chain);
    }
    return chain;
  }

  /**
   * Checks the account's kept files against its archive chain (sync/archive/verify.ts). Files the app
   * recorded as written but that a crash left without their entry are entered first, as a start does,
   * so they are never called added; a read-only engine only reads.
   */
  async verify(accountId: string): Promise<ArchiveVerdict> {
    const account = await this.reconciled(accountId);
    return verifyArchive(account.root, chainFileOf(this.d.dataDir, account.id));
  }

  /** One zip of the account's kept files whose day is in [from, to] (YYYY-MM-DD), into `outDir` (default: Exports/ under its root). */
  async export(accountId: string, from: string, to: string, outDir?: string): Promise<ExportResult> {
    const account = await this.reconciled(accountId);
    return exportArchive({
      accountId: account.id,
      accountName: account.name,
      root: account.root,
      chainFile: chainFileOf(this.d.dataDir, account.id),
      from,
      to,
      outDir: outDir ?? join(account.root, 'Exports'),
      now: this.d.now(),
      store: this.d.reader,
    });
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.chains.values()].map((a) => a.close()));
    this.chains.clear();
  }

  private async reconciled(accountId: string) {
    const account = this.d.writer.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    if (!this.d.readonly) await reconcileArchive({ store: this.d.writer, account, archive: this.of(account.id), log: this.d.log });
    return account;
  }
}
