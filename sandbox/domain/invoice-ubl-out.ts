import type { ParsedInvoice, ParsedParty } from './invoice-parsed';

/**
 * return_format=PEPPOLBIS30 for an invoice that did not arrive as UBL (CII, Finvoice): a Peppol BIS
 * Billing 3.0 Invoice or CreditNote written from what the sandbox parsed. It carries the header,
 * parties, payment, VAT breakdown, totals and lines; it is a faithful conversion of those fields, not
 * of every element of the source.
 */

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amt = (n: number | null | undefined): string => (n === null || n === undefined ? '0.00' : n.toFixed(2));

function el(name: string, value: string | number | null | undefined, attrs = ''): string {
  if (value === null || value === undefined || value === '') return '';
  return `<cbc:${name}${attrs}>${esc(String(value))}</cbc:${name}>`;
}

/** scheme:value, or a Finnish OVT code (0037...) which Peppol addresses with scheme 0216. */
function endpoint(eia: string | null): string {
  if (!eia) return '';
  const m = /^(\d{4}):(.+)$/.exec(eia);
  if (m) return el('EndpointID', m[2], ` schemeID="${m[1]}"`);
  if (/^0037\d+$/.test(eia)) return el('EndpointID', eia, ' schemeID="0216"');
  return '';
}

function party(p: ParsedParty): string {
  const a = p.address;
  const country = p.country ?? a?.country;
  return [
    '<cac:Party>',
    endpoint(p.eia),
    p.name ? `<cac:PartyName>${el('Name', p.name)}</cac:PartyName>` : '',
    '<cac:PostalAddress>',
    el('StreetName', a?.street),
    el('CityName', a?.city),
    el('PostalZone', a?.post_code),
    country ? `<cac:Country>${el('IdentificationCode', country)}</cac:Country>` : '',
    '</cac:PostalAddress>',
    p.vat ? `<cac:PartyTaxScheme>${el('CompanyID', p.vat)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : '',
    `<cac:PartyLegalEntity>${el('RegistrationName', p.name ?? '-')}${el('CompanyID', p.bid)}</cac:PartyLegalEntity>`,
    p.email ? `<cac:Contact>${el('ElectronicMail', p.email)}</cac:Contact>` : '',
    '</cac:Party>',
  ].join('');
}

export function toPeppolBis3(p: ParsedInvoice): Buffer {
  const credit = p.document_type === 'CREDIT_NOTE';
  const root = credit ? 'CreditNote' : 'Invoice';
  const cur = ` currencyID="${esc(p.currency ?? 'EUR')}"`;
  const lineTotal = p.lines.reduce((s, l) => s + (l.net_amount ?? 0), 0);
  const pay = p.payment;
  const account = pay.iban ?? pay.account;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    el('CustomizationID', 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'),
    el('ProfileID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
    el('ID', p.number),
    el('IssueDate', p.date),
    credit ? '' : el('DueDate', p.date_due),
    el(credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380'),
    ...p.notes.map((n) => el('Note', n)),
    el('DocumentCurrencyCode', p.currency),
    el('BuyerReference', p.buyer_reference ?? p.reference),
    p.order_reference ? `<cac:OrderReference>${el('ID', p.order_reference)}</cac:OrderReference>` : '',
    `<cac:AccountingSupplierParty>${party(p.sender)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(p.recipient)}</cac:AccountingCustomerParty>`,
    account || pay.reference
      ? [
          '<cac:PaymentMeans>',
          el('PaymentMeansCode', pay.means_code && /^\d+$/.test(pay.means_code) ? pay.means_code : '30'),
          credit ? el('PaymentDueDate', p.date_due) : '',
          el('PaymentID', pay.reference),
          account
            ? `<cac:PayeeFinancialAccount>${el('ID', account)}${pay.bic ? `<cac:FinancialInstitutionBranch>${el('ID', pay.bic)}</cac:FinancialInstitutionBranch>` : ''}</cac:PayeeFinancialAccount>`
            : '',
          '</cac:PaymentMeans>',
        ].join('')
      : '',
    pay.terms ? `<cac:PaymentTerms>${el('Note', pay.terms)}</cac:PaymentTerms>` : '',
    `<cac:TaxTotal>${el('TaxAmount', amt(p.sum_tax), cur)}`,
    ...p.vat_breakdown.map(
      (v) =>
        `<cac:TaxSubtotal>${el('TaxableAmount', amt(v.taxable_amount), cur)}${el('TaxAmount', amt(v.tax_amount), cur)}<cac:TaxCategory>${el('ID', v.category ?? 'S')}${el('Percent', v.percent)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`,
    ),
    '</cac:TaxTotal>',
    '<cac:LegalMonetaryTotal>',
    el('LineExtensionAmount', amt(lineTotal), cur),
    el('TaxExclusiveAmount', amt(p.sum_excluding_tax), cur),
    el('TaxInclusiveAmount', amt(p.sum), cur),
    el('PayableAmount', amt(p.sum_payable ?? p.sum), cur),
    '</cac:LegalMonetaryTotal>',
    ...p.lines.map((l, i) =>
      [
        `<cac:${root}Line>`,
        el('ID', l.id ?? String(i + 1)),
        el(credit ? 'CreditedQuantity' : 'InvoicedQuantity', l.quantity ?? 1, ` unitCode="${esc(l.unit ?? 'C62')}"`),
        el('LineExtensionAmount', amt(l.net_amount), cur),
        '<cac:Item>',
        el('Description', l.description),
        el('Name', l.name ?? l.description ?? '-'),
        `<cac:ClassifiedTaxCategory>${el('ID', l.vat_category ?? 'S')}${el('Percent', l.vat_percent)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>`,
        '</cac:Item>',
        `<cac:Price>${el('PriceAmount', amt(l.unit_price ?? l.net_amount), cur)}</cac:Price>`,
        `</cac:${root}Line>`,
      ].join(''),
    ),
    `</${root}>`,
  ];
  return Buffer.from(parts.filter((x) => x !== '').join('\n'), 'utf8');
}
