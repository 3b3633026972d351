import type { LimitFunction } from 'p-limit';
import type { Api } from '../api';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import type { ArchiveChain } from './archive/chain';
import type { CheckBoard } from './check-board';
import type { EngineEvents } from './events';
import type { JobRunner } from './jobs/job-runner';
import type { LocalFaults } from './local-faults';

/** Everything one account's sync work needs, passed in (house.md #6). */
export interface SyncContext {
  store: Store;
  api: Api;
  account: Account;
  /** The app's private copies of queued files: <data>/spool/<account id>. */
  spoolDir: string;
  /** The rule packs installed in the data folder (<data>/rule-packs, validate/pack-store.ts); none when absent. */
  rulePacksDir?: string;
  now: () => number;
  random: () => number;
  events: EngineEvents;
  log: Logger;
  /** How long a dropped file must stay unchanged before it is queued. */
  stableMs: number;
  /** The account's one runner of network jobs (sync/jobs/job-runner.ts; the `jobs` table is `store.jobs`): every kind of jobs/kinds.ts. */
  jobRunner: JobRunner;
  /**
   * The account's request slots for downloads and Detect results (the download concurrency): a poll
   * fetches files while it asks the other feeds, and the two together never ask more at once.
   */
  requests: LimitFunction;
  /** What this computer cannot write now (a full disk, a folder read-only or gone): the work that needs it waits, said. */
  faults: LocalFaults;
  /** The engine's checks in flight (progress and Cancel); absent in a context made without an engine. */
  checks?: CheckBoard;
  /**
   * The account's archive chain (sync/archive/chain.ts): every file the sync keeps is entered once it is
   * durably in place. Absent only in contexts tests build by hand.
   */
  archive?: ArchiveChain;
}
