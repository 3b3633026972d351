import { cruise, type IAllowedRuleType, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import { ROOMS, type Room, roomByName } from './rooms';

const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled'] as const;
const ELECTRON = '^(node_modules/)?electron(/|$)';
/** The modules that make, type or hand out the store's writer; the bridge may import the reader and row types only. */
const STORE_WRITER = '^main/core/store/(index|writer)\\.ts$';
const STORE_WRITER_BANNED = '^main/core/bridge/';

/** The rooms as dependency-cruiser rules: an allow-list (anything else is an error) plus three bans. */
export function ruleSet(rooms: readonly Room[] = ROOMS): { allowed: IAllowedRuleType[]; forbidden: IForbiddenRuleType[] } {
  const allowed: IAllowedRuleType[] = [];
  for (const r of rooms) {
    const from = { path: r.path };
    if (r.may.includes('*')) {
      allowed.push({ comment: `${r.name}: ${r.comment}`, from, to: {} });
      continue;
    }
    allowed.push({ comment: `${r.name} may use its own files`, from, to: { path: r.path } });
    for (const t of r.may) allowed.push({ comment: `${r.name} -> ${t}`, from, to: { path: roomByName(t).path } });
    allowed.push({ comment: `${r.name} may use npm packages`, from, to: { dependencyTypes: [...NPM] } });
    if (r.node) allowed.push({ comment: `${r.name} may use Node's built-ins`, from, to: { dependencyTypes: ['core'] } });
  }
  const runtime = rooms.filter((r) => !r.may.includes('*'));
  const withoutElectron = runtime.filter((r) => !r.electron);
  const forbidden: IForbiddenRuleType[] = [
    {
      name: 'no-electron',
      comment: 'only the desktop shell and the preload know Electron: the engine, the sandbox and the UI run without it',
      severity: 'error',
      from: { path: withoutElectron.map((r) => r.path).join('|') },
      to: { path: ELECTRON },
    },
    {
      name: 'no-dev-dependency-at-run-time',
      comment: 'the shipped app has only "dependencies": a devDependency imported at run time is missing in the installer',
      severity: 'error',
      from: { path: runtime.map((r) => r.path).join('|'), pathNot: '^renderer/' },
      to: { dependencyTypes: ['npm-dev'], pathNot: ELECTRON },
    },
    {
      name: 'no-store-writer-in-bridge',
      comment:
        "the engine is the only writer: the bridge reads through engine.store (store/reader.ts) and changes through the engine's methods, never the store's writer (store/index.ts, store/writer.ts)",
      severity: 'error',
      from: { path: STORE_WRITER_BANNED },
      to: { path: STORE_WRITER },
    },
    {
      name: 'no-undeclared-package',
      comment: 'every package imported is in package.json',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ];
  return { allowed, forbidden };
}

export interface LayerViolation {
  from: string;
  to: string;
  rule: string;
  /** What the reader should know: which room the file is in and what that room may use. */
  message: string;
}

export const roomOf = (path: string, rooms: readonly Room[] = ROOMS): Room | undefined => rooms.find((r) => new RegExp(r.path).test(path));

/** Cruises `paths` (relative to `baseDir`) and answers every import the rooms do not allow. */
export async function checkLayers(baseDir: string, paths: string[], rooms: readonly Room[] = ROOMS): Promise<LayerViolation[]> {
  const { allowed, forbidden } = ruleSet(rooms);
  const result = await cruise(paths, {
    baseDir,
    validate: true,
    ruleSet: { allowed, allowedSeverity: 'error', forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|out|artifacts)/' },
    outputType: 'json',
  });
  const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  const violations = (output.summary?.violations ?? []) as IViolation[];
  return violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name, message: explain(v, rooms) }));
}

function explain(v: IViolation, rooms: readonly Room[]): string {
  const room = roomOf(v.from, rooms);
  if (!room) return `${v.from} is in no room: give its folder a place in scripts/layers/rooms.ts`;
  if (v.rule.name === 'no-store-writer-in-bridge')
    return `${v.from} imports ${v.to}, the store's writer: the bridge reads engine.store (store/reader.ts) and asks an engine method to change anything`;
  if (v.rule.name !== 'not-in-allowed') return `${v.from} -> ${v.to}: ${v.rule.name}`;
  const target = roomOf(v.to, rooms);
  const may = room.may.length ? room.may.join(', ') : 'nothing else of ours';
  return `${v.from} (${room.name}) imports ${v.to}${target ? ` (${target.name})` : ''}; ${room.name} may use ${may}${
    room.node ? '' : ', and no Node built-ins'
  } — ${room.comment}`;
}
