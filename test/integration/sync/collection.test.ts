import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUnseenCollectionEvents } from '../../../main/core/store/collection';
import { WRITER } from '../../../main/core/store/writer';
import { COLLECTION_KIND } from '../../../main/core/sync/jobs/collection-queue';
import { startTestEngine, type TestEngine } from '../../support/engine';
import { COLLECTORA_BODY, raiseEvent, uploadSentInvoice } from '../../support/receivables';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
let c: TestCompany;
let te: TestEngine;
// The engine's clock follows the sandbox's, so moving the sandbox on also makes rechecks due.
let offset = 0;
const advance = async (ms: number) => {
  offset += ms;
  await sb.advanceClock(ms);
};

beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  te = await startTestEngine(sb, c, { now: () => Date.now() + offset });
});
afterAll(async () => {
  await te?.close();
  await sb?.close();
});

describe('collection tracking', () => {
  it('mirrors an assignment from pending to ok, follows it in the runner, and marks events seen at the service', async () => {
    const token = await sb.token(c);
    expect((await sb.call('/v1/services/receivables', { method: 'PUT', token, json: COLLECTORA_BODY })).status).toBe(200);
    const inv = await uploadSentInvoice(sb, token);
    const id = te.account.id;
    const ops = await te.engine.collection(id);

    const first = await ops.send(inv.id, {
      collection_type: 'reminder',
      payer_identifiers: ['1234567-8'],
      assignment_summary: 'March work',
    });
    expect(first).toMatchObject({ invoiceId: inv.id, status: 'pending' });
    expect(first?.reason).toBeTruthy();
    expect(te.engine.store.jobs.find(id, COLLECTION_KIND, 'assignments')).toBeTruthy();
    // Sent again (a second window, a lost answer): the service refuses with 403, and the app shows the one it has.
    const again = await ops.send(inv.id, { collection_type: 'collection' });
    expect(again).toMatchObject({ invoiceId: inv.id, status: 'pending', assignmentId: first?.assignmentId });
    const other = await uploadSentInvoice(sb, token);
    await expect(ops.send(other.id, { collection_type: 'reminder', collectable_amount: other.sum + 1 })).rejects.toMatchObject({
      status: 400,
    });
    expect(te.engine.store.collection.get(id, other.id)).toBeNull();

    // The agency accepts after a minute; the runner's next pass sees it without anyone asking.
    await advance(61_000);
    await te.engine.syncOnce();
    const ok = te.engine.store.collection.get(id, inv.id);
    expect(ok).toMatchObject({ status: 'ok', phase: 'reminder', closed: false, summary: 'March work' });
    expect(ok?.link).toContain('/v1/assignments/');

    await raiseEvent(sb, c.company_id, String(ok?.assignmentId), { event_type: 'reminder_sent' });
    await raiseEvent(sb, c.company_id, String(ok?.assignmentId), { event_type: 'paid', data: { sum_paid: 5, booked_at: '2026-02-01' } });
    // Not due yet (an ok assignment is asked about every five minutes); the user's refresh asks at once.
    expect(await ops.refresh(inv.id)).toBe(2);
    const events = te.engine.store.collection.events(id, inv.id);
    expect(events.map((e) => e.type)).toEqual(['paid', 'reminder_sent']);
    expect(countUnseenCollectionEvents(te.engine[WRITER].db).get(id)).toBe(2);
    expect(te.engine.store.collection.get(id, inv.id)?.paidAmount).toBe(5);

    expect(await ops.markSeen(inv.id)).toBe(2);
    expect(countUnseenCollectionEvents(te.engine[WRITER].db).get(id)).toBeUndefined();
    const overview = (await (await sb.call('/v1/assignments/overview', { token })).json()) as { unseen_events: number };
    expect(overview.unseen_events).toBe(0);

    // Paid in full: the assignment closes, and the tracking job ends with nothing left open.
    await raiseEvent(sb, c.company_id, String(ok?.assignmentId), { event_type: 'paid' });
    await advance(5 * 60_000 + 1000);
    await te.engine.syncOnce();
    expect(te.engine.store.collection.get(id, inv.id)).toMatchObject({ closed: true, openAmount: 0 });
    expect(te.engine.store.jobs.find(id, COLLECTION_KIND, 'assignments')?.state).toBe('done');
  });
});
