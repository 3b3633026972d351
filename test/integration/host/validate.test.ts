import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALIDATE_BYTES } from '../../../main/core/validate';
import type { BridgeResult } from '../../../shared/bridge/api';
import { VALIDATE_CHUNK_BYTES, type ValidationView } from '../../../shared/bridge/validation';
import type { BridgeErrorView, OutboxItemView } from '../../../shared/bridge/views';
import { FIXTURES, startTestEngine } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { ensureRules } from '../../support/validation';
import { zipBombs } from '../../support/zip-bombs';
import { overIpc } from './over-ipc';
import { value } from './results';
import { type HostUnderTest, startHost } from './setup';

/**
 * The Validate page's commands and the outbox's reports (issue 11 item 3), through the headless host
 * as the browser sends them: real HTTP, the real validator and its compiled rules, the real store.
 */
let sb: TestSandbox;
let h: HostUnderTest;

beforeAll(async () => {
  await ensureRules();
  sb = await startTestSandbox();
  const company = await sb.company();
  h = await startHost(sb, company, await startTestEngine(sb, company, { stableMs: 50 }));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

function failure(r: BridgeResult<unknown>): BridgeErrorView {
  if (r.ok) throw new Error(`command succeeded: ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error;
}

const base = () => readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
/** The payable amount no longer matches the lines: BR-CO-15 and friends, at the monetary totals. */
const brokenSums = async () =>
  (await base()).replace(
    /<cbc:PayableAmount currencyID="EUR">[^<]*<\/cbc:PayableAmount>/,
    '<cbc:PayableAmount currencyID="EUR">999999.99</cbc:PayableAmount>',
  );

/** The page's upload: start, the pieces in order (here of `piece` bytes), finish. */
async function validate(name: string, bytes: Buffer, piece = 1000): Promise<BridgeResult<ValidationView>> {
  const { uploadId } = value(await h.call<{ uploadId: string }>('validate.start', { name, size: bytes.length }));
  for (let offset = 0; offset < bytes.length; offset += piece) {
    const base64 = bytes.subarray(offset, offset + piece).toString('base64');
    value(await h.call('validate.chunk', { uploadId, offset, base64 }));
  }
  return h.call<ValidationView>('validate.finish', { uploadId });
}

describe('validating a file the user hands over', () => {
  it('answers the report of a broken invoice sent in pieces, with the invoice rendered and the source around each place', async () => {
    const xml = await brokenSums();
    const view = value(await validate('wrong-sum.xml', Buffer.from(xml)));
    expect(view.report.file).toBe('wrong-sum.xml');
    expect(view.report.status).toBe('invalid');
    expect(view.report.syntax).toBe('ubl-invoice');
    expect(view.report.rulesets.map((r) => r.id)).toEqual(['EN16931-UBL', 'PEPPOL-BIS3-UBL']);
    const issue = view.report.issues.find((i) => i.location === '/Invoice/cac:LegalMonetaryTotal');
    expect(issue?.flag).toBe('fatal');
    expect(view.rendered?.totals.payable).toBe(999999.99);
    const excerpt = view.excerpts.find((e) => e.line === issue?.line);
    const lines = xml.split('\n');
    expect(excerpt?.lines[(issue?.line ?? 0) - (excerpt?.from ?? 0)]).toBe(lines[(issue?.line ?? 1) - 1]);
    expect(excerpt?.lines.length).toBe(7);
  });

  it('passes a file larger than the host takes in one request (8 MB) in the pieces main asks for', async () => {
    // 6.5 MB is 8.7 MB as base64: too large for one request. Not an invoice, so the rules are not what is timed.
    const bytes = Buffer.from(`<?xml version="1.0"?>\n<Notes>${'<n>x</n>\n'.repeat((6.5 * 1024 * 1024) / 9)}</Notes>\n`);
    const { uploadId, chunkBytes } = value(
      await h.call<{ uploadId: string; chunkBytes: number }>('validate.start', { name: 'big.xml', size: bytes.length }),
    );
    expect(chunkBytes).toBe(VALIDATE_CHUNK_BYTES);
    const started = performance.now();
    let pieces = 0;
    for (let offset = 0; offset < bytes.length; offset += chunkBytes, pieces++) {
      value(await h.call('validate.chunk', { uploadId, offset, base64: bytes.subarray(offset, offset + chunkBytes).toString('base64') }));
    }
    const sent = performance.now();
    const view = value(await h.call<ValidationView>('validate.finish', { uploadId }));
    const ms = (from: number) => Math.round(performance.now() - from);
    console.info(
      `validate: ${(bytes.length / 1024 / 1024).toFixed(1)} MB in ${pieces} pieces (${Math.round(sent - started)} ms), answered in ${ms(sent)} ms`,
    );
    expect(pieces).toBe(4);
    expect(view.report.file).toBe('big.xml');
    expect(view.report.notes.map((n) => n.code)).toEqual(['not-an-invoice']);
    expect(view.renderError).toBe('it is not an invoice in UBL, CII or Finvoice');
  }, 120_000);

  it('checks the invoice inside a zip form, and refuses a zip bomb unopened in plain words (issue 39, item 2)', async () => {
    const zip = Buffer.from(zipSync({ 'Invoice-7.xml': Buffer.from(await brokenSums()), 'Invoice-7.pdf': new Uint8Array(100) }));
    const view = value(await validate('bundle.zip', zip, VALIDATE_CHUNK_BYTES));
    expect(view.report.status).toBe('invalid');
    expect(view.rendered?.totals.payable).toBe(999999.99);
    const bomb = zipBombs().find((b) => b.what === 'thirty XML entries of 40 MB')?.zip as Buffer;
    const refused = value(await validate('bomb.zip', bomb, VALIDATE_CHUNK_BYTES));
    expect(refused.report.status).toBe('unreadable');
    expect(refused.report.problem).toMatch(/^The zip was not opened: "0\.xml" unpacks to \d+ times its packed size/);
    expect(refused.rendered).toBe(null);
  });

  it('answers a valid invoice as valid', async () => {
    const bytes = await readFile(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml'));
    const view = value(await validate('finvoice.xml', bytes, 4096));
    expect(view.report.status).toBe('valid');
    expect(view.report.notes.map((n) => n.code)).toEqual(['no-business-rules']);
    expect(view.rendered?.format).toBe('FINVOICE');
  });

  it('says in plain words what cannot be read, and an empty file is a file too', async () => {
    const pdf = value(await validate('scan.pdf', Buffer.from('%PDF-1.7 not an invoice')));
    expect(pdf.report.status).toBe('unreadable');
    expect(pdf.report.problem).toMatch(/not XML/);
    expect(pdf.rendered).toBeNull();
    const empty = value(await validate('empty.xml', Buffer.alloc(0)));
    expect(empty.report.problem).toBe('The file is empty.');
  });

  it('refuses a file over the limit before a byte moves, and pieces out of order, missing or malformed', async () => {
    const big = failure(await h.call('validate.start', { name: 'huge.xml', size: MAX_VALIDATE_BYTES + 1 }));
    expect(big.kind).toBe('invalid');
    expect(big.message).toMatch(/huge\.xml cannot be validated\. The file is 100\.0 MB; files of up to 100 MB are validated/);

    const { uploadId } = value(await h.call<{ uploadId: string }>('validate.start', { name: 'a.xml', size: 10 }));
    const gap = failure(await h.call('validate.chunk', { uploadId, offset: 5, base64: Buffer.from('12345').toString('base64') }));
    expect(gap.message).toMatch(/A piece of a\.xml is missing \(expected byte 0, got 5\)/);
    const long = failure(await h.call('validate.chunk', { uploadId, offset: 0, base64: Buffer.from('12345678901').toString('base64') }));
    expect(long.message).toMatch(/longer than its size said/);
    value(await h.call('validate.chunk', { uploadId, offset: 0, base64: Buffer.from('<a/>').toString('base64') }));
    expect(failure(await h.call('validate.finish', { uploadId })).message).toMatch(/Only 4 of the 10 bytes of a\.xml arrived/);

    const bad = failure(await h.call('validate.chunk', { uploadId, offset: 0, base64: 'not base64!' }));
    expect(bad.kind).toBe('invalid');
    expect(bad.fields?.base64).toBeTruthy();
    const unknown = failure(await h.call('validate.finish', { uploadId: '3f2b0c1e-0000-4000-8000-000000000000' }));
    expect(unknown.message).toMatch(/no longer held for validation/);
  });
});

describe('the outbox shows each file’s report', () => {
  it('marks a file refused by the rules and a sent one, and answers the refused one’s report beside the file in Failed/', async () => {
    const { te } = h;
    const outbox = join(te.root, 'Outbox', 'Invoices');
    // The service fails the first upload: the good file is sent on a later pass, the refused one never.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [{ action: 'error', status: 503, method: 'POST', path: '^/v1/invoices$', times: 1 }],
    });
    try {
      await writeFile(join(outbox, 'wrong-sum.xml'), await brokenSums());
      await writeFile(join(outbox, 'good.xml'), await base());
      for (let pass = 0; pass < 10; pass++) {
        await te.engine.syncOnce();
        const rows = value(await h.call<OutboxItemView[]>('outbox.list', { accountId: te.account.id }));
        if (rows.find((r) => r.file.endsWith('good.xml'))?.state === 'done') break;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await sb.call('/__sandbox/faults', { method: 'DELETE' });
    }
    expect(await readdir(join(te.root, 'Failed'))).toEqual(expect.arrayContaining(['wrong-sum.xml', 'wrong-sum.xml.error.txt']));

    const rows = value(await h.call<OutboxItemView[]>('outbox.list', { accountId: te.account.id }));
    const refused = rows.find((r) => r.file.endsWith('wrong-sum.xml'));
    const sent = rows.find((r) => r.file.endsWith('good.xml'));
    expect(refused?.state).toBe('failed');
    expect(refused?.validation).toEqual({ status: 'invalid', fatal: expect.any(Number), warnings: expect.any(Number) });
    expect(refused?.validation?.fatal).toBeGreaterThan(0);
    expect(sent?.state).toBe('done');
    expect(sent?.validation?.status).toBe('valid');

    const view = value(await h.call<ValidationView>('validate.outboxReport', { id: refused?.id }));
    expect(view.report.fatalCount).toBe(refused?.validation?.fatal);
    expect(view.rendered?.totals.payable).toBe(999999.99);
    expect(view.excerpts.length).toBeGreaterThan(0);

    const none = failure(await h.call('validate.outboxReport', { id: 999_999 }));
    expect(none.message).toBe('No outbox item 999999');
  }, 60_000);
});

describe('the same commands over Electron IPC', () => {
  it('a file in pieces through the invoke channel answers the same report, and a bad piece is refused before main holds it', async () => {
    await overIpc(h, async (invoke) => {
      const bytes = Buffer.from(await brokenSums());
      const { uploadId } = value(await invoke<{ uploadId: string }>('validate.start', { name: 'ipc.xml', size: bytes.length }));
      const half = Math.floor(bytes.length / 2);
      expect(failure(await invoke('validate.chunk', { uploadId, offset: -1, base64: '' })).kind).toBe('invalid');
      value(await invoke('validate.chunk', { uploadId, offset: 0, base64: bytes.subarray(0, half).toString('base64') }));
      value(await invoke('validate.chunk', { uploadId, offset: half, base64: bytes.subarray(half).toString('base64') }));
      const view = value(await invoke<ValidationView>('validate.finish', { uploadId }));
      expect(view.report.file).toBe('ipc.xml');
      expect(view.report.status).toBe('invalid');
      expect(view.report.issues.some((i) => i.location === '/Invoice/cac:LegalMonetaryTotal')).toBe(true);
    });
  });
});
