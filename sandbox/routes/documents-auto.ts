import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import type { DocumentRecord } from '../domain/document-record';
import type { Documents } from '../domain/document-store';
import { parseOr400 } from '../http/errors';

/**
 * Opt-in automatic delivery: when set, every uploaded document leaves PROCESSING by itself after a
 * delay, through the same status machine as the admin route. Off by default so tests stay in control.
 * The setting is a table row, so a persisted sandbox keeps it; pending moves are rescheduled at start.
 */
const SETTINGS = 'document_settings';
const ROW = 'auto_delivery';

const OUTCOMES = ['DELIVERED', 'CONFIRMED_DELIVERY', 'FAILED'] as const;
interface AutoDeliveryRow {
  id: string;
  after_ms: number;
  outcome: (typeof OUTCOMES)[number];
}

const bodySchema = z.object({
  after_ms: z.number().int().min(0).max(3_600_000).nullable(),
  outcome: z.enum(OUTCOMES).default('DELIVERED'),
});

const view = (row: AutoDeliveryRow | undefined) =>
  row ? { after_ms: row.after_ms, outcome: row.outcome } : { after_ms: null, outcome: null };

/** Registers the admin setting and answers the hook the upload route calls for each new document. */
export function documentAutoDelivery(app: FastifyInstance, ctx: SandboxContext, docs: Documents): (doc: DocumentRecord) => void {
  const settings = ctx.store.table<AutoDeliveryRow>(SETTINGS);
  const timers = new Set<NodeJS.Timeout>();

  const settle = (id: string, outcome: AutoDeliveryRow['outcome']) => {
    const doc = docs.table.get(id);
    if (doc?.status !== 'PROCESSING') return;
    if (outcome === 'FAILED') {
      docs.move(doc, 'FAILED', 'route', 'The recipient access point refused the document');
      return;
    }
    docs.move(doc, 'DELIVERED', 'route');
    if (outcome === 'CONFIRMED_DELIVERY') docs.move(doc, 'CONFIRMED_DELIVERY', 'route');
  };

  const schedule = (doc: DocumentRecord) => {
    const row = settings.get(ROW);
    if (!row || doc.direction !== 'SENT' || doc.status !== 'PROCESSING') return;
    const wait = Math.max(0, Date.parse(doc.created_at) + row.after_ms - ctx.now());
    const t = setTimeout(() => {
      timers.delete(t);
      settle(doc.id, row.outcome);
    }, wait);
    t.unref();
    timers.add(t);
  };

  if (settings.get(ROW)) for (const d of docs.table.values()) schedule(d);
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
  });

  app.get('/__sandbox/documents/auto-delivery', async () => view(settings.get(ROW)));
  app.put('/__sandbox/documents/auto-delivery', async (req) => {
    const b = parseOr400(bodySchema, req.body);
    if (b.after_ms === null) settings.delete(ROW);
    else settings.put({ id: ROW, after_ms: b.after_ms, outcome: b.outcome });
    return view(settings.get(ROW));
  });
  return schedule;
}
