import type { CompiledRulesetId, InvoiceSyntax } from '../../../shared/validation/report';
import { scanElements, simpleText } from './scan';

export const NS = {
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ciiRoot: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  sbdh: 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader',
} as const;

/** Peppol BIS Billing 3.0 invoices name it in their customization id (EHF 3 and national profiles build on it). */
export const PEPPOL_BIS3 = 'urn:fdc:peppol.eu:2017:poacc:billing:3.0';

export interface Identity {
  syntax: InvoiceSyntax;
  /** The document element. */
  root: { local: string; ns: string };
  customizationId: string | null;
}

function syntaxOf(local: string, ns: string): InvoiceSyntax {
  if (local === 'Invoice' && ns === NS.ublInvoice) return 'ubl-invoice';
  if (local === 'CreditNote' && ns === NS.ublCreditNote) return 'ubl-credit-note';
  if (local === 'CrossIndustryInvoice' && ns === NS.ciiRoot) return 'cii';
  if (local === 'Finvoice' && ns === '') return 'finvoice';
  return 'other';
}

/** Tells the syntax from the document element and reads the customization id, stopping as soon as it can. */
export function identify(text: string): Identity {
  let root = { local: '', ns: '' };
  let syntax: InvoiceSyntax = 'other';
  let customizationId: string | null = null;
  // CII: rsm:ExchangedDocumentContext / ram:GuidelineSpecifiedDocumentContextParameter / ram:ID
  let inContext = false;
  let inGuideline = false;
  scanElements(text, {
    onStart(tag) {
      if (tag.depth === 1) {
        root = { local: tag.local, ns: tag.ns };
        syntax = syntaxOf(tag.local, tag.ns);
        return syntax === 'other' || syntax === 'finvoice';
      }
      if (syntax === 'ubl-invoice' || syntax === 'ubl-credit-note') {
        if (tag.depth === 2 && tag.local === 'CustomizationID' && tag.ns === NS.cbc) {
          customizationId = simpleText(text, tag);
          return true;
        }
        return undefined;
      }
      if (tag.depth === 2) {
        if (inContext) return true; // the context has ended without an id
        inContext = tag.local === 'ExchangedDocumentContext';
      } else if (inContext && tag.depth === 3) inGuideline = tag.local === 'GuidelineSpecifiedDocumentContextParameter';
      else if (inGuideline && tag.depth === 4 && tag.local === 'ID' && tag.ns === NS.ram) {
        customizationId = simpleText(text, tag);
        return true;
      }
      return undefined;
    },
  });
  return { syntax, root, customizationId };
}

export type ValidationProfile = 'auto' | 'en16931' | 'peppol';

/**
 * The rule sets for a syntax, in the order they run: EN 16931 for UBL and CII; for a Peppol BIS 3
 * customization id (or when asked) EN 16931 first and then Peppol's own rules.
 */
export function rulesetsFor(id: Identity, profile: ValidationProfile = 'auto'): CompiledRulesetId[] {
  const ubl = id.syntax === 'ubl-invoice' || id.syntax === 'ubl-credit-note';
  if (!ubl && id.syntax !== 'cii') return [];
  const peppol = profile === 'peppol' || (profile === 'auto' && (id.customizationId ?? '').includes(PEPPOL_BIS3));
  if (ubl) return peppol ? ['EN16931-UBL', 'PEPPOL-BIS3-UBL'] : ['EN16931-UBL'];
  return peppol ? ['EN16931-CII', 'PEPPOL-BIS3-CII'] : ['EN16931-CII'];
}
