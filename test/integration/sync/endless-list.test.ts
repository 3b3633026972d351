import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

// The adversary's endless invoice list (issue 36): every page answers the first page's items and says
// X-Next-Page: 2. Before the page guard, `sync --once` never ended (about 160 list requests a second)
// and a file dropped meanwhile stayed in the Outbox.
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
/** Requests to the invoice list since the last reset, and when they were made. */
const listRequests: number[] = [];
/** Invoices the engine told the service it handled. */
const handled = new Set<string>();
const ENDLESS = [{ action: 'endless_pages', method: 'GET', path: '^/v1/invoices$' }];
const PROBLEM =
  /^Received invoices: The service kept sending the received invoices list page after page with nothing new; the app stopped after 2 pages and will try again later/;

beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company();
  // A full page, so only the service's word (X-Next-Page) says whether another follows.
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/Vat-category-S.xml'));
  for (let i = 0; i < 100; i++) {
    const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: `in-${i}.xml`, data: xml }),
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status}`);
  }
  t = await startTestEngine(sb, company, {
    stableMs: 200,
    runner: {
      watch: true,
      scanIntervalMs: 120_000,
      transport: {
        onRequest: (m, u) => {
          if (m === 'GET' && u.pathname === '/v1/invoices') listRequests.push(Date.now());
          const h = /^\/v1\/invoices\/([^/]+)\/invoice_events$/.exec(u.pathname);
          if (m === 'PATCH' && h?.[1]) handled.add(h[1]);
        },
      },
    },
  });
  await sb.call('/__sandbox/faults', { method: 'PUT', json: ENDLESS });
}, 60_000);
afterAll(async () => {
  await t.close();
  await sb.close();
});

describe('an invoice list that never ends', () => {
  it('ends `sync --once` with the problem in plain words, keeping what the first page brought', async () => {
    // The invoices of the page kept are marked handled too, though the feed then failed.
    t.engine[WRITER].accounts.update(t.account.id, { markHandled: true });
    const reports = await t.engine.syncOnce();
    const r = reports.get(t.account.id);
    expect(r?.ok).toBe(false);
    expect(r?.problems.some((p) => PROBLEM.test(p))).toBe(true);
    // Received: page 1, then page 2 (the same items) ends it. Sent: one short page.
    expect(listRequests.length).toBeLessThanOrEqual(3);
    const s = t.engine.status()[0];
    expect(s?.received).toBe(100);
    expect(handled.size).toBe(100);
    expect(s?.lastPoll).not.toBeNull();
    expect(s?.state).toBe('offline');
    expect(s?.message).toMatch(PROBLEM);
  });

  it('keeps the running engine sending, and asks the misbehaving list at most once a second', async () => {
    listRequests.length = 0;
    const began = Date.now();
    const problem = t.engine.events.waitFor('problem', (p) => /page after page with nothing new/.test(p.message), 15_000);
    await t.engine.start();
    // The runner of `sync --once` backed off after its failed poll: the user asks for one now.
    t.engine.syncNow();
    await problem;
    const sent = t.engine.events.waitFor('sent', (p) => p.file.endsWith('meanwhile.xml'), 15_000);
    const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8')).replace('Snippet1', 'MEANWHILE-1');
    await writeFile(join(t.root, 'Outbox', 'Invoices', 'meanwhile.xml'), xml);
    expect((await sent).remoteId).toBeTruthy();
    const seconds = (Date.now() - began) / 1000;
    // One poll's two pages (and the sent list's one), then the back-off: never a hot loop.
    expect(listRequests.length).toBeLessThanOrEqual(3 + Math.floor(seconds));
    expect(t.engine.status()[0]?.lastPoll).not.toBeNull();
  });
});
