import { z } from 'zod';
import type { BridgeResult } from '../../shared/bridge/api';
import type { BridgeErrorView } from '../../shared/bridge/views';
import type { RunnerOptions } from '../core/sync/account-runner';

/**
 * What main and the engine process say to each other over their MessagePort. Main only relays: the
 * renderer's commands go in, their answers and the engine's events come out, and the engine asks main
 * for what only main has (the keychain, the settings store, the system's "open file").
 */

/** A message end (MessagePortMain in the app, worker_threads' MessagePort in tests). */
export interface Wire {
  post(message: unknown): void;
  /** Answers the unsubscribe. */
  onMessage(fn: (message: unknown) => void): () => void;
  close(): void;
}

export interface EngineInit {
  dataDir: string;
  logsDir: string;
  version: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  capabilities: { openFiles: boolean; startAtLogin: boolean; notifications: boolean };
  /** Faster timings for tests; the app leaves them to the engine's defaults. */
  runner?: Partial<RunnerOptions>;
  /** EINVOICE_TAKE_OVER=1: take the data folder's lock from another computer that no longer runs. */
  takeOverLock?: boolean;
  /** The user's way out of a damaged database, taken before the engine opens (main's dialog). */
  repair?: 'restore' | 'rebuild';
}

export const HOST_OPS = [
  'secrets.check',
  'secrets.get',
  'secrets.set',
  'secrets.delete',
  'settings.read',
  'settings.write',
  'files.open',
  'files.showInFolder',
  'files.openFolder',
  'folders.choose',
] as const;
export type HostOp = (typeof HOST_OPS)[number];

const id = z.number().int().nonnegative();

export const toEngineSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('invoke'), id, name: z.string(), input: z.unknown() }),
  // The page no longer wants the answer: a call not started yet is never run, and never answered.
  z.object({ t: z.literal('withdraw'), id }),
  // One shape for both outcomes: a discriminated union needs one member per value of `t`.
  z.object({ t: z.literal('reply'), id, ok: z.boolean(), value: z.unknown().optional(), message: z.string().optional() }),
  z.object({ t: z.literal('stop') }),
]);
export type ToEngine = z.infer<typeof toEngineSchema>;

const errorView = z.custom<BridgeErrorView>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string',
);

export const fromEngineSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ready'), embeddedSandboxUrl: z.string().nullable() }),
  // `damaged`: the database cannot be trusted; main offers its ways out (restore only with a backup).
  z.object({ t: z.literal('failed'), message: z.string(), damaged: z.object({ backupAt: z.number().nullable() }).optional() }),
  z.object({
    t: z.literal('result'),
    id,
    result: z.union([z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: errorView })]),
  }),
  z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown() }),
  z.object({ t: z.literal('call'), id, op: z.enum(HOST_OPS), args: z.array(z.unknown()) }),
  z.object({ t: z.literal('stopped') }),
]);
export type FromEngine = z.infer<typeof fromEngineSchema>;

export type ResultMessage = { t: 'result'; id: number; result: BridgeResult<unknown> };
