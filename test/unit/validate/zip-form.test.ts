import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { invoiceBytesOf } from '../../../main/core/validate/zip-form';
import { invoiceEntry, listZip } from '../../../main/core/validate/zip-limits';
import { FIXTURES } from '../../support/engine';
import { zipBombs } from '../../support/zip-bombs';

describe('the zip form, bounded (issue 39, item 2)', () => {
  const bombs = zipBombs();

  it.each(bombs.map((b) => [b.what, b] as const))('refuses %s in plain words, in the worker', async (_what, bomb) => {
    const got = await invoiceBytesOf(bomb.zip);
    expect(got.bytes).toBe(null);
    expect(got.refused).toMatch(/^The zip was not opened: /);
    expect(got.refused).toMatch(bomb.says);
  });

  it('takes the invoice out of an honest zip form: the largest XML, beside its PDF and attachments', async () => {
    const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
    const zip = zipSync({
      'Invoice-7.xml': xml,
      'Invoice-7.pdf': new Uint8Array(2000).fill(7),
      'docs/meta.xml': new TextEncoder().encode('<a/>'),
      'docs/spaces.txt': new Uint8Array(64 * 1024).fill(0x20),
    });
    const listing = listZip(zip);
    expect(listing.ok && invoiceEntry(listing.entries)?.name).toBe('Invoice-7.xml');
    const got = await invoiceBytesOf(zip);
    expect(got.refused).toBe(null);
    expect(Buffer.from(got.bytes as Uint8Array).equals(xml)).toBe(true);
  });

  it('answers a file that is no zip, or a zip with no XML, as it is (validation names it), and refuses one cut short', async () => {
    const plain = new TextEncoder().encode('<Invoice/>');
    expect((await invoiceBytesOf(plain)).bytes).toBe(plain);
    const noXml = zipSync({ 'a.pdf': new Uint8Array(10) });
    expect((await invoiceBytesOf(noXml)).bytes).toBe(noXml);
    const cut = zipSync({ 'a.xml': new Uint8Array(100) }).subarray(0, 60);
    expect(await invoiceBytesOf(cut)).toEqual({
      bytes: null,
      refused: 'The zip was not opened: it is not a complete zip archive (its directory is missing).',
    });
  });
});
