import type { DoctorReport, PendingFileView } from '../../../shared/doctor';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import { type DoctorInput, runDoctor } from '../sync/doctor';
import type { EngineEvents } from '../sync/events';
import type { Runners } from './runners';

export interface FolderDoctorDeps {
  store: Store;
  runners: Runners;
  events: EngineEvents;
  log: Logger;
  env: NodeJS.ProcessEnv;
  now: () => number;
  /** The readers of attributes and mounts (tests hand in fakes); default: this computer's. */
  readers?: Pick<DoctorInput, 'probe' | 'listings'>;
}

/** The sync doctor on each account's folder (sync/doctor/), asked on demand and when a root is chosen. */
export class FolderDoctor {
  constructor(private readonly d: FolderDoctorDeps) {}

  /** The files of an account's Outbox seen but not queued, with what each waits for (sync/pending-files.ts). */
  pending(accountId: string): PendingFileView[] {
    return this.d.runners.pendingFiles(accountId);
  }

  /** Its place (cloud, share), its paths and names, its locked files. */
  async run(accountId: string): Promise<DoctorReport> {
    const account = this.d.store.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    return runDoctor({
      accountId: account.id,
      root: account.root,
      inboxLayout: account.inboxLayout,
      scanIntervalMs: this.d.runners.options.scanIntervalMs,
      locked: this.d.runners
        .pendingFiles(account.id)
        .filter((f) => f.state === 'locked')
        .map((f) => f.file),
      env: this.d.env,
      now: this.d.now,
      ...this.d.readers,
    });
  }

  /** A root just chosen is looked at at once: what the doctor finds in the way is told, and kept in the account's activity. */
  async tell(account: Account): Promise<void> {
    try {
      const report = await this.run(account.id);
      // Only what stands in the way: Settings shows the rest (how long received names may be) beside it.
      for (const f of report.findings) {
        if (f.severity !== 'warn') continue;
        this.d.store.activity.append({
          accountId: account.id,
          level: 'warn',
          kind: `doctor.${f.code}`,
          message: f.message,
          ref: account.root,
        });
        this.d.events.emit('problem', { accountId: account.id, kind: 'user', message: f.message });
      }
    } catch (e) {
      this.d.log.warn('the sync doctor could not look at the folder', { root: account.root, error: (e as Error).message });
    }
  }
}
