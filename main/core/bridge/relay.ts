import type { InvoiceRow } from '../../../shared/bridge/views';
import type { Logger } from '../log';
import type { StoreReader } from '../store/reader';
import type { EngineEventName, EngineEvents } from '../sync/events';
import type { Emit } from './types';
import { activityView } from './views';

/** A mirrored invoice's row as the lists show it, read when it changed; null once it is gone. */
export type InvoiceRowOf = (accountId: string, invoiceId: string) => InvoiceRow | null;

/**
 * Engine events that come with activity entries; `synced` ends every cycle, so entries written without
 * an event of their own (a download given up, a file withdrawn) are pushed by the end of their cycle.
 */
const WRITES_ACTIVITY: readonly EngineEventName[] = ['queued', 'sent', 'rejected', 'problem', 'delivery', 'synced'];
/** Entries pushed at most per read; a burst beyond this (thousands of files queued at once) is read with activity.list. */
const MAX_PUSH = 5000;

/**
 * Maps the engine's events onto the bridge's (shared/bridge/events.ts). The activity log is written
 * by the sync side straight into the store, so new entries are read after the events that write
 * them: coalesced into one read per turn of the event loop, each entry pushed once, oldest first.
 */
export function relayEngineEvents(events: EngineEvents, activity: StoreReader['activity'], emit: Emit, log: Logger, rowOf?: InvoiceRowOf) {
  let lastActivity = activity.listLatest(1)[0]?.id ?? 0;
  let pending: NodeJS.Immediate | null = null;
  let stopped = false;

  const pushActivity = () => {
    pending = null;
    if (stopped) return;
    try {
      // Only the new rows: a drop writes entries file by file, and reading the newest 200 for each of
      // them was most of the relay's work (21 MB of garbage over a drop of 300 files).
      for (const entry of activity.listNewer(lastActivity, MAX_PUSH)) {
        lastActivity = entry.id;
        emit('activity', activityView(entry));
      }
    } catch (e) {
      log.warn('activity relay could not read the log', { error: (e as Error).message });
    }
  };
  // The row goes with the event, so a list puts it in place without asking for the list again.
  const invoiceChanged = (accountId: string, invoiceId: string) => {
    if (!rowOf) return;
    try {
      emit('invoice.changed', { accountId, invoiceId, row: rowOf(accountId, invoiceId) });
    } catch (e) {
      log.warn('could not read a changed invoice for the lists', { error: (e as Error).message });
    }
  };
  const soon = () => {
    if (!pending && !stopped) pending = setImmediate(pushActivity);
  };

  const offs = [
    events.on('state', (p) => {
      emit('sync.state', { accountId: p.accountId, state: p.state, message: p.message ?? null });
    }),
    events.on('progress', (p) => emit('sync.progress', { accountId: p.accountId, phase: p.phase, done: p.done, total: p.total })),
    events.on('queued', (p) => emit('item.queued', { accountId: p.accountId, outboxId: p.outboxId, file: p.file, held: p.held })),
    events.on('sent', (p) => emit('item.sent', { accountId: p.accountId, outboxId: p.outboxId, file: p.file, remoteId: p.remoteId })),
    events.on('rejected', (p) => emit('item.rejected', { accountId: p.accountId, outboxId: p.outboxId, file: p.file, message: p.message })),
    events.on('received', (p) => emit('item.received', { accountId: p.accountId, kind: p.kind, id: p.id })),
    events.on('delivery', (p) =>
      emit('item.delivery', { accountId: p.accountId, outboxId: p.outboxId, status: p.status, needsReroute: p.needsReroute }),
    ),
    events.on('pending', (p) => emit('outbox.pending', { accountId: p.accountId })),
    events.on('problem', (p) => emit('problem', { accountId: p.accountId, kind: p.kind, message: p.message })),
    events.on('detect', (p) => {
      emit('detect.updated', { accountId: p.accountId, invoiceId: p.invoiceId });
      invoiceChanged(p.accountId, p.invoiceId);
    }),
    events.on('invoice', (p) => invoiceChanged(p.accountId, p.invoiceId)),
    events.on('answered', (p) => emit('invoice.answered', p)),
    events.on('check', (p) => emit('validate.progress', p)),
    ...WRITES_ACTIVITY.map((name) => events.on(name, soon)),
  ];

  return {
    stop(): void {
      stopped = true;
      if (pending) clearImmediate(pending);
      for (const off of offs) off();
    },
  };
}
