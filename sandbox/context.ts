import { randomUUID } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { type GuardOptions, makeGuard } from './auth/guard';
import { TokenService } from './auth/tokens';
import { Faults } from './faults';
import { type CompanyRecord, TABLES, type UploadRecord } from './model';
import type { SandboxProfile } from './profile-real';
import { SandboxStore, type Table } from './store';

export interface SandboxConfig {
  /** Lifetime of issued tokens; the spec says 60 minutes, tests shorten it. */
  tokenLifetimeSec: number;
  /** How long a POST /v1/analysis stays PENDING before it finishes. */
  analysisDelayMs: number;
  /** What POST /v1/invoices answers to a uuid it has seen (the spec does not say): see REPEATED_UUID_ANSWERS. */
  repeatedUuid: RepeatedUuidAnswer;
  /** Whether GET /v1/invoices?direction=SENT items carry `uuid` (the real service's do not: F1). */
  listUuids: boolean;
  /** `spec` (the default) or `real`: answers as real-service-facts.md shows where the spec is silent (profile-real.ts). */
  profile: SandboxProfile;
}

/**
 * The three answers a service may give to a repeated invoice `uuid`: the first invoice again (the
 * sandbox's default, 200), a conflict (409), or none of its own: a second invoice, as if no uuid had
 * been given. The app must stay exactly-once under each (real-service-facts.md).
 */
export const REPEATED_UUID_ANSWERS = ['same-record', 'conflict', 'duplicate'] as const;
export type RepeatedUuidAnswer = (typeof REPEATED_UUID_ANSWERS)[number];

export interface SandboxOptions {
  dataDir?: string;
  tokenLifetimeSec?: number;
  analysisDelayMs?: number;
  repeatedUuid?: RepeatedUuidAnswer;
  profile?: SandboxProfile;
  /** Seed of the random source used for fault probabilities and demo data. */
  seed?: number;
  now?: () => number;
}

/** Everything a route module needs, passed in rather than imported (no module state). */
export interface SandboxContext {
  store: SandboxStore;
  tokens: TokenService;
  config: SandboxConfig;
  faults: Faults;
  /** The sandbox's own time: the real clock plus whatever tests moved it on (POST /__sandbox/clock). */
  clock: SandboxClock;
  now: () => number;
  nowIso: () => string;
  random: () => number;
  newId: () => string;
  guard: (opts?: GuardOptions) => preHandlerAsyncHookHandler;
  companies: Table<CompanyRecord>;
  uploads: Table<UploadRecord>;
}

export interface SandboxClock {
  /** How far the sandbox's time is ahead of the clock it was given. */
  readonly offsetMs: number;
  /** Moves the sandbox's time on (tokens expire, analyses finish) without anyone waiting; answers the new time. */
  advance(ms: number): number;
}

/** mulberry32: small, fast, seedable; good enough for fault dice and demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function createContext(opts: SandboxOptions = {}): Promise<SandboxContext> {
  const store = new SandboxStore(opts.dataDir);
  const base = opts.now ?? Date.now;
  let offsetMs = 0;
  const now = () => base() + offsetMs;
  const clock: SandboxClock = {
    get offsetMs() {
      return offsetMs;
    },
    advance(ms) {
      offsetMs += ms;
      return now();
    },
  };
  const random = seededRandom(opts.seed ?? 0x5eed);
  const tokens = await TokenService.create(store, now);
  const companies = store.table<CompanyRecord>(TABLES.companies);
  const uploads = store.table<UploadRecord>(TABLES.uploads);
  return {
    store,
    tokens,
    config: {
      tokenLifetimeSec: opts.tokenLifetimeSec ?? 3600,
      analysisDelayMs: opts.analysisDelayMs ?? 2000,
      repeatedUuid: opts.repeatedUuid ?? 'same-record',
      // The real service's sent list shows no uuid (F1).
      listUuids: opts.profile !== 'real',
      profile: opts.profile ?? 'spec',
    },
    faults: new Faults(random),
    clock,
    now,
    nowIso: () => new Date(now()).toISOString(),
    random,
    newId: randomUUID,
    guard: makeGuard(tokens, companies),
    companies,
    uploads,
  };
}
