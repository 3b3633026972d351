import { describe, expect, it } from 'vitest';
import { amountReadings, parseAmount } from '../../../shared/amount';

describe('amountReadings', () => {
  it('reads the four locale forms of one sum alike', () => {
    for (const text of ['1656.25', '1656,25', '1 656,25', '1\u00a0656,25', '1\u202f656,25', '1.656,25', '1,656.25', ' 1656,25 '])
      expect(amountReadings(text), text).toEqual([16_562_500]);
  });

  it('reads the Danish forms, as a Dane types them and as da-DK writes them', () => {
    const da = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2 });
    expect(da.format(1656.25)).toBe('1.656,25');
    for (const text of ['1.656,25', '1656,25', da.format(1656.25)]) expect(amountReadings(text), text).toEqual([16_562_500]);
    expect(amountReadings(da.format(1_656_250.5))).toEqual([16_562_505_000]);
    expect(amountReadings(da.format(-1234.5))).toEqual([-12_345_000]);
    // In Danish "1.656" is a thousand and more: the field reads it so.
    expect(parseAmount('1.656', ',')).toBe(1656);
  });

  it('reads whole sums, decimals up to four places, and groups of thousands', () => {
    expect(amountReadings('1656')).toEqual([16_560_000]);
    expect(amountReadings('0,5')).toEqual([5_000]);
    expect(amountReadings('12.3456')).toEqual([123_456]);
    expect(amountReadings('1.656.250')).toEqual([16_562_500_000]);
    expect(amountReadings('1 656 250,5')).toEqual([16_562_505_000]);
  });

  it('answers both readings of a lone separator before three digits', () => {
    expect(amountReadings('1.656')).toEqual([16_560, 16_560_000]);
    expect(amountReadings('1,656')).toEqual([16_560, 16_560_000]);
    // a leading zero is never a group of thousands
    expect(amountReadings('0.656')).toEqual([6_560]);
  });

  it('reads negative sums (credit notes) with a hyphen or a minus sign', () => {
    expect(amountReadings('-1656,25')).toEqual([-16_562_500]);
    expect(amountReadings('\u22121 656,25')).toEqual([-16_562_500]);
  });

  it('reads nothing from text that is not an amount', () => {
    for (const text of [
      '',
      'abc',
      'INV-1656',
      '1656,',
      '.5',
      '1,2,3',
      '16 56',
      '1 656 2',
      '1.656,25.5',
      '1,65.5',
      '1e5',
      '12,34567',
      '--5',
      '1 656.250,5',
    ])
      expect(amountReadings(text), text).toEqual([]);
  });
});

describe('parseAmount', () => {
  it('reads an ambiguous field the way of the language', () => {
    expect(parseAmount('1.656', ',')).toBe(1656);
    expect(parseAmount('1.656', '.')).toBe(1.656);
    expect(parseAmount('1,656', ',')).toBe(1.656);
    expect(parseAmount('1 656,25')).toBe(1656.25);
    expect(parseAmount('x')).toBeNull();
  });
});
