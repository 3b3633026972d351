import { describe, expect, it } from 'vitest';
import { parseSvrl } from '../../../main/core/validate/svrl';

describe('SVRL', () => {
  it('reads failed asserts and fired reports whatever the attribute order and the prefix', () => {
    const svrl = `<?xml version="1.0"?>
<svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
  <svrl:fired-rule context="/"/>
  <svrl:failed-assert test="x" id="BR-CO-10" flag="fatal" location="/a[1]">
    <svrl:text>[BR-CO-10]-Sum of Invoice line net amount (BT-106) = &#931; Invoice line net amount (BT-131).</svrl:text>
  </svrl:failed-assert>
  <svrl:failed-assert location="/a[1]/b[2]" flag="warning" id="UBL-CR-001" test="y">
    <svrl:text>A UBL invoice should not
      include extensions &amp; such</svrl:text>
  </svrl:failed-assert>
  <svrl:successful-report id="R-REPORT" location="/a[1]"><svrl:text>Reported <svrl:emph>this</svrl:emph></svrl:text></svrl:successful-report>
</svrl:schematron-output>`;
    expect(parseSvrl(svrl)).toEqual([
      {
        id: 'BR-CO-10',
        flag: 'fatal',
        location: '/a[1]',
        text: 'Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).',
      },
      { id: 'UBL-CR-001', flag: 'warning', location: '/a[1]/b[2]', text: 'A UBL invoice should not include extensions & such' },
      { id: 'R-REPORT', flag: 'fatal', location: '/a[1]', text: 'Reported this' },
    ]);
    const other = parseSvrl(
      '<s:schematron-output xmlns:s="http://purl.oclc.org/dsdl/svrl"><s:failed-assert id="X" flag="information" location="/"><s:text>t</s:text></s:failed-assert></s:schematron-output>',
    );
    expect(other).toEqual([{ id: 'X', flag: 'warning', location: '/', text: 't' }]);
  });

  it('refuses an answer that is not SVRL', () => {
    expect(() => parseSvrl('<html/>')).toThrow(/SVRL/);
  });
});
