import { EventEmitter } from 'node:events';
import type { FailureKind } from '../../../shared/errors';
import type { CheckInFlight } from './check-board';

/** What the engine tells its host (CLI, desktop shell, web host) and tests (house.md #7). */
export interface EngineEventMap {
  /** A file was queued (or held back as a duplicate). */
  queued: { accountId: string; outboxId: number; file: string; held: boolean; message?: string };
  /** A file was uploaded and moved to Sent/. */
  sent: { accountId: string; outboxId: number; file: string; remoteId: string | null; kind: 'invoice' | 'document' | 'bank_message' };
  /** The service refused a file for good; it is in Failed/ with a note. */
  rejected: { accountId: string; outboxId: number; file: string; message: string };
  /** A sent item's delivery status changed; FAILED ones need a reroute. */
  delivery: { accountId: string; outboxId: number; remoteId: string; status: string; needsReroute: boolean };
  /** A received invoice, document or bank message was mirrored. */
  received: { accountId: string; kind: 'invoice' | 'document' | 'bank_message'; id: string };
  /** A file was written into the Inbox. */
  downloaded: { accountId: string; kind: 'invoice' | 'document' | 'bank_message'; id: string; path: string };
  /** A received invoice's Detect result or its analyses changed (fetched, still running, or given up). */
  detect: { accountId: string; invoiceId: string };
  /** A mirrored invoice changed by the user's own command (a reroute), not by a sync. */
  invoice: { accountId: string; invoiceId: string };
  /** A received Invoice Response was linked to the sent invoice it answers (sync/invoice-responses-in.ts). */
  answered: { accountId: string; invoiceId: string; number: string | null; code: string };
  /** A file's check moved on, or ended (`done`): sync/check-board.ts. */
  check: CheckInFlight & { done: boolean };
  /** Progress of long work, such as a first mirror. */
  progress: { accountId: string; phase: string; done: number; total: number | null };
  /** Something failed that the user may need to see. */
  problem: { accountId: string | null; kind: FailureKind; message: string };
  /** What the files of an account's Outbox without a row wait for changed (settling, locked, checking, held). */
  pending: { accountId: string };
  /** An account finished a sync cycle. */
  synced: { accountId: string; at: number; ok: boolean };
  /** Account state for the UI: running, paused, needs the user... */
  state: { accountId: string; state: 'idle' | 'syncing' | 'paused' | 'needs_user' | 'offline'; message?: string };
}

export type EngineEventName = keyof EngineEventMap;

/** A typed event emitter; `on` answers its own unsubscribe. */
export class EngineEvents {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends EngineEventName>(name: K, payload: EngineEventMap[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends EngineEventName>(name: K, fn: (payload: EngineEventMap[K]) => void): () => void {
    this.emitter.on(name, fn);
    return () => this.emitter.off(name, fn);
  }
  /** Resolves with the first event that satisfies `pred` (tests wait for events, never sleep). */
  waitFor<K extends EngineEventName>(
    name: K,
    pred: (p: EngineEventMap[K]) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<EngineEventMap[K]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`timed out waiting for '${name}'`));
      }, timeoutMs);
      const off = this.on(name, (p) => {
        if (!pred(p)) return;
        clearTimeout(timer);
        off();
        resolve(p);
      });
    });
  }
}
