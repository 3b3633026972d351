import type { Api } from '../api';
import { type DemoPolicy, type OpenedApp, openApp } from '../app/open-app';
import { jsonLogger, type Logger, type LogLevel } from '../log';
import { defaultDataDir } from '../paths';
import { readPassphrase } from '../secrets/terminal-passphrase';
import type { Account } from '../store/accounts';
import type { RunnerOptions } from '../sync/account-runner';

export interface GlobalOptions {
  data?: string;
  logLevel?: string;
  /** Takes over the data folder's lock from another computer (bin.ts). */
  takeOver?: boolean;
  /** --passphrase-fd: the encrypted secrets file's passphrase is read from this open file descriptor. */
  passphraseFd?: string;
  /** The command being run, such as `outbox list`: set by bin.ts before its action, for the data folder's lock. */
  command?: string;
}

export class UsageError extends Error {}

/** What a command works with: the app opened once on the data folder. */
export type CliContext = OpenedApp;

const LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error'];

export interface OpenCliOptions {
  /** Default `when-needed`: the embedded sandbox runs only for Sandbox accounts without an address. */
  demo?: DemoPolicy;
  runner?: Partial<RunnerOptions>;
  /** `read-through` for commands that only read: they run beside a process that holds the data folder. */
  access?: 'write' | 'read-through';
  /** The database's daily backup and weekly check: `sync`, which runs the engine. */
  care?: boolean;
}

/** The --passphrase-fd value as a descriptor number; 0 to 2 are the terminal's and never a passphrase file. */
export function passphraseFd(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const fd = Number(value);
  if (!Number.isInteger(fd) || fd < 3)
    throw new UsageError('--passphrase-fd is an open file descriptor number, 3 or more (e.g. 3 3<passphrase.txt)');
  return fd;
}

/**
 * The command line's part of opening the app: the data folder, the log level, and the API keys in
 * the OS keychain, or in the encrypted file whose passphrase is asked for on a terminal.
 */
export async function openCli(g: GlobalOptions, opts: OpenCliOptions = {}): Promise<CliContext> {
  const dataDir = g.data ?? defaultDataDir();
  const level = (g.logLevel ?? 'info') as LogLevel;
  if (!LEVELS.includes(level)) throw new UsageError(`--log-level must be one of ${LEVELS.join(', ')}`);
  const log: Logger = jsonLogger((line) => process.stderr.write(line), { level });
  return openApp({
    dataDir,
    program: { kind: 'cli', command: g.command },
    access: opts.access,
    care: opts.care === true,
    takeOverLock: g.takeOver === true,
    secrets: 'os',
    passphrasePrompt: process.stdin.isTTY ? readPassphrase : undefined,
    passphraseFd: passphraseFd(g.passphraseFd),
    log,
    runner: opts.runner,
    demo: opts.demo,
  });
}

/** The account a command acts for: the one named with --account, or the only one there is. */
export function chosenAccount(cli: CliContext, name: string | undefined): Account {
  const accounts = cli.engine.listAccounts();
  const account = name ? cli.engine.findAccount(name) : accounts.length === 1 ? accounts[0] : undefined;
  if (!account) throw new UsageError(name ? `No account named "${name}"` : '--account is needed when there is not exactly one account');
  return account;
}

/**
 * Opens the app, runs `run` with the chosen account's API client and closes it again: the shape of
 * every command that asks the service one thing for one account. `before` checks what the command
 * needs of the account (a vendor key, say) before any request is made.
 */
export async function withAccountApi<T>(
  g: GlobalOptions,
  name: string | undefined,
  run: (api: Api, on: { account: Account; cli: CliContext }) => Promise<T>,
  before?: (account: Account, cli: CliContext) => Promise<void>,
): Promise<T> {
  const cli = await openCli(g);
  try {
    const account = chosenAccount(cli, name);
    await before?.(account, cli);
    return await run(await cli.engine.api(account.id), { account, cli });
  } finally {
    await cli.close();
  }
}
