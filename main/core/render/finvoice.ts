import type { RenderedInvoice, RenderedParty } from '../../../shared/bridge/views';
import { amount, attr, first, joined, kids, notesAt, textAt, textsAt, toIsoDate } from './tree';

/** Seller and buyer details share one shape, with the role as the prefix of every element name. */
function party(root: unknown, role: 'Seller' | 'Buyer', eia: string | null): RenderedParty {
  const details = first(root, `${role}PartyDetails`);
  const address = first(details, `${role}PostalAddressDetails`);
  const comms = first(root, `${role}CommunicationDetails`);
  return {
    name: textAt(details, `${role}OrganisationName`),
    businessId: textAt(details, `${role}PartyIdentifier`),
    vatId: textAt(details, `${role}OrganisationTaxCode`),
    eia: eia ?? textAt(root, `${role}OrganisationUnitNumber`),
    address: [
      ...textsAt(address, `${role}StreetName`),
      joined([textAt(address, `${role}PostCodeIdentifier`), textAt(address, `${role}TownName`)], ' '),
    ].filter((l): l is string => l !== null),
    country: textAt(address, 'CountryCode'),
    contact: joined([
      textAt(root, `${role}ContactPersonName`),
      textAt(comms, `${role}PhoneNumberIdentifier`),
      textAt(comms, `${role}EmailaddressIdentifier`),
    ]),
  };
}

/** Finvoice 3.0 (the Finnish banks' format). Amounts are written with a decimal comma. */
export function fromFinvoice(root: unknown): RenderedInvoice {
  const details = first(root, 'InvoiceDetails');
  const terms = first(details, 'PaymentTermsDetails');
  const epi = first(root, 'EpiDetails');
  const instruction = first(epi, 'EpiPaymentInstructionDetails');
  const transmission = first(root, 'MessageTransmissionDetails');
  const num = (node: unknown, ...path: string[]) => amount(textAt(node, ...path), true);
  const gross = num(details, 'InvoiceTotalVatIncludedAmount');
  const dueDate = toIsoDate(textAt(terms, 'InvoiceDueDate') ?? textAt(instruction, 'EpiDateOptionDate'));
  const sellerAccount = first(root, 'SellerInformationDetails', 'SellerAccountDetails');
  const typeCode = textAt(details, 'InvoiceTypeCode');

  return {
    format: 'FINVOICE',
    kind: typeCode === 'INV02' || textAt(details, 'InvoiceTypeCodeUN') === '381' ? 'credit_note' : 'invoice',
    number: textAt(details, 'InvoiceNumber'),
    issueDate: toIsoDate(textAt(details, 'InvoiceDate')),
    dueDate,
    currency: attr(first(details, 'InvoiceTotalVatIncludedAmount'), 'AmountCurrencyIdentifier'),
    buyerReference: textAt(details, 'BuyerReferenceIdentifier'),
    orderReference: textAt(details, 'OrderIdentifier'),
    seller: party(root, 'Seller', textAt(transmission, 'MessageSenderDetails', 'FromIdentifier')),
    buyer: party(root, 'Buyer', textAt(transmission, 'MessageReceiverDetails', 'ToIdentifier')),
    lines: kids(root, 'InvoiceRow').map((r) => {
      const qty = first(r, 'InvoicedQuantity') ?? first(r, 'DeliveredQuantity');
      return {
        id: textAt(r, 'RowPositionIdentifier') ?? textAt(r, 'ArticleIdentifier'),
        description: textAt(r, 'ArticleName') ?? joined(textsAt(r, 'RowFreeText'), ' ') ?? '',
        quantity: amount(textAt(qty), true),
        unit: attr(qty, 'QuantityUnitCodeUN') ?? attr(qty, 'QuantityUnitCode'),
        unitPrice: num(r, 'UnitPriceAmount'),
        vatRate: num(r, 'RowVatRatePercent'),
        net: num(r, 'RowVatExcludedAmount'),
      };
    }),
    vat: kids(details, 'VatSpecificationDetails').map((v) => ({
      rate: num(v, 'VatRatePercent'),
      category: textAt(v, 'VatCode'),
      taxable: num(v, 'VatBaseAmount'),
      tax: num(v, 'VatRateAmount'),
    })),
    totals: {
      net: num(details, 'InvoiceTotalVatExcludedAmount'),
      tax: num(details, 'InvoiceTotalVatAmount'),
      gross,
      payable: num(instruction, 'EpiInstructedAmount') ?? gross,
    },
    payment: {
      iban: textAt(epi, 'EpiPartyDetails', 'EpiBeneficiaryPartyDetails', 'EpiAccountID') ?? textAt(sellerAccount, 'SellerAccountID'),
      bic: textAt(epi, 'EpiPartyDetails', 'EpiBfiPartyDetails', 'EpiBfiIdentifier') ?? textAt(sellerAccount, 'SellerBic'),
      reference: textAt(instruction, 'EpiRemittanceInfoIdentifier'),
      terms: joined(textsAt(terms, 'PaymentTermsFreeText'), ' '),
      dueDate,
    },
    notes: notesAt(details, 'InvoiceFreeText'),
  };
}
