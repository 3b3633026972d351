import { describe, expect, it } from 'vitest';
import { identify, rulesetsFor } from '../../../main/core/validate/detect';
import { locate, parseLocation } from '../../../main/core/validate/locate';

const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

const doc = `<?xml version="1.0"?>
<!-- a comment with <Invoice> inside -->
<Invoice xmlns="${UBL}" xmlns:cac="${CAC}"
         xmlns:cbc="${CBC}">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:Note>one</cbc:Note>
  <cbc:Note><![CDATA[two <not a tag>]]></cbc:Note>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
  </cac:InvoiceLine>
  <cac:InvoiceLine>
    <cbc:ID>2</cbc:ID>
    <cac:Price><cbc:PriceAmount currencyID="EUR">10</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
  <x:Other xmlns:x="${CAC}"><x:InvoiceLine/></x:Other>
</Invoice>
`;

const en = (...steps: [string, string, number][]) => steps.map(([ns, n, i]) => `/*:${n}[namespace-uri()='${ns}'][${i}]`).join('');
const q = (...steps: [string, string, number][]) => steps.map(([ns, n, i]) => `/Q{${ns}}${n}[${i}]`).join('');

describe('locations of broken rules', () => {
  it('reads both forms of XPath the rule sets answer, with attributes', () => {
    expect(parseLocation(en([UBL, 'Invoice', 1], [CAC, 'InvoiceLine', 2]))).toEqual([
      { kind: 'element', local: 'Invoice', ns: UBL, pos: 1 },
      { kind: 'element', local: 'InvoiceLine', ns: CAC, pos: 2 },
    ]);
    expect(parseLocation(`${q([UBL, 'Invoice', 1])}/@currencyID`)?.[1]).toEqual({ kind: 'attribute', name: 'currencyID' });
    expect(parseLocation("/*:Invoice[namespace-uri()='x'][1]/@*[local-name()='schemeID' and namespace-uri()='']")?.[1]).toEqual({
      kind: 'attribute',
      name: 'schemeID',
    });
    expect(parseLocation('not a path')).toBeNull();
  });

  it('answers a readable path and the line of the element, telling same-named siblings apart', () => {
    const line2 = en([UBL, 'Invoice', 1], [CAC, 'InvoiceLine', 2], [CAC, 'Price', 1], [CBC, 'PriceAmount', 1]);
    const note2 = q([UBL, 'Invoice', 1], [CBC, 'Note', 2]);
    const first = q([UBL, 'Invoice', 1], [CAC, 'InvoiceLine', 1]);
    const root = en([UBL, 'Invoice', 1]);
    const attr = `${line2}/@currencyID`;
    const missing = q([UBL, 'Invoice', 1], [CAC, 'InvoiceLine', 3]);
    const found = locate(doc, [line2, note2, first, root, attr, missing]);
    expect(found.get(line2)).toEqual({ path: '/Invoice/cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount', line: 13 });
    expect(found.get(attr)).toEqual({ path: '/Invoice/cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount/@currencyID', line: 13 });
    expect(found.get(note2)).toEqual({ path: '/Invoice/cbc:Note[2]', line: 7 });
    expect(found.get(first)).toEqual({ path: '/Invoice/cac:InvoiceLine[1]', line: 8 });
    expect(found.get(root)).toEqual({ path: '/Invoice', line: 3 });
    expect(found.get(missing)).toEqual({ path: '/Invoice/cac:InvoiceLine[3]' });
  });

  it('tells the syntax and reads the customization id without parsing the whole file', () => {
    const id = identify(doc);
    expect(id.syntax).toBe('ubl-invoice');
    expect(id.customizationId).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(rulesetsFor(id)).toEqual(['EN16931-UBL', 'PEPPOL-BIS3-UBL']);
    expect(rulesetsFor(id, 'en16931')).toEqual(['EN16931-UBL']);
    const cii = identify(
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>',
    );
    expect([cii.syntax, cii.customizationId, rulesetsFor(cii)]).toEqual(['cii', 'urn:cen.eu:en16931:2017', ['EN16931-CII']]);
    expect(rulesetsFor(cii, 'peppol')).toEqual(['EN16931-CII', 'PEPPOL-BIS3-CII']);
    expect(identify('<Finvoice Version="3.0"/>').syntax).toBe('finvoice');
    expect(identify(`<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>`).syntax).toBe('ubl-credit-note');
    // The right name in the wrong namespace is not the format.
    expect(identify('<Invoice xmlns="urn:example"/>').syntax).toBe('other');
  });
});
