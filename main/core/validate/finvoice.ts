import type { IssueFlag } from '../../../shared/validation/report';
import { scanElements, simpleText } from './scan';

/**
 * Finvoice (the Finnish banks' format) has no official machine-readable business rules like EN 16931's,
 * so only its structure is checked: the parts every Finvoice invoice needs, and the forms of its dates
 * and amounts. Sums and VAT are not checked (the report says so).
 */

export interface StructureFinding {
  id: string;
  flag: IssueFlag;
  /** An XPath of the same form the rules answer (/Finvoice[1]/InvoiceDetails[1]), for locate(). */
  location: string;
  text: string;
}

interface El {
  local: string;
  path: string;
  attrs: ReadonlyMap<string, string>;
  text: string;
  kids: El[];
}

/** The elements of a Finvoice as a small tree (Finvoice has no namespace). */
function tree(text: string): El | null {
  const stack: { el: El; counts: Map<string, number> }[] = [];
  let root: El | null = null;
  scanElements(text, {
    onStart(tag) {
      const parent = stack[stack.length - 1];
      const pos = (parent?.counts.get(tag.local) ?? 0) + 1;
      parent?.counts.set(tag.local, pos);
      const el: El = { local: tag.local, path: `${parent?.el.path ?? ''}/${tag.local}[${pos}]`, attrs: tag.attrs, text: '', kids: [] };
      // Leaves keep their text: the values checked below.
      el.text = simpleText(text, tag);
      if (parent) parent.el.kids.push(el);
      else root = el;
      stack.push({ el, counts: new Map() });
      return undefined;
    },
    onEnd() {
      stack.pop();
    },
  });
  return root;
}

const kid = (el: El | undefined, name: string) => el?.kids.find((k) => k.local === name);
const KNOWN_VERSIONS = ['1.3', '2.0', '2.01', '3.0'];
const AMOUNT = /^-?\d+(,\d+)?$/;

function realDate(s: string): boolean {
  if (!/^\d{8}$/.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(4, 6));
  const d = Number(s.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function checkFinvoiceStructure(text: string): StructureFinding[] {
  const root = tree(text);
  const out: StructureFinding[] = [];
  const add = (id: string, flag: IssueFlag, location: string, t: string) => out.push({ id, flag, location, text: t });
  if (!root) return out;
  const version = root.attrs.get('Version');
  if (!version) add('FINVOICE-01', 'fatal', root.path, 'The document element Finvoice shall have a Version attribute (3.0 today).');
  else if (!KNOWN_VERSIONS.includes(version))
    add('FINVOICE-02', 'warning', root.path, `Finvoice version ${version} is not one of ${KNOWN_VERSIONS.join(', ')}.`);

  const required: [string, string, string, string][] = [
    [
      'FINVOICE-03',
      'SellerPartyDetails',
      'SellerOrganisationName',
      'The Seller (SellerPartyDetails) with its name (SellerOrganisationName) shall be present.',
    ],
    [
      'FINVOICE-04',
      'BuyerPartyDetails',
      'BuyerOrganisationName',
      'The Buyer (BuyerPartyDetails) with its name (BuyerOrganisationName) shall be present.',
    ],
  ];
  for (const [id, group, name, t] of required) {
    const g = kid(root, group);
    if (!g || !kid(g, name)?.text) add(id, 'fatal', g?.path ?? root.path, t);
  }
  const details = kid(root, 'InvoiceDetails');
  if (!details) add('FINVOICE-05', 'fatal', root.path, 'The invoice details (InvoiceDetails) shall be present.');
  else {
    const fields: [string, string, string][] = [
      ['FINVOICE-06', 'InvoiceTypeCode', 'The invoice type code (InvoiceTypeCode, such as INV01) shall be present.'],
      ['FINVOICE-07', 'InvoiceNumber', 'The invoice number (InvoiceNumber) shall be present.'],
      ['FINVOICE-08', 'InvoiceDate', 'The invoice date (InvoiceDate) shall be present.'],
      ['FINVOICE-09', 'InvoiceTotalVatIncludedAmount', 'The invoice total with VAT (InvoiceTotalVatIncludedAmount) shall be present.'],
    ];
    for (const [id, name, t] of fields) if (!kid(details, name)?.text) add(id, 'fatal', details.path, t);
  }
  if (!root.kids.some((k) => k.local === 'InvoiceRow'))
    add('FINVOICE-12', 'warning', root.path, 'The invoice has no rows (InvoiceRow): what is billed should be itemised.');
  if (!kid(root, 'EpiDetails'))
    add('FINVOICE-13', 'warning', root.path, 'The payment details (EpiDetails: account, reference, due date) are missing.');

  // The forms of every amount and date in the file.
  const walk = (el: El) => {
    if (el.attrs.has('AmountCurrencyIdentifier') && !AMOUNT.test(el.text))
      add(
        'FINVOICE-10',
        'fatal',
        el.path,
        `The amount "${el.text}" in ${el.local} shall be written with digits and a decimal comma, without spaces or thousands separators (such as 1234,50).`,
      );
    if (el.attrs.get('Format') === 'CCYYMMDD' && !realDate(el.text))
      add(
        'FINVOICE-11',
        'fatal',
        el.path,
        `The date "${el.text}" in ${el.local} shall be a real date written as CCYYMMDD (such as 20260131).`,
      );
    for (const k of el.kids) walk(k);
  };
  walk(root);
  return out;
}
