import type {
  CollectionDetailView,
  CollectionFeedView,
  CollectionMessageView,
  CollectionOverviewView,
  CollectionServicesView,
  CollectionServiceView,
  DirectPaymentView,
  ServiceAssignmentsView,
  ServiceLevelsView,
} from '../../../../shared/bridge/collection-views';
import {
  COLLECTION_SERVICES,
  type CombinedServices,
  type ServiceLevelRecord,
  type ServiceState,
} from '../../../../shared/schemas/receivables';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names =
  | 'collection.services'
  | 'collection.join'
  | 'collection.activate'
  | 'collection.change'
  | 'collection.leave'
  | 'collection.send'
  | 'collection.detail'
  | 'collection.markSeen'
  | 'collection.messages'
  | 'collection.reply'
  | 'collection.overview'
  | 'collection.serviceAssignments'
  | 'collection.directPayment'
  | 'collection.serviceLevels'
  | 'collection.setServiceLevel'
  | 'collection.events'
  | 'collection.states';

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function serviceView(s: ServiceState, service: CollectionServiceView['service']): CollectionServiceView {
  return {
    service,
    status: String(s.status),
    accountableParty: text(s.accountable_party),
    serviceType: text(s.service_type),
    clientCode: text(s.client_code),
    contactEmail: text(s.contact_email) ?? text(s.agreement_contact_email),
    updatedAt: text(s.updated_at),
  };
}
const servicesView = (c: CombinedServices): CollectionServicesView => ({
  services: COLLECTION_SERVICES.map((s) => serviceView(c[s], s)),
});

function detail(d: BridgeDeps, accountId: string, invoiceId: string): CollectionDetailView {
  const { collection } = d.engine.store;
  return { state: collection.get(accountId, invoiceId), events: collection.events(accountId, invoiceId) };
}

/** The assignment the agency opened for the invoice; before there is one there is nothing to read. */
function assignmentOf(d: BridgeDeps, accountId: string, invoiceId: string): string {
  const id = d.engine.store.collection.get(accountId, invoiceId)?.assignmentId;
  if (!id) throw invalid('The invoice has not been sent to collection', { invoiceId: 'no assignment for this invoice' });
  return id;
}

const levelsView = (list: readonly ServiceLevelRecord[]): ServiceLevelsView => ({
  levels: list
    .map((l) => ({ customerBid: l.customer_bid, level: String(l.service_level), updatedAt: l.updated_at ?? null }))
    .sort((a, b) => a.customerBid.localeCompare(b.customerBid)),
});

const messageView = (m: { id: string; sender: string; body: string; created_at: string; seen?: boolean | undefined }) =>
  ({ id: m.id, sender: m.sender, body: m.body, createdAt: m.created_at, seen: m.seen ?? true }) satisfies CollectionMessageView;

/** Collection and reminders: onboarding straight at the service, assignments through the engine's mirror. */
export function collectionHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const ops = async (accountId: string) => {
    accountOf(d, accountId);
    return d.engine.collection(accountId);
  };
  const services = async (accountId: string) => servicesView(await (await apiOf(d, accountId)).receivables.services());
  const messages = async (accountId: string, invoiceId: string): Promise<CollectionMessageView[]> => {
    const api = (await apiOf(d, accountId)).receivables;
    const list = await api.messages(assignmentOf(d, accountId, invoiceId));
    // Opening the conversation is reading it: the agency's new messages are marked read.
    for (const m of list) if (m.seen === false && m.sender !== 'company') await api.markMessageSeen(m.id);
    return list.map(messageView);
  };
  return {
    'collection.services': (input) => services(input.accountId),
    'collection.join': async (input) => {
      const r = (await apiOf(d, input.accountId)).receivables;
      if (input.service === 'collectora') await r.joinCollectora(input.body);
      else if (input.service === 'collectorb') await r.joinCollectorb(input.body);
      else await r.joinCollectorc(input.body);
      return services(input.accountId);
    },
    'collection.activate': async (input) => {
      await (await apiOf(d, input.accountId)).receivables.activateCollectorb(input.body.client_code);
      return services(input.accountId);
    },
    'collection.change': async (input) => {
      await (await apiOf(d, input.accountId)).receivables.changeCollectora(input.body);
      return services(input.accountId);
    },
    'collection.leave': async (input) => {
      const r = (await apiOf(d, input.accountId)).receivables;
      await (input.service === 'collectora' ? r.leaveCollectora() : r.leaveCollectorb());
      return services(input.accountId);
    },
    'collection.send': async (input) => (await ops(input.accountId)).send(input.invoiceId, input.assignment, input.agency),
    'collection.detail': async (input) => {
      const o = await ops(input.accountId);
      if (input.refresh) await o.refresh(input.invoiceId);
      return detail(d, input.accountId, input.invoiceId);
    },
    'collection.markSeen': async (input) => {
      const o = await ops(input.accountId);
      await o.markSeen(input.invoiceId);
      return detail(d, input.accountId, input.invoiceId);
    },
    'collection.messages': (input) => messages(input.accountId, input.invoiceId),
    'collection.reply': async (input) => {
      const api = (await apiOf(d, input.accountId)).receivables;
      await api.sendMessage(assignmentOf(d, input.accountId, input.invoiceId), input.body.body);
      return messages(input.accountId, input.invoiceId);
    },
    'collection.overview': async (input): Promise<CollectionOverviewView> => {
      const { collection } = d.engine.store;
      accountOf(d, input.accountId);
      const rows = collection.list(input.accountId);
      const totals = new Map<string, { currency: string; collectable: number; paid: number; open: number }>();
      for (const r of rows) {
        const cur = r.currency ?? 'EUR';
        const t = totals.get(cur) ?? { currency: cur, collectable: 0, paid: 0, open: 0 };
        t.collectable += r.collectableAmount ?? 0;
        t.paid += r.paidAmount ?? 0;
        if (!r.closed && r.status !== 'error') t.open += r.openAmount ?? r.collectableAmount ?? 0;
        totals.set(cur, t);
      }
      const changes = collection.unseen(input.accountId);
      return { rows, totals: [...totals.values()], unseenEvents: changes.length, changes };
    },
    'collection.serviceAssignments': async (input): Promise<ServiceAssignmentsView> => {
      const api = (await apiOf(d, input.accountId)).receivables;
      const [ov, list] = await Promise.all([api.overview(), api.assignments({ per_page: 100 })]);
      return {
        overview: { total: ov.total, open: ov.open, closed: ov.closed, unseenEvents: ov.unseen_events },
        assignments: list.items.map((a) => ({
          id: a.id,
          invoiceId: a.invoice_id ?? null,
          invoiceNumber: a.invoice_number ?? null,
          status: a.status,
          phase: a.phase ?? null,
          closed: a.closed ?? false,
          currency: a.currency ?? null,
          openAmount: a.open_amount ?? null,
        })),
        total: list.page.total,
      };
    },
    'collection.directPayment': async (input): Promise<DirectPaymentView> => {
      const api = (await apiOf(d, input.accountId)).receivables;
      await api.addEvent(input.assignmentId, { event_type: 'paid', data: { sum_paid: input.amount, booked_at: input.bookedAt } });
      const a = await api.assignment(input.assignmentId);
      // An assignment the app follows for one of its sent invoices: its row is asked again now, so the
      // Collection table and the invoice show the payment at once rather than at the next check.
      const invoiceId = a.invoice_id ?? null;
      if (invoiceId && d.engine.store.collection.get(input.accountId, invoiceId)?.assignmentId === input.assignmentId)
        // The payment is recorded whatever happens here: a failed read must not look like a failed payment
        // (the user would record it twice), so the row then waits for the runner's next check.
        await (await ops(input.accountId)).refresh(invoiceId).catch(() => undefined);
      return {
        invoiceNumber: a.invoice_number ?? null,
        amount: input.amount,
        currency: a.currency ?? null,
        openAmount: a.open_amount ?? null,
        closed: a.closed ?? false,
      };
    },
    'collection.serviceLevels': async (input) => levelsView(await (await apiOf(d, input.accountId)).receivables.serviceLevels()),
    'collection.setServiceLevel': async (input) => {
      const api = (await apiOf(d, input.accountId)).receivables;
      await api.setServiceLevel(input.customerBid, input.level);
      return levelsView(await api.serviceLevels());
    },
    'collection.events': async (input): Promise<CollectionFeedView> => {
      const api = (await apiOf(d, input.accountId)).receivables;
      const list = await api.allEvents(input.unseen ? { seen: false } : {});
      // The invoice's number where the assignment is one the app follows; others show the assignment.
      const ours = new Map(
        d.engine.store.collection.list(input.accountId).flatMap((r) => (r.assignmentId ? [[r.assignmentId, r] as const] : [])),
      );
      return {
        events: list
          .map((e) => ({
            id: e.id,
            assignmentId: e.assignment_id,
            invoiceNumber: ours.get(e.assignment_id)?.invoiceNumber ?? null,
            currency: ours.get(e.assignment_id)?.currency ?? null,
            type: e.event_type,
            happenedAt: e.happened_at,
            data: e.data ?? {},
            seen: e.seen ?? false,
          }))
          .sort((a, b) => b.happenedAt.localeCompare(a.happenedAt)),
      };
    },
    'collection.states': async (input) => {
      accountOf(d, input.accountId);
      return Object.fromEntries(d.engine.store.collection.statesOf(input.accountId, input.invoiceIds));
    },
  };
}
