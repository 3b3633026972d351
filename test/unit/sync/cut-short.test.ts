import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { endsEarly } from '../../../main/core/sync/cut-short';
import { FIXTURES } from '../../support/engine';

const invoice = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');

describe('endsEarly: XML cut before its end, told from other malformations', () => {
  it('answers true for every prefix of an invoice that the parser refuses, and false for the whole', () => {
    expect(endsEarly(invoice)).toBe(false);
    let refused = 0;
    for (let n = 1; n < invoice.trimEnd().length; n += 7) {
      const cut = invoice.slice(0, n);
      if (XMLValidator.validate(cut) === true) continue;
      refused++;
      expect(endsEarly(cut), JSON.stringify(cut.slice(-40))).toBe(true);
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('answers true for an end inside a comment, a section, a declaration or a quoted ">"', () => {
    for (const cut of ['<?xml version="1.0"?>', '<a><!-- note', '<a><!-', '<a><![CDATA[x', '<a><![CD', '<a b="x>y', '<?xml ver', '']) {
      expect(endsEarly(cut), cut).toBe(true);
    }
  });

  it('answers false for malformed XML that is whole: a wrong end tag, a second root, an end tag before any start', () => {
    for (const bad of ['<a><b></a>', '<a></a><b></b>', '</a>', '<a><b></c></b></a>']) expect(endsEarly(bad), bad).toBe(false);
  });
});
