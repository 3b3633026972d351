import { all, attr, isIban, num, one, type ParsedInvoice, type ParsedParty, parseIsoDate, textOf, txt, type XNode } from './invoice-parsed';

/** Finvoice 3.0, the Finnish banks' e-invoice format (ISO-8859-15 in the wild; decoding happens before). */

function party(details: XNode, prefix: 'Seller' | 'Buyer', eia: string | null, operator: string | null, email: string | null): ParsedParty {
  const addr = one(details, `${prefix}PostalAddressDetails`);
  const country = txt(addr, 'CountryCode');
  return {
    eia,
    bid: txt(details, `${prefix}PartyIdentifier`),
    name: txt(details, `${prefix}OrganisationName`),
    country,
    vat: txt(details, `${prefix}OrganisationTaxCode`),
    operator,
    email,
    address: addr
      ? {
          street: txt(addr, `${prefix}StreetName`),
          post_code: txt(addr, `${prefix}PostCodeIdentifier`),
          city: txt(addr, `${prefix}TownName`),
          country,
        }
      : null,
  };
}

export function parseFinvoice(root: XNode): ParsedInvoice {
  const details = one(root, 'InvoiceDetails');
  const msg = one(root, 'MessageTransmissionDetails');
  const epi = one(root, 'EpiDetails');
  const instruction = one(epi, 'EpiPaymentInstructionDetails');
  const beneficiary = one(epi, 'EpiPartyDetails/EpiBeneficiaryPartyDetails');
  const total = one(details, 'InvoiceTotalVatIncludedAmount');
  const account = txt(beneficiary, 'EpiAccountID') ?? txt(root, 'SellerInformationDetails/SellerAccountDetails/SellerAccountID');
  const typeCode = txt(details, 'InvoiceTypeCode');
  const sellerOvt = txt(root, 'SellerOrganisationUnitNumber');
  const buyerOvt = txt(root, 'BuyerOrganisationUnitNumber');
  const sum = num(textOf(total));
  return {
    family: 'FINVOICE',
    source_format: 'FINVOICE30',
    // INV02 is the Finvoice code of a credit note; 381 its UN/CEFACT equivalent.
    document_type: typeCode === 'INV02' || txt(details, 'InvoiceTypeCodeUN') === '381' ? 'CREDIT_NOTE' : 'INVOICE',
    number: txt(details, 'InvoiceNumber') ?? '',
    date: parseIsoDate(txt(details, 'InvoiceDate')),
    date_due: parseIsoDate(txt(details, 'PaymentTermsDetails/InvoiceDueDate')),
    currency: attr(total, 'AmountCurrencyIdentifier') ?? attr(one(details, 'InvoiceTotalVatExcludedAmount'), 'AmountCurrencyIdentifier'),
    sum,
    sum_tax: num(txt(details, 'InvoiceTotalVatAmount')),
    sum_excluding_tax: num(txt(details, 'InvoiceTotalVatExcludedAmount')),
    sum_payable: num(txt(instruction, 'EpiInstructedAmount')) ?? sum,
    reference: txt(instruction, 'EpiRemittanceInfoIdentifier') ?? txt(details, 'BuyerReferenceIdentifier'),
    buyer_reference: txt(details, 'BuyerReferenceIdentifier'),
    order_reference: txt(details, 'OrderIdentifier'),
    notes: all(details, 'InvoiceFreeText')
      .map(textOf)
      .filter((s): s is string => s !== null),
    sender: party(
      one(root, 'SellerPartyDetails'),
      'Seller',
      txt(msg, 'MessageSenderDetails/FromIdentifier') ?? sellerOvt,
      txt(msg, 'MessageSenderDetails/FromIntermediator'),
      txt(root, 'SellerCommunicationDetails/SellerEmailaddressIdentifier'),
    ),
    recipient: party(
      one(root, 'BuyerPartyDetails'),
      'Buyer',
      txt(msg, 'MessageReceiverDetails/ToIdentifier') ?? buyerOvt,
      txt(msg, 'MessageReceiverDetails/ToIntermediator'),
      txt(root, 'BuyerCommunicationDetails/BuyerEmailaddressIdentifier'),
    ),
    lines: all(root, 'InvoiceRow').map((r) => ({
      id: txt(r, 'RowPositionIdentifier') ?? txt(r, 'ArticleIdentifier'),
      name: txt(r, 'ArticleName'),
      description: txt(r, 'RowFreeText'),
      quantity: num(txt(r, 'InvoicedQuantity') ?? txt(r, 'DeliveredQuantity')),
      unit: attr(one(r, 'InvoicedQuantity'), 'QuantityUnitCodeUN') ?? attr(one(r, 'InvoicedQuantity'), 'QuantityUnitCode'),
      unit_price: num(txt(r, 'UnitPriceAmount')),
      net_amount: num(txt(r, 'RowVatExcludedAmount')),
      vat_category: txt(r, 'RowVatCode'),
      vat_percent: num(txt(r, 'RowVatRatePercent')),
    })),
    vat_breakdown: all(details, 'VatSpecificationDetails').map((v) => ({
      category: txt(v, 'VatCode'),
      percent: num(txt(v, 'VatRatePercent')),
      taxable_amount: num(txt(v, 'VatBaseAmount')),
      tax_amount: num(txt(v, 'VatRateAmount')),
    })),
    payment: {
      iban: isIban(account) ? (account ?? '').replace(/\s/g, '') : null,
      bic: txt(epi, 'EpiPartyDetails/EpiBfiPartyDetails/EpiBfiIdentifier'),
      account: isIban(account) ? null : account,
      reference: txt(instruction, 'EpiRemittanceInfoIdentifier'),
      means_code: txt(instruction, 'EpiPaymentMeansCode'),
      terms: txt(details, 'PaymentTermsDetails/PaymentTermsFreeText'),
    },
    embedded: [],
  };
}
