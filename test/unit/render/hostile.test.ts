import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RenderError, renderInvoice } from '../../../main/core/render';
import { MAX_DEPTH } from '../../../main/core/render/xml';
import { DOCUMENTS, fixture } from './fixtures';

/** Each case must end in a RenderError with a plain message: no other error, no hang, no partial answer. */
function refused(bytes: Buffer | string): string {
  try {
    renderInvoice(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(RenderError);
    const message = (e as Error).message;
    expect(message).not.toMatch(/\bat \S+:\d+/); // no stack frames in what the user reads
    return message;
  }
  throw new Error('rendered a file that should have been refused');
}

const base = fixture('peppol-bis3/base-example.xml').toString('utf8');

describe('hostile XML is refused', () => {
  it('refuses entity expansion (billion laughs) before any parser sees it', () => {
    const lols = Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY lol0 "lol">${lols}]><Invoice><cbc:ID>&lol10;</cbc:ID></Invoice>`;
    expect(refused(bomb)).toMatch(/DTD/);
  });

  it('refuses external entities (XXE)', () => {
    const xxe = base
      .replace('<Invoice ', '<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Invoice ')
      .replace('Snippet1', '&xxe;');
    expect(refused(xxe)).toMatch(/DTD/);
  });

  it('refuses a million levels of nesting in one linear pass', () => {
    const deep = `<Invoice>${'<a>'.repeat(1_000_000)}${'</a>'.repeat(1_000_000)}</Invoice>`;
    expect(refused(deep)).toMatch(new RegExp(`more than ${MAX_DEPTH} deep`));
  });

  it('counts depth past attributes holding ">" and self-closing elements', () => {
    const ok = `<Invoice>${'<a x=">"><b/>'.repeat(MAX_DEPTH - 1)}${'</a>'.repeat(MAX_DEPTH - 1)}</Invoice>`;
    expect(refused(ok)).toMatch(/holds no invoice data/);
    const tooDeep = `<Invoice>${'<a x=">"><b/>'.repeat(MAX_DEPTH)}${'</a>'.repeat(MAX_DEPTH)}</Invoice>`;
    expect(refused(tooDeep)).toMatch(/deep/);
  });

  it('refuses a file larger than the limit without decoding it', () => {
    expect(refused(Buffer.alloc(26 * 1024 * 1024, 0x20))).toMatch(/larger than 25 MB/);
  });
});

describe('malformed files are refused with a plain message', () => {
  it('a truncated invoice', () => {
    expect(refused(base.slice(0, base.length / 2))).toMatch(/not well-formed/);
  });

  it('mismatched tags', () => {
    expect(refused(base.replace('</cbc:IssueDate>', '</cbc:IssueDat>'))).toMatch(/not well-formed.*line 8/);
  });

  it('a PDF, an empty file, bytes that are not valid in the declared encoding, an unknown encoding', () => {
    expect(refused(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1'))).toMatch(/not text.*PDF/);
    expect(refused('%PDF-1.7 1 0 obj')).toMatch(/not well-formed/);
    expect(refused('')).toBe('The file is empty');
    const badUtf8 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice><ID>'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('</ID></Invoice>'),
    ]);
    expect(refused(badUtf8)).toMatch(/not valid text in its declared encoding/);
    expect(refused('<?xml version="1.0" encoding="x-unknown-8"?><Invoice/>')).toMatch(/character encoding/);
  });

  it('a business document that is not an invoice', () => {
    expect(refused(readFileSync(join(DOCUMENTS, 'ORDER_Order_Example.xml')))).toMatch(/not an invoice.*Order/);
  });
});
