import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/errors';
import { ANSWER_LIMITS, Transport } from '../../../main/core/api/transport';

/**
 * Answers read into memory stop at their kind's size (issue 39, item 10), over real HTTP on loopback:
 * the server streams up to 256 MB and counts what it could write before the app hung up.
 */
let server: Server;
let base = '';
const written = new Map<string, number>();
const MB = 1024 * 1024;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const status = path.startsWith('/error') ? 500 : 200;
    if (path.startsWith('/declared')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
    } else res.writeHead(status, { 'content-type': path.startsWith('/file') ? 'application/pdf' : 'application/json' });
    const total = path.startsWith('/file-ok') ? 20 * MB : 256 * MB;
    const chunk = Buffer.alloc(MB, 0x20);
    let sent = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      written.set(path, sent);
    });
    const pump = () => {
      while (!closed && sent < total) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const t = new Transport();
const get = (path: string, accept: string) => t.send({ method: 'GET', url: new URL(path, base), headers: { accept } });

describe('answer size limits', () => {
  it('stops a JSON answer past 16 MB as it arrives, with a plain error naming the host', async () => {
    const e = await get('/json', 'application/json').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServiceError);
    expect((e as ServiceError).message).toBe(
      `The answer from ${new URL(base).host} was larger than the 16 MB such an answer may be, so it was not read`,
    );
    await expect.poll(() => written.get('/json')).toBeLessThan(64 * MB);
  });

  it('refuses an answer whose Content-Length is over its limit before reading it', async () => {
    await expect(get('/declared', 'application/json')).rejects.toThrow(/larger than the 16 MB/);
    await expect.poll(() => written.get('/declared')).toBeLessThan(64 * MB);
  });

  it('stops a file past 128 MB, and takes a 20 MB one whole', async () => {
    await expect(get('/file-big', '*/*')).rejects.toThrow(/larger than the 128 MB/);
    const ok = await get('/file-ok', '*/*');
    expect(ok.body.length).toBe(20 * MB);
  });

  it("keeps an error's status with the first 64 KB of its body", async () => {
    const r = await get('/error', 'application/json');
    expect(r.status).toBe(500);
    expect(r.body.length).toBe(ANSWER_LIMITS.error);
    await expect.poll(() => written.get('/error')).toBeLessThan(64 * MB);
  });
});
