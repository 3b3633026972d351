import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSocketCalls, parseSocketFrame } from '../../../main/core/host/socket-calls';

describe("the headless host's socket calls", () => {
  it('reads calls and withdrawals, and nothing else', () => {
    expect(parseSocketFrame('{"call":3,"name":"app.info","input":{}}')).toEqual({ call: 3, name: 'app.info', input: {} });
    expect(parseSocketFrame('{"cancel":3}')).toEqual({ cancel: 3 });
    for (const junk of ['{broken', 'null', '[1]', '{"call":"3"}', '{"call":1.5}', '{"cancel":"3"}', '{"cancel":1e300}', '{}'])
      expect(parseSocketFrame(junk)).toBeNull();
  });

  it('runs the calls in the order they came, at the next turn, and not one withdrawn before it started', async () => {
    const ran: number[] = [];
    const calls = createSocketCalls((id) => ran.push(id));
    // What a page typing "M", "Mø", "Møb" sends while the host is busy: each query, and the one before it withdrawn.
    calls.receive({ call: 1, name: 'invoices.list', input: { q: 'M' } });
    calls.receive({ call: 2, name: 'invoices.list', input: { q: 'Mø' } });
    calls.receive({ cancel: 1 });
    calls.receive({ call: 3, name: 'invoices.list', input: { q: 'Møb' } });
    calls.receive({ cancel: 2 });
    calls.receive({ call: 4, name: 'sync.status', input: {} });
    expect(ran).toEqual([]);
    expect(calls.waiting).toBe(2);
    await nextTurn();
    expect(ran).toEqual([3, 4]);
    expect(calls.waiting).toBe(0);
    // A withdrawal that comes after its call started changes nothing, nor does one of no call.
    calls.receive({ call: 5, name: 'app.info', input: {} });
    await nextTurn();
    calls.receive({ cancel: 5 });
    calls.receive({ cancel: 77 });
    await nextTurn();
    expect(ran).toEqual([3, 4, 5]);
    expect(calls.waiting).toBe(0);
  });
});
