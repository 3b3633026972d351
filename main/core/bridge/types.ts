import type { CommandName, CommandOutput, ParsedInput } from '../../../shared/bridge/commands';
import type { BridgeEventName, BridgeEvents } from '../../../shared/bridge/events';
import type { SecretStoreInfo } from '../../../shared/bridge/views';
import type { DemoCompany } from '../accounts/account-book';
import type { Engine } from '../engine';
import type { Logger } from '../log';
import type { AppSettingsStore } from './app-settings';
import type { FileGrants } from './file-grants';

export type Handler<K extends CommandName> = (input: ParsedInput<K>) => Promise<CommandOutput<K>>;
/** One handler per command of the contract: the compiler refuses a map that misses one. */
export type Handlers = { [K in CommandName]: Handler<K> };

export type Emit = <E extends BridgeEventName>(name: E, payload: BridgeEvents[E]) => void;

/** What differs between the desktop shell and the headless web host. */
export interface HostInfo {
  kind: 'electron' | 'browser';
  version: string;
  capabilities: { openFiles: boolean; startAtLogin: boolean; notifications: boolean };
  /** Where the API keys are kept (openApp fills it in from the secret store it was given). */
  secretStore: SecretStoreInfo;
  /** Opens a file with the system's program; absent where the host cannot (a browser). */
  openFile?: (path: string) => Promise<boolean>;
  /** Shows a file selected in the system's file manager; absent where the host cannot. */
  showInFolder?: (path: string) => Promise<boolean>;
  /** Opens a folder in the system's file manager; absent where the host cannot. */
  openFolder?: (path: string) => Promise<boolean>;
  /** The system's folder dialog, starting at `defaultPath`: the folder chosen, null when cancelled; absent where there is none. */
  chooseFolder?: (defaultPath?: string) => Promise<string | null>;
}

/** Everything the handlers use, passed in (house.md #6). */
export interface BridgeDeps {
  engine: Engine;
  dataDir: string;
  host: HostInfo;
  settings: AppSettingsStore;
  /** Starts the embedded sandbox when needed and answers its demo company; null where there is none. */
  demo: (() => Promise<DemoCompany>) | null;
  grants: FileGrants;
  emit: Emit;
  log: Logger;
  env: NodeJS.ProcessEnv;
  now: () => number;
}
