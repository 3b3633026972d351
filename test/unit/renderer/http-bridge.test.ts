import { describe, expect, it } from 'vitest';
import { type ConnectionState, createHttpBridge, type SocketLike } from '../../../renderer/bridge/http';
import { BridgeError } from '../../../shared/bridge';

interface FakeSocket extends SocketLike {
  url: string;
  closed: boolean;
  sent: string[];
}

function harness(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const requests: { url: string; body: unknown; credentials: RequestCredentials | undefined }[] = [];
  const bridge = createHttpBridge({
    baseUrl: 'http://127.0.0.1:4321/',
    fetch: async (url, init) => {
      requests.push({ url, body: JSON.parse(String(init.body)), credentials: init.credentials });
      return answer(url, init);
    },
    openSocket: (url) => {
      const s: FakeSocket = {
        url,
        closed: false,
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        sent: [],
        send(data) {
          this.sent.push(data);
        },
        close() {
          if (this.closed) return;
          this.closed = true;
          this.onclose?.();
        },
      };
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
    random: () => 0.5,
  });
  return { bridge, sockets, timers, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('HTTP bridge: commands', () => {
  it('posts the input as JSON to /bridge/<name> and answers the value', async () => {
    const h = harness(async () => json({ ok: true, value: { started: true } }));
    await expect(h.bridge.invoke('sync.now', { accountId: undefined })).resolves.toEqual({ started: true });
    expect(h.requests).toEqual([{ url: 'http://127.0.0.1:4321/bridge/sync.now', body: {}, credentials: 'same-origin' }]);
  });

  it("throws the host's error view as a BridgeError, whatever the HTTP status", async () => {
    const view = { kind: 'invalid', message: 'The request has invalid parameters', status: 400, fields: { 'details.name': 'required' } };
    const h = harness(async () => json({ ok: false, error: view }, 200));
    const err = await h.bridge.invoke('company.settings.save', { accountId: 'x', settings: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).view).toEqual(view);
  });

  it('says the app is unreachable when the request itself fails', async () => {
    const h = harness(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await h.bridge.invoke('app.info', {}).catch((e: unknown) => e)) as BridgeError;
    expect(err.view).toMatchObject({ kind: 'retry', code: 'unreachable' });
  });

  it('refuses an answer that is not the wire shape', async () => {
    const h = harness(async () => new Response('<html>proxy error</html>', { status: 502 }));
    const err = (await h.bridge.invoke('app.info', {}).catch((e: unknown) => e)) as BridgeError;
    expect(err.view).toMatchObject({ code: 'bad_answer', status: 502, kind: 'retry' });
    const h2 = harness(async () => json({ hello: 'world' }));
    const err2 = (await h2.bridge.invoke('app.info', {}).catch((e: unknown) => e)) as BridgeError;
    expect(err2.view.code).toBe('bad_answer');
  });
});

describe('HTTP bridge: events', () => {
  it('opens one socket for all subscriptions and hands each event to its listeners only', () => {
    const h = harness(async () => json({ ok: true, value: null }));
    const states: string[] = [];
    const received: unknown[] = [];
    const progress: unknown[] = [];
    h.bridge.subscribe('item.received', (p) => received.push(p));
    h.bridge.subscribe('sync.progress', (p) => progress.push(p));
    expect(h.sockets).toHaveLength(1);
    expect(h.sockets[0]?.url).toBe('ws://127.0.0.1:4321/bridge/events');
    const s = h.sockets[0] as FakeSocket;
    s.onopen?.();
    s.onmessage?.({ data: JSON.stringify({ event: 'item.received', payload: { accountId: 'a', kind: 'invoice', id: '1' } }) });
    s.onmessage?.({ data: JSON.stringify({ event: 'not.an.event', payload: {} }) });
    s.onmessage?.({ data: '{broken' });
    s.onmessage?.({ data: JSON.stringify({ event: 'sync.progress', payload: { accountId: 'a', phase: 'x', done: 1, total: 2 } }) });
    h.bridge.onConnection((st) => states.push(st));
    expect(received).toEqual([{ accountId: 'a', kind: 'invoice', id: '1' }]);
    expect(progress).toHaveLength(1);
    expect(states).toEqual(['open']);
  });

  it('stops calling a listener after its unsubscribe', () => {
    const h = harness(async () => json({ ok: true, value: null }));
    const got: unknown[] = [];
    const off = h.bridge.subscribe('activity', (p) => got.push(p));
    const s = h.sockets[0] as FakeSocket;
    const msg = { data: JSON.stringify({ event: 'activity', payload: { id: 1 } }) };
    s.onmessage?.(msg);
    off();
    s.onmessage?.(msg);
    expect(got).toHaveLength(1);
  });

  it('reconnects after a drop with a growing, capped back-off, and resets it once connected', () => {
    const h = harness(async () => json({ ok: true, value: null }));
    const states: ConnectionState[] = [];
    h.bridge.onConnection((s) => states.push(s));
    h.bridge.subscribe('problem', () => {});
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      (h.sockets.at(-1) as FakeSocket).close();
      const t = h.timers.at(-1);
      if (!t) throw new Error('no reconnect scheduled');
      delays.push(t.ms);
      t.fn();
    }
    // random() = 0.5: three quarters of the cap, which doubles from 250 ms up to 10 s.
    expect(delays).toEqual([188, 375, 750, 1500, 3000, 6000, 7500, 7500]);
    (h.sockets.at(-1) as FakeSocket).onopen?.();
    (h.sockets.at(-1) as FakeSocket).close();
    expect(h.timers.at(-1)?.ms).toBe(188);
    expect(states.slice(0, 3)).toEqual(['closed', 'connecting', 'closed']);
    expect(states).toContain('open');
  });

  it('keeps the listeners across a reconnect', () => {
    const h = harness(async () => json({ ok: true, value: null }));
    const got: unknown[] = [];
    h.bridge.subscribe('accounts.changed', (p) => got.push(p));
    (h.sockets[0] as FakeSocket).close();
    h.timers.at(-1)?.fn();
    const second = h.sockets[1] as FakeSocket;
    second.onmessage?.({ data: JSON.stringify({ event: 'accounts.changed', payload: {} }) });
    expect(h.sockets).toHaveLength(2);
    expect(got).toEqual([{}]);
  });

  it('close() stops reconnecting', () => {
    const h = harness(async () => json({ ok: true, value: null }));
    h.bridge.subscribe('problem', () => {});
    (h.sockets[0] as FakeSocket).close();
    const pending = h.timers.at(-1);
    h.bridge.close();
    expect(pending?.cleared).toBe(true);
    h.bridge.subscribe('activity', () => {});
    expect(h.sockets).toHaveLength(1);
  });
});

describe('HTTP bridge: reads over the socket', () => {
  const open = () => {
    const h = harness(async (url) => json({ ok: true, value: { by: 'post', url } }));
    h.bridge.subscribe('activity', () => {});
    const s = h.sockets[0] as FakeSocket;
    s.onopen?.();
    return { ...h, s };
  };
  const frame = (s: FakeSocket, i: number) => JSON.parse(s.sent[i] ?? 'null') as { call: number; name: string; input: unknown };

  it('sends a read over the open socket and answers its reply, matched by call number', async () => {
    const { bridge, s, requests } = open();
    const a = bridge.invoke('invoices.list', { accountId: 'a', filter: { direction: 'RECEIVED', query: 'kahv' }, limit: 100 });
    const b = bridge.invoke('sync.status', {});
    expect(frame(s, 0)).toMatchObject({ name: 'invoices.list', input: { accountId: 'a', filter: { query: 'kahv' }, limit: 100 } });
    expect(frame(s, 1)).toMatchObject({ name: 'sync.status', input: {} });
    // Answers in any order, and a reply to no call is ignored.
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 1).call, result: { ok: true, value: 'status' } }) });
    s.onmessage?.({ data: JSON.stringify({ reply: 999, result: { ok: true, value: 'nobody' } }) });
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 0).call, result: { ok: true, value: 'page' }, ms: 2 }) });
    await expect(a).resolves.toBe('page');
    await expect(b).resolves.toBe('status');
    expect(requests).toEqual([]);
  });

  it("throws a socket reply's error as a BridgeError", async () => {
    const { bridge, s } = open();
    const call = bridge.invoke('invoices.totals', { accountId: 'x', filter: { direction: 'RECEIVED' } });
    const view = { kind: 'user', message: 'No such account', status: 404 };
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 0).call, result: { ok: false, error: view } }) });
    const err = (await call.catch((e: unknown) => e)) as BridgeError;
    expect(err).toBeInstanceOf(BridgeError);
    expect(err.view).toEqual(view);
  });

  it('opens the socket on connect(), before any subscription, and sends reads over it once open', async () => {
    const h = harness(async () => json({ ok: true, value: 'posted' }));
    h.bridge.connect();
    h.bridge.connect();
    expect(h.sockets).toHaveLength(1);
    const s = h.sockets[0] as FakeSocket;
    s.onopen?.();
    // Subscribing later opens no second socket.
    h.bridge.subscribe('activity', () => {});
    expect(h.sockets).toHaveLength(1);
    const call = h.bridge.invoke('accounts.list', {});
    expect(frame(s, 0)).toMatchObject({ name: 'accounts.list' });
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 0).call, result: { ok: true, value: 'socket' } }) });
    await expect(call).resolves.toBe('socket');
    expect(h.requests).toEqual([]);
  });

  it('withdraws a socket read whose signal aborts: a cancel frame, and the call rejects at once', async () => {
    const { bridge, s, requests } = open();
    const ask = new AbortController();
    const a = bridge.invoke(
      'invoices.list',
      { accountId: 'a', filter: { direction: 'RECEIVED', query: 'm' }, limit: 100 },
      { signal: ask.signal },
    );
    const b = bridge.invoke('invoices.list', { accountId: 'a', filter: { direction: 'RECEIVED', query: 'mø' }, limit: 100 });
    const first = frame(s, 0).call;
    ask.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(JSON.parse(s.sent[2] ?? 'null')).toEqual({ cancel: first });
    // Its late answer goes to nobody; the other call is answered as usual, and nothing was posted.
    s.onmessage?.({ data: JSON.stringify({ reply: first, result: { ok: true, value: 'late' } }) });
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 1).call, result: { ok: true, value: 'newest' } }) });
    await expect(b).resolves.toBe('newest');
    // A signal aborted before the call sends nothing; one aborted after the answer withdraws nothing.
    const gone = new AbortController();
    gone.abort();
    await expect(bridge.invoke('sync.status', {}, { signal: gone.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const late = new AbortController();
    const c = bridge.invoke('sync.status', {}, { signal: late.signal });
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 3).call, result: { ok: true, value: 'status' } }) });
    await expect(c).resolves.toBe('status');
    late.abort();
    expect(s.sent).toHaveLength(4);
    expect(requests).toEqual([]);
  });

  it('lets a posted command run on when its signal aborts: nothing can withdraw it from the host', async () => {
    const h = harness(async () => json({ ok: true, value: 'done' }));
    const ask = new AbortController();
    const call = h.bridge.invoke(
      'invoices.list',
      { accountId: 'a', filter: { direction: 'RECEIVED' }, limit: 100 },
      { signal: ask.signal },
    );
    ask.abort();
    await expect(call).resolves.toBe('done');
    expect(h.requests).toHaveLength(1);
  });

  it('posts what changes something, and any command before the socket is open', async () => {
    const h = harness(async () => json({ ok: true, value: 1 }));
    await h.bridge.invoke('app.info', {});
    h.bridge.subscribe('activity', () => {});
    const s = h.sockets[0] as FakeSocket;
    await h.bridge.invoke('app.info', {}); // connecting, not open yet
    s.onopen?.();
    await h.bridge.invoke('sync.now', { accountId: undefined });
    await h.bridge.invoke('invoices.setHandled', { accountId: 'a', id: 'i', handled: true });
    expect(s.sent).toEqual([]);
    expect(h.requests.map((r) => r.url.split('/bridge/')[1])).toEqual(['app.info', 'app.info', 'sync.now', 'invoices.setHandled']);
  });

  it('posts a read whose frame could be longer than the host takes, counted in bytes', async () => {
    const { bridge, s, requests } = open();
    // 2,000 characters of 2 bytes each: a frame of about 2,100 characters but over 4,096 bytes, which
    // the host would answer by closing the socket.
    await bridge.invoke('invoices.list', { accountId: 'a', filter: { direction: 'RECEIVED', query: 'ä'.repeat(2000) }, limit: 100 });
    expect(s.sent).toEqual([]);
    expect(requests).toHaveLength(1);
    const long = 'x'.repeat(5000);
    await expect(
      bridge.invoke('invoices.list', { accountId: 'a', filter: { direction: 'RECEIVED', query: long }, limit: 100 }),
    ).resolves.toMatchObject({
      by: 'post',
    });
    expect(s.sent).toEqual([]);
    expect(requests).toHaveLength(2);
    // A short query still goes over the socket.
    void bridge.invoke('invoices.list', { accountId: 'a', filter: { direction: 'RECEIVED', query: 'ä'.repeat(100) }, limit: 100 });
    expect(s.sent).toHaveLength(1);
  });

  it('sends the unanswered reads again by POST when the socket closes, and each is answered once', async () => {
    const { bridge, s, requests } = open();
    const a = bridge.invoke('invoices.list', { accountId: 'a', filter: { direction: 'RECEIVED' }, limit: 100 });
    const b = bridge.invoke('activity.list', { limit: 5 });
    s.close();
    await expect(a).resolves.toMatchObject({ by: 'post', url: 'http://127.0.0.1:4321/bridge/invoices.list' });
    await expect(b).resolves.toMatchObject({ by: 'post', url: 'http://127.0.0.1:4321/bridge/activity.list' });
    expect(requests.map((r) => r.body)).toEqual([{ accountId: 'a', filter: { direction: 'RECEIVED' }, limit: 100 }, { limit: 5 }]);
    // A late reply on the closed socket finds no call to answer.
    s.onmessage?.({ data: JSON.stringify({ reply: frame(s, 0).call, result: { ok: true, value: 'late' } }) });
    await expect(a).resolves.toMatchObject({ by: 'post' });
  });

  it('posts a read whose send throws', async () => {
    const { bridge, s, requests } = open();
    s.send = () => {
      throw new Error('InvalidStateError');
    };
    await expect(bridge.invoke('sync.status', {})).resolves.toMatchObject({ by: 'post' });
    expect(requests).toHaveLength(1);
  });
});
