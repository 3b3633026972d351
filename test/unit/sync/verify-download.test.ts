import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bankMessage, declaredFile, invoiceImage, invoiceXml, verifyDownload } from '../../../main/core/sync/verify-download';
import { FIXTURES } from '../../support/engine';

const files = (dir: string) =>
  readdirSync(join(FIXTURES, dir))
    .filter((n) => /\.xml$/i.test(n))
    .map((n) => ({ name: `${dir}/${n}`, data: readFileSync(join(FIXTURES, dir, n)) }));
const ubl = [...files('invoices/peppol-bis3'), ...files('invoices/ehf3'), ...files('invoices/en16931-ubl')];
const finvoice = files('invoices/finvoice3');
const cii = files('invoices/en16931-cii');
const GARBAGE = Buffer.from('{"id": "7f3a", "status": [unterminated');

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

describe('verifyDownload: the bytes are what was asked for', () => {
  it('takes every real UBL and Finvoice invoice as the format it was asked in', () => {
    expect(ubl.length).toBeGreaterThan(5);
    for (const f of ubl) expect(verifyDownload(f.data, 'application/xml', invoiceXml('PEPPOLBIS30')), f.name).toBeNull();
    expect(finvoice.length).toBeGreaterThan(0);
    for (const f of finvoice) expect(verifyDownload(f.data, 'application/xml', invoiceXml('FINVOICE30')), f.name).toBeNull();
  });

  it('refuses an invoice in another format than the one asked for', () => {
    expect(verifyDownload(finvoice[0]?.data ?? Buffer.alloc(0), 'application/xml', invoiceXml('PEPPOLBIS30'))).toMatch(
      /not a Peppol BIS 3 \(UBL\) invoice \(its document element is Finvoice\)/,
    );
    expect(verifyDownload(cii[0]?.data ?? Buffer.alloc(0), 'application/xml', invoiceXml('PEPPOLBIS30'))).toMatch(/CrossIndustryInvoice/);
    const wrongNs = Buffer.from('<?xml version="1.0"?><Invoice xmlns="urn:example:not-ubl"><ID>1</ID></Invoice>');
    expect(verifyDownload(wrongNs, 'application/xml', invoiceXml('PEPPOLBIS30'))).toMatch(/namespace urn:example:not-ubl/);
  });

  it('refuses garbage, an error page, an empty or cut-short body where an invoice was asked for', () => {
    const exp = invoiceXml('PEPPOLBIS30');
    expect(verifyDownload(GARBAGE, 'application/json', exp)).toMatch(/not a Peppol BIS 3 \(UBL\) invoice/);
    expect(verifyDownload(Buffer.from('<html><body>Proxy error</body></html>'), 'text/html', exp)).toMatch(/document element is html/);
    expect(verifyDownload(Buffer.alloc(0), 'application/xml', exp)).toMatch(/empty/);
    const whole = ubl[0]?.data ?? Buffer.alloc(0);
    expect(verifyDownload(whole.subarray(0, Math.floor(whole.length / 2)), 'application/xml', exp)).toMatch(/not well-formed|ends inside/);
  });

  it('refuses XML with a DTD or entities (the billion laughs never reach the Inbox)', () => {
    const bomb = Buffer.from('<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaa">]><Invoice>&a;</Invoice>');
    expect(verifyDownload(bomb, 'application/xml', invoiceXml('PEPPOLBIS30'))).toMatch(/DTD/);
  });

  it('takes a real PDF and refuses what is not one, or is cut short', async () => {
    const good = await pdf();
    expect(verifyDownload(good, 'application/pdf', invoiceImage)).toBeNull();
    expect(verifyDownload(GARBAGE, 'application/json', invoiceImage)).toMatch(/not a PDF/);
    expect(verifyDownload(good.subarray(0, good.length - 40), 'application/pdf', invoiceImage)).toMatch(/incomplete/);
  });

  it('never takes a JSON message or a web page for an attachment, whatever its sender declared it to be', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect(verifyDownload(png, 'image/png', declaredFile('the attachment logo.png', 'image/png', 'logo.png'))).toBeNull();
    expect(verifyDownload(GARBAGE, 'application/json', declaredFile('the attachment logo.png', 'image/png', 'logo.png'))).toMatch(/JSON/);
    expect(verifyDownload(Buffer.from('<html></html>'), 'text/html', declaredFile('the attachment a.png', 'image/png', 'a.png'))).toMatch(
      /web page/,
    );
    // The EHF sample's "application/pdf" attachment named .csv holds plain text: it is what the service has.
    const loose = Buffer.from('Test base 64 encoding');
    expect(
      verifyDownload(loose, 'application/pdf', declaredFile('the attachment Hours-spent.csv', 'application/pdf', 'Hours-spent.csv')),
    ).toBeNull();
    const order = readFileSync(join(FIXTURES, 'documents/ORDER_Order_Example.xml'));
    expect(
      verifyDownload(order, 'application/xml', declaredFile('the document file order.xml', 'application/xml', 'order.xml')),
    ).toBeNull();
    const declaredSize = { ...declaredFile('the attachment a.png', 'image/png', 'a.png'), size: png.length + 1 };
    expect(verifyDownload(png, 'image/png', declaredSize)).toMatch(/bytes arrived/);
  });

  it('takes a bank message as the service keeps it, but never a JSON message in its place', () => {
    const ri = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><FinvoiceReceiverInfo Version="3.0"><X/></FinvoiceReceiverInfo>');
    expect(verifyDownload(ri, 'application/xml', bankMessage)).toBeNull();
    expect(verifyDownload(ri, 'application/octet-stream', bankMessage)).toBeNull();
    expect(verifyDownload(GARBAGE, 'application/json', bankMessage)).toMatch(/JSON/);
    // The demo's proposal that was cut short in transfer is stored so by the service: it is that file.
    expect(verifyDownload(ri.subarray(0, 60), 'application/octet-stream', bankMessage)).toBeNull();
  });
});
