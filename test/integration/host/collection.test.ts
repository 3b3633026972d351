import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionDetailView,
  CollectionFeedView,
  CollectionMessageView,
  CollectionOverviewView,
  CollectionServicesView,
  CollectionStateView,
  DirectPaymentView,
  ServiceAssignmentsView,
  ServiceLevelsView,
} from '../../../shared/bridge/collection-views';
import { COLLECTORA_BODY, raiseEvent, uploadSentInvoice } from '../../support/receivables';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { overIpc } from './over-ipc';
import { failure, value } from './results';
import { type HostUnderTest, startHost } from './setup';

// Issue 13 item 1 through the real bridge over HTTP (and IPC) and the sandbox: onboarding, sending to
// collection, the state and events of an assignment, messages and the overview.

let sb: TestSandbox;
let company: TestCompany;
let h: HostUnderTest;
let accountId: string;

const statusOf = (v: CollectionServicesView, s: string) => v.services.find((x) => x.service === s)?.status;

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company({ name: 'Perintä Oy' });
  h = await startHost(sb, company);
  accountId = h.te.account.id;
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('collection commands', () => {
  it('onboards collectora and collectorb (client code), changes and leaves, with 400s at their fields', async () => {
    expect(statusOf(value(await h.call<CollectionServicesView>('collection.services', { accountId })), 'collectora')).toBe('none');
    const bad = failure(
      await h.call('collection.join', { accountId, service: 'collectora', body: { ...COLLECTORA_BODY, iban: 'FI2112345600000786' } }),
    );
    expect(bad.kind).toBe('invalid');
    expect(Object.keys(bad.fields ?? {})).toContain('body.iban');
    const joined = value(
      await h.call<CollectionServicesView>('collection.join', { accountId, service: 'collectora', body: COLLECTORA_BODY }),
    );
    expect(joined.services.find((s) => s.service === 'collectora')).toMatchObject({ status: 'active', accountableParty: 'provider' });
    const changed = value(
      await h.call<CollectionServicesView>('collection.change', {
        accountId,
        body: { accountable_party: 'company', service_type: 'reduced' },
      }),
    );
    expect(changed.services.find((s) => s.service === 'collectora')).toMatchObject({ accountableParty: 'company', serviceType: 'reduced' });

    const b = { agreement_contact_phone: '+358 40 1', agreement_contact_name: 'Matti', agreement_contact_email: 'matti@example.fi' };
    expect(
      statusOf(value(await h.call<CollectionServicesView>('collection.join', { accountId, service: 'collectorb', body: b })), 'collectorb'),
    ).toBe('pending');
    const early = failure(await h.call('collection.activate', { accountId, body: { client_code: 'CB-12345' } }));
    expect(early.status).toBe(409);
    const contract = await sb.call(`/__sandbox/companies/${company.company_id}/receivables/collectorb/contract`, { method: 'POST' });
    const { client_code } = (await contract.json()) as { client_code: string };
    const wrong = failure(await h.call('collection.activate', { accountId, body: { client_code: 'CB-WRONG99' } }));
    expect(wrong.fields?.client_code).toBeTruthy();
    expect(
      statusOf(value(await h.call<CollectionServicesView>('collection.activate', { accountId, body: { client_code } })), 'collectorb'),
    ).toBe('active');
    expect(
      statusOf(value(await h.call<CollectionServicesView>('collection.leave', { accountId, service: 'collectorb' })), 'collectorb'),
    ).toBe('disabled');
  });

  it('sends an invoice to collection, shows its status, events newest first, messages and the overview', async () => {
    const token = await sb.token(company);
    const inv = await uploadSentInvoice(sb, token);
    // Refused before the engine: the summary is 2 to 64 characters.
    expect(
      failure(
        await h.call('collection.send', {
          accountId,
          invoiceId: inv.id,
          assignment: { collection_type: 'reminder', assignment_summary: 'x' },
        }),
      ).kind,
    ).toBe('invalid');
    const tooMuch = failure(
      await h.call('collection.send', {
        accountId,
        invoiceId: inv.id,
        assignment: { collection_type: 'reminder', collectable_amount: inv.sum + 100 },
      }),
    );
    expect(tooMuch.fields?.collectable_amount).toBeTruthy();

    const sent = value(
      await h.call<CollectionStateView>('collection.send', {
        accountId,
        invoiceId: inv.id,
        assignment: { collection_type: 'reminder_and_collection', payer_identifiers: ['1234567-8'], assignment_summary: 'Spring work' },
      }),
    );
    expect(sent).toMatchObject({ status: 'pending', invoiceId: inv.id });
    const states = value(
      await h.call<Record<string, CollectionStateView>>('collection.states', { accountId, invoiceIds: [inv.id, 'other'] }),
    );
    expect(Object.keys(states)).toEqual([inv.id]);

    await sb.advanceClock(61_000);
    const ok = value(await h.call<CollectionDetailView>('collection.detail', { accountId, invoiceId: inv.id, refresh: true }));
    expect(ok.state).toMatchObject({ status: 'ok', phase: 'reminder' });
    const assignmentId = String(ok.state?.assignmentId);
    await raiseEvent(sb, company.company_id, assignmentId, { event_type: 'reminder_sent', happened_at: '2026-03-01T10:00:00Z' });
    await raiseEvent(sb, company.company_id, assignmentId, { event_type: 'collection_started', happened_at: '2026-03-20T10:00:00Z' });
    const withEvents = value(await h.call<CollectionDetailView>('collection.detail', { accountId, invoiceId: inv.id, refresh: true }));
    expect(withEvents.events.map((e) => [e.type, e.seen])).toEqual([
      ['collection_started', false],
      ['reminder_sent', false],
    ]);
    expect(withEvents.state).toMatchObject({ phase: 'collection', unseenEvents: 2 });

    const overview = value(await h.call<CollectionOverviewView>('collection.overview', { accountId }));
    expect(overview.unseenEvents).toBe(2);
    expect(overview.rows[0]).toMatchObject({ invoiceId: inv.id, status: 'ok' });
    expect(overview.totals[0]?.open).toBeGreaterThan(0);
    const seen = value(await h.call<CollectionDetailView>('collection.markSeen', { accountId, invoiceId: inv.id }));
    expect(seen.events.every((e) => e.seen)).toBe(true);
    expect(value(await h.call<CollectionOverviewView>('collection.overview', { accountId })).unseenEvents).toBe(0);

    await sb.call(`/__sandbox/companies/${company.company_id}/assignments/${assignmentId}/messages`, {
      method: 'POST',
      json: { body: 'The payer asks for a payment plan' },
    });
    const msgs = value(await h.call<CollectionMessageView[]>('collection.messages', { accountId, invoiceId: inv.id }));
    expect(msgs.map((m) => m.sender)).toEqual(['agency']);
    const after = value(
      await h.call<CollectionMessageView[]>('collection.reply', { accountId, invoiceId: inv.id, body: { body: 'Three months is fine' } }),
    );
    expect(after.map((m) => [m.sender, m.seen])).toEqual([
      ['agency', true],
      ['company', true],
    ]);
    expect(failure(await h.call('collection.reply', { accountId, invoiceId: inv.id, body: { body: '  ' } })).kind).toBe('invalid');
  });

  it('works over the Electron IPC channel too, and refuses bad input there before the engine', async () => {
    await overIpc(h, async (invoke) => {
      const v = value(await invoke('collection.services', { accountId })) as CollectionServicesView;
      expect(v.services.map((s) => s.service)).toEqual(['collectora', 'collectorb', 'collectorc']);
      expect(failure(await invoke('collection.leave', { accountId, service: 'collectorc' })).kind).toBe('invalid');
      expect(failure(await invoke('collection.states', { accountId, invoiceIds: 'x' })).kind).toBe('invalid');
    });
  });

  it("lists the service's own assignments, also one made elsewhere, and records a payment made directly to the company", async () => {
    // Another client of the company sends an invoice to collection: the app never made this assignment.
    await sb.call('/v1/services/receivables', { method: 'PUT', token: await sb.token(company), json: COLLECTORA_BODY });
    const inv = await uploadSentInvoice(sb, await sb.token(company));
    const made = await sb.call(`/v1/invoices/${inv.id}/assignment`, {
      method: 'POST',
      token: await sb.token(company),
      json: { collection_type: 'reminder', payer_identifiers: ['1234567-8'] },
    });
    const { assignment_id } = (await made.json()) as { assignment_id: string };
    const listed = value(await h.call<ServiceAssignmentsView>('collection.serviceAssignments', { accountId }));
    expect(listed.assignments.map((a) => a.id)).toContain(assignment_id);
    expect(listed.total).toBe(listed.assignments.length);
    expect(listed.overview.total).toBe(listed.assignments.length);

    const bad = failure(
      await h.call('collection.directPayment', { accountId, assignmentId: assignment_id, amount: -1, bookedAt: '15.1.2026' }),
    );
    expect(bad.kind).toBe('invalid');
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['amount', 'bookedAt']);
    const paid = value(
      await h.call<DirectPaymentView>('collection.directPayment', {
        accountId,
        assignmentId: assignment_id,
        amount: inv.sum,
        bookedAt: '2026-01-15',
      }),
    );
    expect(paid).toMatchObject({ amount: inv.sum, openAmount: 0, closed: true, invoiceNumber: inv.number });
  });

  it('shows a direct payment on an assignment the app follows in its own table at once', async () => {
    const before = value(await h.call<CollectionOverviewView>('collection.overview', { accountId })).rows.find((r) => r.assignmentId);
    if (!before?.assignmentId || before.openAmount === null) throw new Error('the earlier test sent an invoice to collection');
    value(
      await h.call<DirectPaymentView>('collection.directPayment', {
        accountId,
        assignmentId: before.assignmentId,
        amount: 10.5,
        bookedAt: '2026-01-15',
      }),
    );
    const row = value(await h.call<CollectionOverviewView>('collection.overview', { accountId })).rows.find(
      (r) => r.assignmentId === before.assignmentId,
    );
    expect(row?.openAmount).toBeCloseTo(before.openAmount - 10.5, 2);
    expect(row?.paidAmount).toBeCloseTo((before.paidAmount ?? 0) + 10.5, 2);
  });

  it("reads the company's events over all assignments, with the invoice number where the app follows it, and only the unseen when asked", async () => {
    const ours = value(await h.call<CollectionOverviewView>('collection.overview', { accountId })).rows.find((r) => r.assignmentId);
    const all = value(await h.call<CollectionFeedView>('collection.events', { accountId })).events;
    const mine = all.filter((e) => e.assignmentId === ours?.assignmentId);
    expect(mine.map((e) => e.type)).toEqual(expect.arrayContaining(['collection_started', 'reminder_sent', 'paid']));
    expect(new Set(mine.map((e) => e.invoiceNumber))).toEqual(new Set([ours?.invoiceNumber]));
    // The assignment another client made is listed too, without a number the app could know.
    expect(all.some((e) => e.assignmentId !== ours?.assignmentId && e.invoiceNumber === null)).toBe(true);
    expect(all.map((e) => e.happenedAt)).toEqual([...all.map((e) => e.happenedAt)].sort().reverse());
    const unseen = value(await h.call<CollectionFeedView>('collection.events', { accountId, unseen: true })).events;
    expect(unseen.length).toBeLessThan(all.length);
    expect(unseen.every((e) => !e.seen)).toBe(true);
  });

  it("sets a payer's service level, lists it, takes it off with default, and refuses a bad business id or level", async () => {
    expect(value(await h.call<ServiceLevelsView>('collection.serviceLevels', { accountId })).levels).toEqual([]);
    const set = value(await h.call<ServiceLevelsView>('collection.setServiceLevel', { accountId, customerBid: '1234567-8', level: 'vip' }));
    expect(set.levels.map((l) => [l.customerBid, l.level])).toEqual([['1234567-8', 'vip']]);
    const back = value(
      await h.call<ServiceLevelsView>('collection.setServiceLevel', { accountId, customerBid: '1234567-8', level: 'default' }),
    );
    expect(back.levels).toEqual([]);
    const bad = failure(await h.call('collection.setServiceLevel', { accountId, customerBid: 'x', level: 'gold' }));
    expect(bad.kind).toBe('invalid');
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['customerBid', 'level']);
  });

  it('sends to collectorc by its own route when the user chooses it, and to the first active service otherwise', async () => {
    const token = await sb.token(company);
    await sb.call('/v2/services/collectorc/receivables', { method: 'PUT', token, json: { agreement_contact_email: 'c@perinta.example' } });
    const viaC = await uploadSentInvoice(sb, token);
    const viaFirst = await uploadSentInvoice(sb, token);
    const body = { collection_type: 'reminder', payer_identifiers: ['1234567-8'] };
    value(await h.call('collection.send', { accountId, invoiceId: viaC.id, assignment: body, agency: 'collectorc' }));
    value(await h.call('collection.send', { accountId, invoiceId: viaFirst.id, assignment: body }));
    const listed = (await (await sb.call(`/__sandbox/companies/${company.company_id}/assignments`)).json()) as {
      invoice_id: string;
      service: string;
    }[];
    expect(listed.find((a) => a.invoice_id === viaC.id)?.service).toBe('collectorc');
    expect(listed.find((a) => a.invoice_id === viaFirst.id)?.service).toBe('collectora');
    expect(
      failure(await h.call('collection.send', { accountId, invoiceId: viaFirst.id, assignment: body, agency: 'collectorb' })).kind,
    ).toBe('invalid');
  });
});
