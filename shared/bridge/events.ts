import type { FailureKind } from '../errors';
import type { CheckProgressView } from './validation';
import type { ActivityView, InvoiceRow, SyncState } from './views';

/** Everything main pushes to the renderer. */
export interface BridgeEvents {
  'sync.state': { accountId: string; state: SyncState; message: string | null };
  'sync.progress': { accountId: string; phase: string; done: number; total: number | null };
  /** A file entered the Outbox queue (or was held back as a duplicate). */
  'item.queued': { accountId: string; outboxId: number; file: string; held: boolean };
  'item.sent': { accountId: string; outboxId: number; file: string; remoteId: string | null };
  'item.rejected': { accountId: string; outboxId: number; file: string; message: string };
  'item.received': { accountId: string; kind: 'invoice' | 'document' | 'bank_message'; id: string };
  'item.delivery': { accountId: string; outboxId: number; status: string; needsReroute: boolean };
  /** What the account's Outbox files without a row wait for changed: ask 'outbox.pending' again. */
  'outbox.pending': { accountId: string };
  activity: ActivityView;
  problem: { accountId: string | null; kind: FailureKind; message: string };
  'accounts.changed': Record<string, never>;
  /** A received invoice's Detect result or its on-demand checks changed: ask 'detect.state' again. */
  'detect.updated': { accountId: string; invoiceId: string };
  /**
   * A mirrored invoice's row changed (a reroute, a Detect result): every list showing it puts this row
   * in its place, and the counts are asked again. `row` is null when it is no longer mirrored.
   */
  'invoice.changed': { accountId: string; invoiceId: string; row: InvoiceRow | null };
  /** The buyer answered a sent invoice (a received Invoice Response, UNCL4343 `code`): rejected and queried ones are told. */
  'invoice.answered': { accountId: string; invoiceId: string; number: string | null; code: string };
  /** A check moved on (its phase, its percent), or ended (`done`): the Outbox row and the Validate page show it. */
  'validate.progress': CheckProgressView & { done: boolean };
}

export type BridgeEventName = keyof BridgeEvents;
export const BRIDGE_EVENT_NAMES: readonly BridgeEventName[] = [
  'sync.state',
  'sync.progress',
  'item.queued',
  'item.sent',
  'item.rejected',
  'item.received',
  'item.delivery',
  'outbox.pending',
  'activity',
  'problem',
  'accounts.changed',
  'detect.updated',
  'invoice.changed',
  'invoice.answered',
  'validate.progress',
];
export const isBridgeEventName = (n: unknown): n is BridgeEventName =>
  typeof n === 'string' && (BRIDGE_EVENT_NAMES as readonly string[]).includes(n);
