import type { BridgeResult } from '../../shared/bridge/api';
import { type BridgeEventName, type BridgeEvents, isBridgeEventName } from '../../shared/bridge/events';
import type { AppSettings, AppSettingsPatch } from '../../shared/settings';
import type { Dispatch } from '../core/bridge';
import type { Logger } from '../core/log';
import type { AccountSecret } from '../core/secrets';
import { type EngineInit, type FromEngine, fromEngineSchema, type HostOp, type Wire } from './engine-protocol';
import type { EngineState } from './tray-state';

/** A started engine process (Electron's utilityProcess in the app; the same code in-process in tests). */
export interface EngineChild {
  wire: Wire;
  onExit(fn: (code: number | null) => void): void;
  kill(): void;
}

/** What main answers when the engine process asks (the engine process has no keychain of its own). */
export interface HostHandlers {
  'secrets.check'(): string | null;
  'secrets.get'(accountId: string): Promise<AccountSecret | null>;
  'secrets.set'(accountId: string, secret: AccountSecret): Promise<void>;
  'secrets.delete'(accountId: string): Promise<void>;
  'settings.read'(): Promise<AppSettings>;
  'settings.write'(patch: AppSettingsPatch): Promise<AppSettings>;
  'files.open'(path: string): Promise<boolean>;
  /** Left out where main cannot (a test's main): the engine then answers that nothing was shown. */
  'files.showInFolder'?(path: string): Promise<boolean>;
  'files.openFolder'?(path: string): Promise<boolean>;
  /** The system's folder dialog: the folder chosen, or null (cancelled, or a main without one). */
  'folders.choose'?(defaultPath: string | undefined): Promise<string | null>;
}

export interface EngineProcessOptions {
  spawn(init: EngineInit): EngineChild;
  init: EngineInit;
  host: HostHandlers;
  onEvent<E extends BridgeEventName>(name: E, payload: BridgeEvents[E]): void;
  onState?(state: EngineState, message: string | null): void;
  log: Logger;
  now?: () => number;
  /** Restarts allowed within ten minutes before the engine is left stopped (3). */
  maxRestarts?: number;
}

const RESTART_WINDOW_MS = 10 * 60_000;

const failure = (kind: 'retry' | 'internal' | 'user', message: string): BridgeResult<never> => ({ ok: false, error: { kind, message } });
/** The answer to a call its page withdrew: the page has stopped waiting, so nobody reads it. */
const WITHDRAWN = failure('retry', 'The page withdrew this call');

/**
 * Main's handle on the engine process. Main only relays: commands out and their answers back,
 * events to the windows, and the engine's questions to the keychain and settings. If the process
 * dies, commands in flight are answered with a retryable failure and it is started again (a few times;
 * a crash loop is left stopped and said so).
 */
export class EngineProcess {
  private child: EngineChild | null = null;
  private state: EngineState = 'starting';
  private readonly pending = new Map<number, (r: BridgeResult<unknown>) => void>();
  private nextId = 0;
  private stopping = false;
  private readonly restarts: number[] = [];
  private ready: Promise<void> = Promise.resolve();
  private failedMessage: string | null = null;
  /** Set when the engine refused a damaged database: main offers the ways out (see repair). */
  damaged: { backupAt: number | null } | null = null;
  embeddedSandboxUrl: string | null = null;

  constructor(private readonly o: EngineProcessOptions) {}

  get current(): EngineState {
    return this.state;
  }

  private setState(state: EngineState, message: string | null = null) {
    this.state = state;
    this.o.onState?.(state, message);
  }

  /** Starts the process; resolves when the engine is serving, rejects with its reason when it could not start. */
  start(init: EngineInit = this.o.init): Promise<void> {
    this.ready = new Promise<void>((resolve, reject) => {
      const child = this.o.spawn(init);
      this.child = child;
      let settled = false;
      const off = child.wire.onMessage((raw) => {
        const parsed = fromEngineSchema.safeParse(raw);
        if (!parsed.success) {
          this.o.log.warn('main ignored a malformed message from the engine process');
          return;
        }
        const m = parsed.data;
        if (m.t === 'ready' && !settled) {
          settled = true;
          this.embeddedSandboxUrl = m.embeddedSandboxUrl;
          this.failedMessage = null;
          this.setState('running');
          resolve();
        } else if (m.t === 'failed' && !settled) {
          settled = true;
          this.failedMessage = m.message;
          this.damaged = m.damaged ?? null;
          this.setState('failed', m.message);
          // It waits to be told to go, so that this message is not overtaken by its exit.
          child.wire.post({ t: 'stop' });
          reject(new Error(m.message));
        } else {
          this.receive(child, m);
        }
      });
      child.onExit((code) => {
        off();
        // A process that failed to start may exit after the next one began (a repair): that one is not its restart.
        if (this.child !== child && settled) return;
        if (this.child === child) this.child = null;
        this.answerAll(failure('retry', 'The sync engine stopped unexpectedly; it is being started again. Try again in a moment.'));
        if (!settled) {
          settled = true;
          this.failedMessage ??= `The sync engine exited while starting (code ${code ?? 'none'})`;
          this.setState('failed', this.failedMessage);
          reject(new Error(this.failedMessage));
          return;
        }
        if (this.stopping || this.state === 'failed') return;
        this.restart(code);
      });
    });
    return this.ready;
  }

  /**
   * Starts the engine again after the user chose a way out of a damaged database: it restores the
   * last good backup or rebuilds the database before it opens. Rejects as start does.
   */
  repair(way: 'restore' | 'rebuild'): Promise<void> {
    this.damaged = null;
    this.setState('starting');
    // Only this start repairs: a later restart opens what the repair left.
    return this.start({ ...this.o.init, repair: way });
  }

  private restart(code: number | null) {
    const now = (this.o.now ?? Date.now)();
    while (this.restarts.length && now - this.restarts[0]! > RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length >= (this.o.maxRestarts ?? 3)) {
      this.failedMessage = 'The sync engine keeps stopping; restart the app. The log folder has the details.';
      this.o.log.error('engine process crashed too often; left stopped', { code });
      this.setState('failed', this.failedMessage);
      return;
    }
    this.restarts.push(now);
    this.o.log.warn('engine process exited; starting it again', { code });
    this.setState('restarting');
    this.start().catch((e: Error) => this.o.log.error('engine process could not be started again', { error: e.message }));
  }

  private receive(child: EngineChild, m: FromEngine) {
    if (m.t === 'result') {
      const answer = this.pending.get(m.id);
      this.pending.delete(m.id);
      answer?.(m.result);
    } else if (m.t === 'event') {
      if (isBridgeEventName(m.name)) this.o.onEvent(m.name, m.payload as BridgeEvents[typeof m.name]);
    } else if (m.t === 'call') {
      this.answerCall(child, m.id, m.op, m.args);
    }
  }

  private answerCall(child: EngineChild, id: number, op: HostOp, args: unknown[]) {
    const h = this.o.host;
    const run = async (): Promise<unknown> => {
      switch (op) {
        case 'secrets.check':
          return h['secrets.check']();
        case 'secrets.get':
          return h['secrets.get'](String(args[0]));
        case 'secrets.set':
          return h['secrets.set'](String(args[0]), args[1] as AccountSecret);
        case 'secrets.delete':
          return h['secrets.delete'](String(args[0]));
        case 'settings.read':
          return h['settings.read']();
        case 'settings.write':
          return h['settings.write']((args[0] ?? {}) as AppSettingsPatch);
        case 'files.open':
          return h['files.open'](String(args[0]));
        case 'files.showInFolder':
          return h['files.showInFolder']?.(String(args[0])) ?? false;
        case 'files.openFolder':
          return h['files.openFolder']?.(String(args[0])) ?? false;
        case 'folders.choose':
          return h['folders.choose']?.(typeof args[0] === 'string' ? args[0] : undefined) ?? null;
      }
    };
    run().then(
      (value) => child.wire.post({ t: 'reply', id, ok: true, value: value ?? null }),
      (e: Error) => child.wire.post({ t: 'reply', id, ok: false, message: e.message }),
    );
  }

  private answerAll(result: BridgeResult<never>) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const answer of waiting) answer(result);
  }

  /** Runs a command in the engine process: the one path from the renderer to the engine. */
  dispatch: Dispatch = async (name, input, options) => {
    if (this.state !== 'running') {
      if (this.state === 'failed') return failure('user', this.failedMessage ?? 'The sync engine is not running; restart the app');
      await this.ready.catch(() => undefined);
    }
    const child = this.child;
    if (!child || this.state !== 'running') return failure('retry', 'The sync engine is not running yet; try again in a moment');
    const signal = options?.signal;
    if (signal?.aborted) return WITHDRAWN;
    return new Promise<BridgeResult<unknown>>((resolve) => {
      const id = this.nextId++;
      const withdraw = () => {
        if (!this.pending.delete(id)) return;
        // The engine skips it if it has not started it; a result that still comes finds no one waiting.
        child.wire.post({ t: 'withdraw', id });
        resolve(WITHDRAWN);
      };
      this.pending.set(id, (result) => {
        signal?.removeEventListener('abort', withdraw);
        resolve(result);
      });
      signal?.addEventListener('abort', withdraw, { once: true });
      child.wire.post({ t: 'invoke', id, name, input });
    });
  };

  /**
   * Asks the engine to finish the work in flight and stop; kills the process if it has not stopped
   * within the grace time (a hung upload must not keep the app from quitting).
   */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        off();
        resolve();
      };
      const off = child.wire.onMessage((raw) => {
        if ((raw as { t?: unknown })?.t === 'stopped') finish();
      });
      child.onExit(finish);
      const timer = setTimeout(() => {
        this.o.log.warn('engine did not stop in time; ending its process');
        child.kill();
        finish();
      }, graceMs);
      timer.unref?.();
      child.wire.post({ t: 'stop' });
    });
    this.answerAll(failure('retry', 'The app is closing'));
    child.kill();
    this.child = null;
  }
}
