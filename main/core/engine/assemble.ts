import { mkdirSync } from 'node:fs';
import { AccountBook } from '../accounts/account-book';
import { AccountKeys } from '../accounts/account-keys';
import { ServiceAccess } from '../accounts/service-access';
import { type AppIdentity, licenseData, packageVersion } from '../api';
import { type Logger, silentLogger } from '../log';
import { dbFile } from '../paths';
import type { SecretStore } from '../secrets';
import { createStore, type Store } from '../store';
import { readerOf } from '../store/reader';
import type { RunnerOptions } from '../sync/account-runner';
import type { CheckBoard } from '../sync/check-board';
import type { DoctorInput } from '../sync/doctor';
import type { EngineEvents } from '../sync/events';
import { Archives } from './archives';
import { FolderDoctor } from './doctor';
import { Runners } from './runners';

export interface EngineOptions {
  dataDir: string;
  secrets: SecretStore;
  log?: Logger;
  now?: () => number;
  random?: () => number;
  env?: NodeJS.ProcessEnv;
  runner?: Partial<RunnerOptions>;
  /** Base URL of the embedded sandbox, for sandbox accounts that have none of their own. */
  embeddedSandboxUrl?: string | null;
  /** The embedded sandbox's key for this start, sent with every request to it. */
  embeddedSandboxKey?: string | null;
  /** Opens the database read-only, beside another process that holds the data folder (`status`). */
  readonly?: boolean;
  /** The app's version for license_data (default: package.json's); the license key default: EINVOICE_LICENSE_KEY. */
  app?: Partial<AppIdentity>;
  /** The sync doctor's readers of attributes and mounts (tests hand in fakes); default: this computer's. */
  doctor?: Pick<DoctorInput, 'probe' | 'listings'>;
}

/** The parts the engine's facade hands its calls to, each made once here. */
export interface EngineParts {
  writer: Store;
  now: () => number;
  access: ServiceAccess;
  keys: AccountKeys;
  runners: Runners;
  book: AccountBook;
  doctor: FolderDoctor;
  archives: Archives;
}

export function assembleEngine(opts: EngineOptions, events: EngineEvents, checks: CheckBoard): EngineParts {
  const { dataDir, embeddedSandboxUrl, embeddedSandboxKey } = opts;
  mkdirSync(dataDir, { recursive: true });
  const writer = createStore(dbFile(dataDir), { now: opts.now, readonly: opts.readonly === true });
  const log = opts.log ?? silentLogger;
  const now = opts.now ?? Date.now;
  const env = opts.env ?? process.env;
  const license = licenseData({
    version: opts.app?.version ?? packageVersion(),
    licenseKey: opts.app?.licenseKey ?? env.EINVOICE_LICENSE_KEY ?? null,
  });
  const access = new ServiceAccess({ env, licenseData: license, now, embeddedSandboxUrl, embeddedSandboxKey });
  const keys = new AccountKeys({ secrets: opts.secrets, dataDir, store: writer, log });
  const random = opts.random ?? Math.random;
  const archives = new Archives({ writer, reader: readerOf(writer), dataDir, now, log, readonly: opts.readonly === true });
  const runners = new Runners({ store: writer, keys, access, events, checks, archives, log, dataDir, now, random, options: opts.runner });
  const doctor = new FolderDoctor({ store: writer, runners, events, log, env, now, readers: opts.doctor });
  const book = new AccountBook({ store: writer, keys, access, runners, dataDir, onRootChosen: (a) => doctor.tell(a) });
  return { writer, now, access, keys, runners, book, doctor, archives };
}
