import type { RenderedInvoice } from '../../../shared/bridge/views';
import { fromCii } from './cii';
import { RenderError } from './errors';
import { fromFinvoice } from './finvoice';
import { fromUbl } from './ubl';
import { parseXml, type XmlRoot } from './xml';

export { RenderError } from './errors';

/**
 * An invoice file as the detail view shows it: UBL 2.1 Invoice or CreditNote (Peppol BIS 3, EHF 3),
 * UN/CEFACT CII, or Finvoice 3.0. Anything else, and any file that is malformed or hostile (DTDs,
 * absurd nesting, too large), is refused with a RenderError whose message can be shown as it is.
 */
export function renderInvoice(bytes: Uint8Array): RenderedInvoice {
  const invoice = read(parseXml(bytes));
  // The right document element around nothing an invoice has is not worth an empty page.
  if (!invoice.number && !invoice.seller.name && !invoice.buyer.name) {
    throw new RenderError('The file holds no invoice data (no number, seller or buyer)');
  }
  return invoice;
}

function read(root: XmlRoot): RenderedInvoice {
  switch (root.name) {
    case 'Invoice':
    case 'CreditNote':
      return fromUbl(root.node, root.name);
    case 'CrossIndustryInvoice':
      return fromCii(root.node);
    case 'Finvoice':
      return fromFinvoice(root.node);
    default:
      throw new RenderError(`The file is not an invoice in UBL, CII or Finvoice (its document element is ${root.name})`);
  }
}
