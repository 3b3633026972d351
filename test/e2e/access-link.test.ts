import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostUnderTest, startHost } from '../integration/host/setup';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { hasChromium, launch } from './support/browser';

/**
 * The headless host's access link in a real Chromium (issue 39, item 3): what the browser keeps after
 * opening it (history, cookies) must open nothing for anyone else.
 */
describe.skipIf(!hasChromium)('the access link in the browser', () => {
  let sb: TestSandbox;
  let h: HostUnderTest;
  let browser: Browser;
  beforeAll(async () => {
    sb = await startTestSandbox();
    h = await startHost(sb, await sb.company());
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    await sb?.close();
  });

  it('opens the page once under its random *.localhost name, leaves no token in the address, and is dead when replayed', async () => {
    const link = h.web.newLink();
    const context = await browser.newContext();
    const page = await context.newPage();
    const answer = await page.goto(link);
    expect(answer?.status()).toBe(200);
    expect(page.url()).toBe(`${h.web.pageOrigin}/`);
    // The address history keeps, opened again (another tab, another profile): nothing.
    const other = await browser.newContext();
    const replay = await (await other.newPage()).goto(link);
    expect(replay?.status()).toBe(401);
    await other.close();
    // The page itself still works with its session.
    expect((await page.reload())?.status()).toBe(200);
    await context.close();
  });

  it("sends the page's session to no other server on 127.0.0.1", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const stranger = createServer((req, res) => {
      seen.push(req.headers);
      res.end('hello');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(h.web.newLink());
      const { port } = stranger.address() as AddressInfo;
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) await page.goto(`${origin}/`);
      expect(seen.length).toBeGreaterThanOrEqual(2); // the pages, and the icon Chromium asks for
      for (const headers of seen) expect(headers.cookie ?? '').not.toMatch(/einvoice/);
      // The browser does hold the session, for the page's own name alone.
      const cookies = await context.cookies();
      expect(cookies.map((c) => [c.name, c.domain, c.httpOnly, c.sameSite])).toEqual([
        ['einvoice_session', h.web.hostName, true, 'Strict'],
      ]);
      await context.close();
    } finally {
      await new Promise((resolve) => stranger.close(resolve));
    }
  });
});
