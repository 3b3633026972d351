import { cpSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../main/core/sync/local-checks';
import {
  IDLE_RELEASE_MS,
  MAX_VALIDATE_BYTES,
  RulesUnavailableError,
  ValidationCancelledError,
  Validator,
} from '../../../main/core/validate';
import { RULES_BUILD_DIR, VENDOR_DIR } from '../../../scripts/build-rules';
import { APP_LANGUAGES } from '../../../shared/settings';
import type { ValidationReport } from '../../../shared/validation/report';
import { FIXTURES } from '../../support/engine';
import { fileTempDir, tempDir } from '../../support/temp';
import { ensureRules } from '../../support/validation';

const BASE = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
const CII = readFileSync(join(FIXTURES, 'invoices/en16931-cii/CII_example1.xml'), 'utf8');
const FINVOICE = readFileSync(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml'), 'latin1');
const dir = fileTempDir('einvoice-validate-');

let v: Validator;
beforeAll(async () => {
  await ensureRules();
  v = new Validator({ workers: 2 });
}, 600_000);
afterAll(async () => {
  await v?.close();
});

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('validating a file', () => {
  it('starts no worker and loads no rules until the first file', async () => {
    const lazy = new Validator();
    expect(lazy.threads).toBe(0);
    const r = await lazy.validate(Buffer.from(BASE), { name: 'base-example.xml' });
    expect(lazy.threads).toBeGreaterThan(0);
    expect(r).toMatchObject({ file: 'base-example.xml', status: 'valid', valid: true, syntax: 'ubl-invoice', issues: [] });
    expect(r.rulesets.map((s) => [s.id, s.businessRules])).toEqual([
      ['EN16931-UBL', true],
      ['PEPPOL-BIS3-UBL', true],
    ]);
    await lazy.close();
    expect(lazy.threads).toBe(0);
  });

  it('reports each broken rule with its id, flag, readable location, line, official text and explanation, fatal first', async () => {
    const broken = BASE.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1').replace(
      '<cbc:Note>Payment within 10 days, 2% discount</cbc:Note>',
      '<cbc:Note></cbc:Note>',
    );
    const path = join(dir, 'broken.xml');
    writeFileSync(path, broken);
    const r = await v.validate(path);
    expect(r).toMatchObject({ file: path, status: 'invalid', valid: false, fatalCount: 2, warningCount: 0, problem: null });
    const co16 = r.issues.find((i) => i.id === 'BR-CO-16');
    expect(co16).toMatchObject({
      flag: 'fatal',
      ruleset: 'EN16931-UBL',
      location: '/Invoice/cac:LegalMonetaryTotal',
      line: lineOf(broken, '<cac:LegalMonetaryTotal>'),
      text: 'Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) -Paid amount (BT-113) +Rounding amount (BT-114).',
    });
    expect(co16?.xpath).toContain('LegalMonetaryTotal');
    for (const lang of APP_LANGUAGES) expect(co16?.explanation?.[lang]).toBeTruthy();
    expect(r.issues.find((i) => i.id === 'PEPPOL-EN16931-R008')).toMatchObject({
      ruleset: 'PEPPOL-BIS3-UBL',
      location: '/Invoice/cac:PaymentTerms/cbc:Note',
      line: lineOf(broken, '<cbc:Note></cbc:Note>'),
    });
    expect(r.issues.map((i) => i.line)).toEqual([...r.issues.map((i) => i.line)].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('runs EN 16931 only for an invoice that is not Peppol, and the CII rules for CII', async () => {
    const plain = await v.validate(Buffer.from(BASE.replace(/#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0/, '')));
    expect(plain.rulesets.map((s) => s.id)).toEqual(['EN16931-UBL']);
    const forced = await v.validate(Buffer.from(BASE), { profile: 'en16931' });
    expect(forced.rulesets.map((s) => s.id)).toEqual(['EN16931-UBL']);
    const cii = await v.validate(Buffer.from(CII.replace(/<ram:DuePayableAmount>([\d.]+)</, '<ram:DuePayableAmount>1$1<')));
    expect(cii.syntax).toBe('cii');
    expect(cii.rulesets.map((s) => s.id)).toEqual(['EN16931-CII']);
    expect(cii.issues.map((i) => i.id)).toContain('BR-CO-16');
    expect(cii.issues.find((i) => i.id === 'BR-CO-16')?.location).toMatch(/^\/rsm:CrossIndustryInvoice\/rsm:SupplyChainTradeTransaction/);
  });

  it('says where a value stopped the rules (an amount with a decimal comma)', async () => {
    const comma = BASE.replace(/<cbc:PayableAmount currencyID="EUR">(\d+)\.(\d+)</, '<cbc:PayableAmount currencyID="EUR">$1,$2<');
    const r = await v.validate(Buffer.from(comma));
    expect(r.valid).toBe(false);
    expect(r.issues[0]).toMatchObject({
      id: 'RULES-STOPPED',
      flag: 'fatal',
      location: '/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount',
      line: lineOf(comma, '<cbc:PayableAmount'),
    });
    expect(r.issues[0]?.text).toContain('is not a valid xs:decimal');
  });

  it('checks a Finvoice for well-formedness and structure only, and says no business rules were run', async () => {
    const ok = await v.validate(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml'));
    expect(ok).toMatchObject({ status: 'valid', syntax: 'finvoice', issues: [] });
    expect(ok.rulesets).toEqual([expect.objectContaining({ id: 'FINVOICE-STRUCTURE', businessRules: false })]);
    expect(ok.notes.map((n) => n.code)).toEqual(['no-business-rules']);
    const bad = FINVOICE.replace(/<InvoiceNumber>[^<]*<\/InvoiceNumber>/, '')
      .replace('<InvoiceDate Format="CCYYMMDD">20181203', '<InvoiceDate Format="CCYYMMDD">20181232')
      .replace(
        '<InvoiceTotalVatAmount AmountCurrencyIdentifier="EUR">24,00',
        '<InvoiceTotalVatAmount AmountCurrencyIdentifier="EUR">24.00',
      );
    const r = await v.validate(Buffer.from(bad, 'latin1'));
    expect(r.status).toBe('invalid');
    expect(r.issues.map((i) => [i.id, i.location, i.line])).toEqual([
      ['FINVOICE-07', '/Finvoice/InvoiceDetails', lineOf(bad, '<InvoiceDetails>')],
      ['FINVOICE-11', '/Finvoice/InvoiceDetails/InvoiceDate', lineOf(bad, '<InvoiceDate')],
      ['FINVOICE-10', '/Finvoice/InvoiceDetails/InvoiceTotalVatAmount', lineOf(bad, '<InvoiceTotalVatAmount')],
    ]);
  });

  it('answers a document that is not an invoice as invalid, saying what it is', async () => {
    const other = await v.validate(Buffer.from('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'));
    expect(other).toMatchObject({ status: 'invalid', valid: false, syntax: 'other', rulesets: [], issues: [] });
    expect(other.notes[0]?.code).toBe('not-an-invoice');
    expect(other.notes[0]?.text).toContain('Order');
    const sbdh = await v.validate(
      Buffer.from('<StandardBusinessDocument xmlns="http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader"/>'),
    );
    expect(sbdh.notes[0]?.code).toBe('wrapper');
  });
});

describe('files that cannot be read are refused in plain words before any rule runs', () => {
  const cases: [string, Buffer, RegExp][] = [
    ['empty', Buffer.alloc(0), /empty/],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), /not XML/],
    ['a zip', Buffer.from('PK\x03\x04rest', 'latin1'), /zip/],
    ['a DTD', Buffer.from('<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaa">]><Invoice>&a;</Invoice>'), /DTD/],
    ['an entity declaration', Buffer.from('<!ENTITY x SYSTEM "file:///etc/passwd"><Invoice/>'), /DTD/],
    ['deep nesting', Buffer.from(`${'<a>'.repeat(500)}${'</a>'.repeat(500)}`), /deep/],
    ['broken XML', Buffer.from('<Invoice>\n  <a>\n</Invoice>'), /not well-formed XML \(line \d+/],
    ['binary', Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x81, 0x82]), /not (text|XML)/],
  ];
  for (const [what, bytes, message] of cases) {
    it(what, async () => {
      const r = await v.validate(bytes, { name: what });
      expect(r).toMatchObject({ file: what, status: 'unreadable', valid: false, rulesets: [], issues: [] });
      expect(r.problem).toMatch(message);
    });
  }

  it('a file over 100 MB (the most the service takes), without reading it', async () => {
    expect(MAX_VALIDATE_BYTES).toBe(MAX_UPLOAD_BYTES);
    const path = join(tempDir(), 'huge.xml');
    writeFileSync(path, '<Invoice/>');
    truncateSync(path, 101 * 1024 * 1024); // sparse: nothing is written
    const r = await v.validate(path);
    expect(r.status).toBe('unreadable');
    expect(r.problem).toMatch(/101\.0 MB; files of up to 100 MB/);
  });

  it('a file that is not there', async () => {
    const r = await v.validate(join(tempDir(), 'missing.xml'));
    expect(r.problem).toMatch(/no such file/);
  });
});

describe('the validator itself', () => {
  it('refuses to run without compiled rules, with rules older than their sources, or with a damaged compile', async () => {
    const none = new Validator({ rulesDir: tempDir() });
    await expect(none.validate(Buffer.from(BASE))).rejects.toThrow(RulesUnavailableError);
    await expect(none.validate(Buffer.from(BASE))).rejects.toThrow(/npm run build:rules/);
    await none.close();

    const vendor = tempDir();
    cpSync(VENDOR_DIR, vendor, { recursive: true });
    writeFileSync(join(vendor, 'en16931/EN16931-UBL-validation.xslt'), '<!-- changed -->', { flag: 'a' });
    const stale = new Validator({ rulesDir: RULES_BUILD_DIR, vendorDir: vendor });
    await expect(stale.validate(Buffer.from(BASE))).rejects.toThrow(/older than its sources \(en16931\/EN16931-UBL-validation.xslt\)/);
    await stale.close();

    const rules = tempDir();
    mkdirSync(rules, { recursive: true });
    cpSync(RULES_BUILD_DIR, rules, { recursive: true });
    writeFileSync(join(rules, 'EN16931-UBL.sef.json'), '{}');
    const damaged = new Validator({ rulesDir: rules, vendorDir: null });
    await expect(damaged.validate(Buffer.from(BASE))).rejects.toThrow(/damaged/);
    await damaged.close();
  });

  it('answers a file that takes too long as not checked for the time, and replaces its worker', async () => {
    const slow = new Validator({ timeoutMs: 1, timeoutPerMbMs: 0 });
    const r = await slow.validate(Buffer.from(BASE));
    expect(r.status).toBe('unreadable');
    expect(r.notChecked).toBe('time');
    expect(r.problem).toMatch(/could not be checked within 0 s/);
    expect(slow.threads).toBe(0);
    await slow.close();
  });

  it("tells a check's progress, growing from 0 to 100 through its phases, the last when the report is there", async () => {
    const told: { phase: string; percent: number }[] = [];
    const r = await v.validate(Buffer.from(BASE), { name: 'base.xml', onProgress: (p) => told.push(p) });
    expect(r.valid).toBe(true);
    expect(told[0]).toEqual({ phase: 'read', percent: 0 });
    expect(told.at(-1)?.percent).toBe(100);
    expect(told.filter((p) => p.percent === 100)).toHaveLength(1);
    for (let i = 1; i < told.length; i++) expect(told[i]?.percent).toBeGreaterThanOrEqual(told[i - 1]?.percent ?? 0);
    // The worker said where it was: parsing, then the rule sets of a Peppol invoice.
    expect(told.map((p) => p.phase)).toContain('parse');
    expect(told.some((p) => p.phase === 'en16931' || p.phase === 'peppol')).toBe(true);
  });

  it('answers a file larger than the check takes as not checked for its size, not as a broken file', async () => {
    const small = new Validator({ workers: 1, maxBytes: 4096, sideBySide: false });
    const bytes = await small.validate(Buffer.from(BASE), { name: 'base.xml' });
    expect(bytes.status).toBe('unreadable');
    expect(bytes.notChecked).toBe('size');
    const path = join(dir, 'base.xml');
    writeFileSync(path, BASE);
    expect((await small.validate(path)).notChecked).toBe('size');
    // A file that is not XML is the file's fault: no notChecked.
    expect((await small.validate(Buffer.from('Dear customer'))).notChecked).toBeUndefined();
    await small.close();
  });

  it('stops a worker that has been idle, giving back its memory, and starts one again for the next file', async () => {
    const idle = new Validator({ idleMs: 100 });
    const big = Buffer.alloc(64 * 1024 * 1024);
    const bytes = big.subarray(0, Buffer.byteLength(BASE));
    bytes.write(BASE);
    expect((await idle.validate(bytes, { name: 'a view into 64 MB' })).valid).toBe(true);
    await vi.waitFor(() => expect(idle.threads).toBe(0), { timeout: 5_000 });
    expect((await idle.validate(Buffer.from(BASE))).valid).toBe(true);
    expect(idle.threads).toBeGreaterThan(0);
    await idle.close();
  });

  it('cancels a file being checked, stopping its worker, and one still waiting, and checks the next file as ever', async () => {
    const v = new Validator({ workers: 1, sideBySide: false });
    const running = new AbortController();
    const waiting = new AbortController();
    const first = v.validate(Buffer.from(BASE), { name: 'first.xml', signal: running.signal });
    const second = v.validate(Buffer.from(BASE), { name: 'second.xml', signal: waiting.signal });
    expect(v.threads).toBe(1);
    waiting.abort();
    running.abort();
    await expect(first).rejects.toThrow(ValidationCancelledError);
    await expect(second).rejects.toThrow(/The check of second.xml was cancelled/);
    expect(v.threads).toBe(0);
    expect((await v.validate(Buffer.from(BASE))).valid).toBe(true);
    const already = new AbortController();
    already.abort();
    await expect(v.validate(Buffer.from(BASE), { signal: already.signal })).rejects.toThrow(ValidationCancelledError);
    await v.close();
  });

  it('releases its workers and their rules after a minute without work, by default', async () => {
    // Fake timers only for the idle clock: the worker's answer comes by message, not by a timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const v = new Validator();
    try {
      expect((await v.validate(Buffer.from(BASE))).valid).toBe(true);
      expect(v.threads).toBeGreaterThan(0);
      vi.advanceTimersByTime(IDLE_RELEASE_MS - 1_000);
      expect(v.threads).toBeGreaterThan(0);
      vi.advanceTimersByTime(1_001);
      expect(v.threads).toBe(0);
    } finally {
      vi.useRealTimers();
      await v.close();
    }
    expect(IDLE_RELEASE_MS).toBe(60_000);
  });

  it("runs a lone Peppol invoice's two rule sets side by side on two workers, answering what one worker answers", async () => {
    const broken = BASE.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1').replace(
      '<cbc:EndpointID schemeID="0088">9482348239847239874</cbc:EndpointID>',
      '<cbc:EndpointID schemeID="0088">9482348239847239875</cbc:EndpointID>',
    );
    const one = new Validator({ workers: 1 });
    const two = new Validator({ workers: 2, sideBySide: true });
    const withoutTimes = (r: ValidationReport) => ({ ...r, ms: 0, rulesets: r.rulesets.map((s) => ({ ...s, ms: 0 })) });
    for (const [name, xml] of [
      ['broken.xml', broken],
      ['cii.xml', CII],
      ['finvoice.xml', FINVOICE],
      ['not-xml.xml', 'Dear customer'],
    ] as const) {
      const alone = await one.validate(Buffer.from(xml, 'latin1'), { name });
      const split = await two.validate(Buffer.from(xml, 'latin1'), { name });
      expect(withoutTimes(split), name).toEqual(withoutTimes(alone));
    }
    expect(two.threads).toBe(2);
    const broke = await two.validate(Buffer.from(broken), { name: 'broken.xml' });
    expect(new Set(broke.issues.map((i) => i.ruleset))).toEqual(new Set(['EN16931-UBL', 'PEPPOL-BIS3-UBL']));
    // Told not to (as on a busy machine), a lone file keeps to one worker.
    const apart = new Validator({ workers: 2, sideBySide: false });
    expect(withoutTimes(await apart.validate(Buffer.from(broken), { name: 'broken.xml' }))).toEqual(withoutTimes(broke));
    expect(apart.threads).toBe(1);
    await Promise.all([one.close(), two.close(), apart.close()]);
  });

  it('replaces a worker whose heap grew past its limit before the next file', async () => {
    const small = new Validator({ workers: 1, recycleMb: 1 });
    expect((await small.validate(Buffer.from(BASE))).valid).toBe(true);
    expect(small.threads).toBe(0);
    expect((await small.validate(Buffer.from(CII))).valid).toBe(true);
    await small.close();
  });

  it("validates a file too big for the pool's heap once more, alone, on a one-off worker with the large heap", async () => {
    // 24 MB of comment (under LARGE_FILE_BYTES, so it goes to the pool first): more than a 128 MB heap holds once parsed.
    const padded = BASE.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>Snippet1</cbc:ID><!-- ${'x'.repeat(24 * 1024 * 1024)} -->`);
    const tight = new Validator({ workers: 1, workerMemoryMb: 128, largeWorkerMemoryMb: 1024, sideBySide: false });
    const r = await tight.validate(Buffer.from(padded), { name: 'padded.xml' });
    expect(r.status, r.problem ?? '').toBe('valid');
    // The one-off worker ended with its file, and the pool's own worker still takes small files.
    await vi.waitFor(() => expect(tight.threads).toBe(0), { timeout: 5_000 });
    expect((await tight.validate(Buffer.from(BASE))).valid).toBe(true);
    // Given no more room than the pool's, it says so in plain words instead of retrying for ever.
    const capped = new Validator({ workers: 1, workerMemoryMb: 128, largeWorkerMemoryMb: 128, sideBySide: false });
    const no = await capped.validate(Buffer.from(padded), { name: 'padded.xml' });
    expect(no.status).toBe('unreadable');
    expect(no.problem).toMatch(/needs more memory to validate than the 128 MB allowed/);
    expect(no.notChecked).toBe('memory');
    await Promise.all([tight.close(), capped.close()]);
  }, 120_000);

  it('uses at most the workers it is given, however many files wait', async () => {
    const two = new Validator({ workers: 2 });
    const many = Array.from({ length: 8 }, (_, i) => two.validate(Buffer.from(BASE), { name: `n${i}` }));
    expect(two.threads).toBe(2);
    const reports = await Promise.all(many);
    expect(reports.map((r) => r.file)).toEqual(Array.from({ length: 8 }, (_, i) => `n${i}`));
    expect(reports.every((r) => r.valid)).toBe(true);
    await two.close();
  });
});
