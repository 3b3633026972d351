/**
 * The rooms of the house and the one allow-list each has (../shared/design/house.md, ARCHITECTURE.md).
 * A room may import its own files, the rooms named in `may`, and npm packages; Node's built-ins only
 * with `node`, Electron only with `electron`. An import that no room allows fails `npm run lint:layers`,
 * and so does a file outside every room: a new folder of ours has to be given its place here first.
 * Paths are regular expressions on the path from the repository root, with forward slashes.
 */
export interface Room {
  name: string;
  path: string;
  may: readonly string[];
  node: boolean;
  electron: boolean;
  /** Why the room exists, shown when a rule fails. */
  comment: string;
}

const ENGINE_LEAVES = ['core/api', 'core/store', 'core/render', 'core/validate', 'core/base', 'core/secrets'] as const;

export const ROOMS: readonly Room[] = [
  {
    name: 'shared',
    path: '^shared/',
    may: [],
    node: false,
    electron: false,
    comment: 'the contract every side uses, also in the renderer: nothing of ours but shared/, no Node built-ins',
  },
  {
    name: 'sandbox',
    path: '^sandbox/',
    // core/validate: the validator host (POST /v1/validate) runs the very rule sets the app vendors, as
    // the service runs the official ones; a second Schematron runner would be a copy that drifts.
    may: ['shared', 'core/validate'],
    node: true,
    electron: false,
    comment: 'the service stand-in builds on shared/, and on core/validate for its validator host only',
  },
  { name: 'core/api', path: '^main/core/api/', may: ['shared'], node: true, electron: false, comment: 'HTTP clients of the service' },
  { name: 'core/store', path: '^main/core/store/', may: ['shared'], node: true, electron: false, comment: 'SQLite: all SQL lives here' },
  { name: 'core/render', path: '^main/core/render/', may: ['shared'], node: true, electron: false, comment: 'invoice XML to a view' },
  {
    name: 'core/validate',
    path: '^main/core/validate/',
    may: ['shared', 'core/render', 'core/base'],
    node: true,
    electron: false,
    comment: 'local validation of invoices against the official rules',
  },
  {
    name: 'core/base',
    path: '^main/core/(log|paths|threadpool|worker-entry)\\.ts$',
    may: ['shared'],
    node: true,
    electron: false,
    comment: "the engine's logger, folder names and thread pool size, used by every room of main/",
  },
  {
    name: 'core/secrets',
    path: '^main/core/secrets(\\.ts$|/)',
    may: ['shared', 'core/base'],
    node: true,
    electron: false,
    comment: 'where API keys are kept',
  },
  {
    name: 'core/sync',
    path: '^main/core/sync/',
    may: ['shared', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment: 'planner, executor, pollers, downloads: builds on api, store and the leaves, never on the hosts',
  },
  {
    name: 'core/accounts',
    path: '^main/core/accounts/',
    may: ['shared', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment:
      "an account's changes, checked once: its name, folder and folder options, its service address and credentials, its keys, which changes restart its sync",
  },
  {
    name: 'core/engine',
    path: '^main/core/engine(\\.ts$|/)',
    may: ['shared', 'core/accounts', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment: 'the engine object every host opens (engine.ts, a facade) and its runners and status (engine/)',
  },
  {
    name: 'core/bridge',
    path: '^main/core/bridge/',
    may: ['shared', 'core/engine', 'core/accounts', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment: "the bridge's command handlers: call the engine, never a host",
  },
  {
    name: 'core/demo',
    path: '^main/core/demo/',
    may: ['shared', 'sandbox', 'core/base'],
    node: true,
    electron: false,
    comment: 'the one door to the sandbox: the embedded demo service, loaded only when an account needs it',
  },
  {
    name: 'core/app',
    path: '^main/core/app/',
    may: ['shared', 'core/engine', 'core/accounts', 'core/bridge', 'core/demo', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment: 'the composition root: opens the engine once for the CLI, the web host and the desktop shell',
  },
  {
    name: 'core/cli',
    path: '^main/core/cli/',
    may: ['shared', 'core/app', 'core/engine', 'core/accounts', 'core/bridge', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment: 'the command line: a host of the engine',
  },
  {
    name: 'core/host',
    path: '^main/core/host/',
    may: ['shared', 'core/app', 'core/engine', 'core/accounts', 'core/bridge', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: false,
    comment: 'the loopback web host: a host of the engine',
  },
  {
    name: 'electron',
    path: '^main/electron/',
    may: ['shared', 'core/app', 'core/host', 'core/engine', 'core/accounts', 'core/bridge', 'core/sync', ...ENGINE_LEAVES],
    node: true,
    electron: true,
    comment: 'the desktop shell: a host of the engine',
  },
  { name: 'preload', path: '^preload/', may: ['shared'], node: false, electron: true, comment: 'exposes the typed bridge, nothing else' },
  {
    name: 'renderer',
    path: '^renderer/',
    may: ['shared'],
    node: false,
    electron: false,
    comment: 'the UI asks main through the bridge: never the disk, the network or the engine',
  },
  {
    name: 'tools',
    path: '^(test|bench|scripts)/|^[^/]+\\.ts$',
    may: ['*'],
    node: true,
    electron: true,
    comment: 'tests, benchmarks, build scripts and configs may use every room',
  },
];

export const roomByName = (name: string): Room => {
  const r = ROOMS.find((x) => x.name === name);
  if (!r) throw new Error(`No room named ${name}`);
  return r;
};
