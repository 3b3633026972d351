import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMove, DOCUMENT_MOVES } from '../../sandbox/domain/document-status';
import { DOCUMENT_STATUSES, type DocumentStatus } from '../../shared/enums';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

type Doc = {
  id: string;
  status: string;
  delivered_at: string | null;
  last_event: { code: string; message: string; details: string[] } | null;
  direction: string;
  type: string;
};
type Err = { code?: string; details?: string[] };

let sb: TestSandbox;
let c: TestCompany;
let token: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c);
});
afterAll(async () => sb.close());

/** The spec's table, written out again on purpose: the test must not read the code's own table. */
const ROUTE_ALLOWED = new Set(['PROCESSING>DELIVERED', 'PROCESSING>FAILED', 'DELIVERED>CONFIRMED_DELIVERY', 'DELIVERED>FAILED']);
const EVENT_OF: Record<string, string> = { DELIVERED: 'DELIVERED', FAILED: 'FAILED', CONFIRMED_DELIVERY: 'DELIVERY_CONFIRMED' };

async function sentIn(status: DocumentStatus): Promise<Doc> {
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/sent-documents`, { method: 'POST', json: { status } });
  expect(res.status).toBe(201);
  const doc = (await res.json()) as Doc;
  expect(doc.status).toBe(status);
  return doc;
}

const read = async (id: string) => (await (await sb.call(`/v1/documents/${id}`, { token })).json()) as Doc;
const events = async (id: string) => (await (await sb.call(`/v1/documents/${id}/events`, { token })).json()) as { code: string }[];

describe('document status machine', () => {
  for (const from of DOCUMENT_STATUSES) {
    for (const to of DOCUMENT_STATUSES) {
      const allowed = ROUTE_ALLOWED.has(`${from}>${to}`);
      it(`route move ${from} -> ${to} is ${allowed ? 'applied' : 'refused with 409'}`, async () => {
        const doc = await sentIn(from);
        const before = await events(doc.id);
        const res = await sb.call(`/__sandbox/documents/${doc.id}/status`, {
          method: 'POST',
          json: { status: to, message: 'route says so' },
        });
        const after = await read(doc.id);
        if (allowed) {
          expect(res.status).toBe(200);
          expect(after.status).toBe(to);
          expect(after.last_event).toMatchObject({ code: EVENT_OF[to], message: 'route says so' });
          expect((await events(doc.id)).map((e) => e.code)).toEqual([...before.map((e) => e.code), EVENT_OF[to]]);
          if (to === 'DELIVERED') expect(after.delivered_at).toBe((after.last_event as unknown as { created_at: string }).created_at);
        } else {
          expect(res.status).toBe(409);
          expect(((await res.json()) as Err).code).toBe('document_in_invalid_state');
          expect(after.status).toBe(from);
          expect(await events(doc.id)).toEqual(before);
        }
      });

      it(`PATCH ${from} -> ${to}`, async () => {
        const doc = await sentIn(from);
        const res = await sb.call(`/v1/documents/${doc.id}`, { method: 'PATCH', token, json: { status: to } });
        if (to !== 'CONFIRMED_DELIVERY') {
          expect(res.status).toBe(400);
        } else if (from === 'DELIVERED') {
          expect(res.status).toBe(204);
          expect(await read(doc.id)).toMatchObject({ status: 'CONFIRMED_DELIVERY', last_event: { code: 'DELIVERY_CONFIRMED' } });
        } else {
          expect(res.status).toBe(409);
          expect(((await res.json()) as Err).code).toBe('document_in_invalid_state');
        }
        if (!(to === 'CONFIRMED_DELIVERY' && from === 'DELIVERED')) expect((await read(doc.id)).status).toBe(from);
      });
    }
  }

  it('walks a document through its life and never fails it after confirmation', async () => {
    const doc = await sentIn('PROCESSING');
    const move = (status: string) => sb.call(`/__sandbox/documents/${doc.id}/status`, { method: 'POST', json: { status } });
    expect((await move('DELIVERED')).status).toBe(200);
    expect((await read(doc.id)).delivered_at).not.toBeNull();
    expect((await move('CONFIRMED_DELIVERY')).status).toBe(200);
    expect((await move('FAILED')).status).toBe(409);
    expect((await events(doc.id)).map((e) => e.code)).toEqual(['CREATED', 'DELIVERED', 'DELIVERY_CONFIRMED']);
  });

  it('reports the error of a FAILED move in the event details', async () => {
    const doc = await sentIn('DELIVERED');
    await sb.call(`/__sandbox/documents/${doc.id}/status`, { method: 'POST', json: { status: 'FAILED', message: 'Mailbox full' } });
    expect((await read(doc.id)).last_event).toMatchObject({ code: 'FAILED', message: 'Mailbox full', details: ['Mailbox full'] });
  });

  it('answers 404 for an unknown document and 400 for a bad body on the admin route', async () => {
    expect((await sb.call('/__sandbox/documents/nope/status', { method: 'POST', json: { status: 'DELIVERED' } })).status).toBe(404);
    const doc = await sentIn('PROCESSING');
    expect((await sb.call(`/__sandbox/documents/${doc.id}/status`, { method: 'POST', json: { status: 'LOST' } })).status).toBe(400);
    expect((await sb.call(`/v1/documents/${doc.id}`, { method: 'PATCH', token, json: {} })).status).toBe(400);
  });

  it('delivers a received document that the company then confirms once', async () => {
    const fd = form({
      name: 'ORDER_RESPONSE_OrderResponse_Example.xml',
      data: readFileSync(new URL('../../../shared/fixtures/documents/ORDER_RESPONSE_OrderResponse_Example.xml', import.meta.url)),
    });
    const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-documents`, { method: 'POST', body: fd });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Doc;
    expect(doc).toMatchObject({ direction: 'RECEIVED', status: 'DELIVERED', type: 'ORDER_RESPONSE', last_event: { code: 'RECEIVED' } });
    expect((await sb.call(`/v1/documents/${doc.id}`, { method: 'PATCH', token, json: { status: 'CONFIRMED_DELIVERY' } })).status).toBe(204);
    expect((await sb.call(`/v1/documents/${doc.id}`, { method: 'PATCH', token, json: { status: 'CONFIRMED_DELIVERY' } })).status).toBe(409);
  });
});

describe('automatic delivery (opt-in admin setting)', () => {
  const order = () =>
    form(
      { name: 'o.xml', data: readFileSync(new URL('../../../shared/fixtures/documents/ORDER_Order_Example.xml', import.meta.url)) },
      { recipient_operator: 'PEPPOL' },
    );

  it('is off by default, moves new uploads through the machine when set, and can be switched off again', async () => {
    expect(await (await sb.call('/__sandbox/documents/auto-delivery')).json()).toEqual({ after_ms: null, outcome: null });
    const set = await sb.call('/__sandbox/documents/auto-delivery', {
      method: 'PUT',
      json: { after_ms: 20, outcome: 'CONFIRMED_DELIVERY' },
    });
    expect(await set.json()).toEqual({ after_ms: 20, outcome: 'CONFIRMED_DELIVERY' });
    const doc = (await (await sb.call('/v1/documents', { method: 'POST', token, body: order() })).json()) as Doc;
    expect(doc.status).toBe('PROCESSING');
    await vi.waitFor(async () => expect((await read(doc.id)).status).toBe('CONFIRMED_DELIVERY'), { timeout: 3000, interval: 20 });
    expect((await events(doc.id)).map((e) => e.code)).toEqual(['CREATED', 'DELIVERED', 'DELIVERY_CONFIRMED']);

    await sb.call('/__sandbox/documents/auto-delivery', { method: 'PUT', json: { after_ms: 0, outcome: 'FAILED' } });
    const failing = (await (await sb.call('/v1/documents', { method: 'POST', token, body: order() })).json()) as Doc;
    await vi.waitFor(async () => expect((await read(failing.id)).status).toBe('FAILED'), { timeout: 3000, interval: 20 });

    expect((await sb.call('/__sandbox/documents/auto-delivery', { method: 'PUT', json: { after_ms: null } })).status).toBe(200);
    expect((await sb.call('/__sandbox/documents/auto-delivery', { method: 'PUT', json: { after_ms: -1 } })).status).toBe(400);
  });
});

describe('the status table (pure)', () => {
  it('has exactly the spec moves, and applying one leaves the input unchanged', () => {
    expect(new Set(DOCUMENT_MOVES.map((m) => `${m.from}>${m.to}`))).toEqual(ROUTE_ALLOWED);
    expect(DOCUMENT_MOVES.filter((m) => m.by.includes('patch')).map((m) => `${m.from}>${m.to}`)).toEqual(['DELIVERED>CONFIRMED_DELIVERY']);
    const state = { status: 'PROCESSING' as const, delivered_at: null, last_event: null, events: [] };
    const r = applyMove(state, 'DELIVERED', 'route', '2024-01-01T00:00:00.000Z');
    expect(r.ok && r.state).toMatchObject({
      status: 'DELIVERED',
      delivered_at: '2024-01-01T00:00:00.000Z',
      events: [{ code: 'DELIVERED' }],
    });
    expect(state.events).toEqual([]);
    expect(applyMove(state, 'CONFIRMED_DELIVERY', 'patch', '2024-01-01T00:00:00.000Z').ok).toBe(false);
  });
});
