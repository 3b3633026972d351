import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../main/core/api';
import { ServiceError } from '../../../main/core/api/errors';
import { FIXTURES } from '../../support/engine';
import { COLLECTORA_BODY, raiseEvent, uploadSentInvoice } from '../../support/receivables';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

function api(c: TestCompany, scope?: string) {
  return createApi({
    hosts: { base_url: sb.url, receivables_url: sb.url, validator_url: sb.url, bling_url: sb.url },
    credentials: { companyId: c.company_id, apiKey: c.api_key },
    retry: { initialDelayMs: 5, maxDelayMs: 50 },
    ...(scope ? { scope } : {}),
  });
}

describe('receivables API client', () => {
  it('onboards, sends an invoice to collection, reads its status, events, overview and messages', async () => {
    const c = await sb.company();
    const a = api(c);
    const r = a.receivables;
    expect((await r.services()).collectora.status).toBe('none');
    expect((await r.joinCollectora(COLLECTORA_BODY)).status).toBe('active');
    await r.changeCollectora({ service_type: 'reduced' });
    expect((await r.collectora()).service_type).toBe('reduced');

    const inv = await uploadSentInvoice(sb, await sb.token(c));
    expect(await r.invoiceAssignment(inv.id)).toBeNull();
    const created = await r.createAssignment(inv.id, {
      collection_type: 'reminder',
      payer_identifiers: ['1234567-8'],
      assignment_summary: 'Consulting, March',
    });
    expect(created.status).toBe('pending');
    const pending = await r.invoiceAssignment(inv.id);
    expect(pending?.status).toBe('pending');
    await sb.advanceClock(61_000);
    const ok = await r.invoiceAssignment(inv.id);
    expect(ok?.status).toBe('ok');
    expect(ok?.link).toBeTruthy();

    const id = String(ok?.assignment_id);
    await raiseEvent(sb, c.company_id, id, { event_type: 'reminder_sent' });
    const events = await r.events(id);
    expect(events.map((e) => [e.event_type, e.seen])).toEqual([['reminder_sent', false]]);
    expect((await r.overview()).unseen_events).toBe(1);
    await r.markEventSeen(id, events[0]?.id ?? '');
    expect((await r.overview()).unseen_events).toBe(0);
    const list = await r.assignments({ status: 'ok' });
    expect(list.items.map((x) => x.id)).toEqual([id]);
    expect(list.page.total).toBe(1);

    const sent = await r.sendMessage(id, 'Has the payer answered?');
    expect(sent.sender).toBe('company');
    expect((await r.messages(id)).map((m) => m.body)).toEqual(['Has the payer answered?']);

    // Past the service's first page (100 here): read to the end, each once (issue 38, item 5).
    for (let i = 0; i < 120; i++) await raiseEvent(sb, c.company_id, id, { event_type: 'reminder_sent' });
    for (let i = 0; i < 104; i++) await r.sendMessage(id, `Message ${i}`);
    const everyEvent = await r.events(id);
    expect(everyEvent).toHaveLength(121);
    expect(new Set(everyEvent.map((e) => e.id)).size).toBe(121);
    expect(await r.messages(id)).toHaveLength(105);
    // The company's whole event feed (GET /v1/events) is read past its first page too; one is seen.
    const feed = await r.allEvents();
    expect(feed).toHaveLength(121);
    expect(new Set(feed.map((e) => e.id))).toEqual(new Set(everyEvent.map((e) => e.id)));
    expect(await r.allEvents({ seen: false })).toHaveLength(120);
    await a.close();
  });

  it('turns the 400 into details per field and a missing scope into a user error', async () => {
    const c = await sb.company();
    const a = api(c);
    await a.receivables.joinCollectora(COLLECTORA_BODY);
    const inv = await uploadSentInvoice(sb, await sb.token(c));
    const err = await a.receivables.createAssignment(inv.id, { collection_type: 'reminder', assignment_summary: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_parameters');
    expect(err.details.join('\n')).toMatch(/^assignment_summary: /m);
    await a.close();

    const narrow = api(c, 'global company');
    const denied = await narrow.receivables.overview().catch((e) => e);
    expect(denied).toBeInstanceOf(ServiceError);
    expect(denied.kind).toBe('user');
    expect(denied.status).toBe(403);
    await narrow.close();
  });
});

describe('service levels, the collectorc assignment, a direct payment and nationalnet responses', () => {
  it('sets and reads service levels, and lists every customer set', async () => {
    const c = await sb.company();
    const a = api(c);
    const r = a.receivables;
    const refused = await r.serviceLevels().catch((e) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused.status).toBe(403);
    await r.joinCollectora(COLLECTORA_BODY);
    expect((await r.serviceLevel('1234567-8')).service_level).toBe('default');
    // More customers than one page of the list (20): all are read, each once.
    for (let i = 0; i < 23; i++) await r.setServiceLevel(`10000${String(i).padStart(2, '0')}-1`, i % 2 ? 'premium' : 'vip');
    const levels = await r.serviceLevels();
    expect(levels).toHaveLength(23);
    expect(levels.filter((l) => l.service_level === 'premium')).toHaveLength(11);
    await a.close();
  });

  it('sends an invoice to collectorc and records a payment made directly to the company', async () => {
    const c = await sb.company();
    const a = api(c);
    const r = a.receivables;
    await r.joinCollectorc({ agreement_contact_email: 'c@example.fi' });
    const inv = await uploadSentInvoice(sb, await sb.token(c));
    const made = await r.createCollectorcAssignment(inv.id, { collection_type: 'reminder', payer_identifiers: ['1234567-8'] });
    expect(made.status).toBe('pending');
    const id = String(made.assignment_id);
    expect((await r.assignment(id)).service).toBe('collectorc');
    const paid = await r.addEvent(id, { event_type: 'paid', data: { sum_paid: inv.sum, booked_at: '2026-01-15' } });
    expect(paid).toMatchObject({ event_type: 'paid', seen: true });
    expect(await r.assignment(id)).toMatchObject({ closed: true, open_amount: 0 });
    await a.close();
  });

  it('answers a received invoice on the national network in the fixed order; a final answer ends it', async () => {
    const c = await sb.company();
    const a = api(c);
    const data = await readFile(`${FIXTURES}/invoices/peppol-bis3/base-example.xml`);
    const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: 'r.xml', data }),
    });
    const { id } = (await res.json()) as { id: string };
    const nn = a.invoiceReports;
    expect((await nn.respondNationalnet(id, { response: 'AB' })).final).toBe(false);
    const back = await nn.respondNationalnet(id, { response: 'AB' }).catch((e) => e);
    expect(back).toBeInstanceOf(ServiceError);
    expect(back.status).toBe(400);
    const rejected = await nn.respondNationalnet(id, { response: 'RE', reason: 'Not ordered' });
    expect(rejected.final).toBe(true);
    expect(rejected.responses?.map((x) => x.response)).toEqual(['AB', 'RE']);
    expect((await nn.respondNationalnet(id, { response: 'PD' }).catch((e) => e)).status).toBe(400);
    expect((await nn.respondNationalnet('no-such-invoice', { response: 'AB' }).catch((e) => e)).status).toBe(404);
    await a.close();
  });
});
