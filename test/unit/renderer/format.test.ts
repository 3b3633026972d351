import { describe, expect, it } from 'vitest';
import { createFormatters } from '../../../renderer/i18n/format';
import { pickLang } from '../../../renderer/i18n/langs';

// Intl output uses narrow no-break spaces in places; compare with ordinary spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting by language', () => {
  it('writes sums with the currency the way each language does', () => {
    expect(plain(createFormatters('en').money(1234.5, 'EUR'))).toBe('€1,234.50');
    expect(plain(createFormatters('fi').money(1234.5, 'EUR'))).toBe('1 234,50 €');
    expect(plain(createFormatters('sv').money(1234.5, 'SEK'))).toBe('1 234,50 kr');
    expect(plain(createFormatters('nb').money(-1234.5, 'NOK'))).toBe('−1 234,50 kr');
    expect(plain(createFormatters('da').money(-1234.5, 'DKK'))).toBe('-1.234,50 kr.');
    expect(plain(createFormatters('da').money(1656.25, 'EUR'))).toBe('1.656,25 €');
  });

  it('shows an unknown currency code beside the number, and a dash for nothing', () => {
    const f = createFormatters('fi');
    expect(plain(f.money(10, 'XYZW'))).toBe('10 XYZW');
    expect(f.money(null, 'EUR')).toBe('–');
    expect(f.money(Number.NaN, 'EUR')).toBe('–');
  });

  it('shows a calendar date as that day in every time zone', () => {
    expect(createFormatters('en').date('2026-03-01')).toBe('1 Mar 2026');
    expect(createFormatters('fi').date('2026-03-01')).toBe('1.3.2026');
    expect(createFormatters('sv').date('2026-03-01')).toBe('1 mars 2026');
    expect(createFormatters('nb').date('2026-03-01T23:30:00Z')).toBe('1. mars 2026');
    expect(createFormatters('da').date('2026-03-01')).toBe('1. mar. 2026');
    expect(createFormatters('en').date('not a date')).toBe('–');
  });

  it('writes VAT rates, quantities and file sizes', () => {
    expect(plain(createFormatters('fi').percent(25.5))).toBe('25,5 %');
    expect(createFormatters('en').percent(24)).toBe('24%');
    expect(plain(createFormatters('sv').number(2561.25, 3))).toBe('2 561,25');
    expect(createFormatters('da').number(2561.25, 3)).toBe('2.561,25');
    expect(plain(createFormatters('da').percent(25))).toBe('25 %');
    expect(createFormatters('en').number(2561.2567, 3)).toBe('2,561.257');
    expect(plain(createFormatters('en').bytes(2048))).toBe('2 kB');
    expect(plain(createFormatters('fi').bytes(5 * 1024 * 1024))).toBe('5 Mt');
  });

  it('says how long ago or how soon, in words', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    const en = createFormatters('en');
    expect(en.relative('2026-03-01T09:57:00Z', now)).toBe('3 minutes ago');
    expect(en.relative('2026-03-01T10:05:00Z', now)).toBe('in 5 minutes');
    expect(createFormatters('fi').relative('2026-02-28T10:00:00Z', now)).toBe('eilen');
    expect(createFormatters('sv').relative('2026-03-01T12:00:00Z', now)).toBe('om 2 timmar');
    expect(createFormatters('da').relative('2026-02-28T10:00:00Z', now)).toBe('i går');
  });

  it('never says a moment that has passed as one to come: a poll newer than the page\'s clock is "now"', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    const en = createFormatters('en');
    expect(en.ago('2026-03-01T10:00:04Z', now)).toBe('now');
    expect(en.ago('2026-03-01T09:59:30Z', now)).toBe('now');
    expect(en.ago('2026-03-01T09:57:00Z', now)).toBe('3 minutes ago');
    expect(createFormatters('fi').ago('2026-03-01T10:00:04Z', now)).toBe('nyt');
    expect(en.ago(null, now)).toBe('–');
  });

  it('picks the first language of the browser it knows, Norwegian in any spelling as Bokmål', () => {
    expect(pickLang(['de-DE', 'sv-FI', 'en'])).toBe('sv');
    expect(pickLang(['da-DK', 'en-US'])).toBe('da');
    expect(pickLang(['da'])).toBe('da');
    expect(pickLang(['fo-FO', 'da_DK'])).toBe('da');
    expect(pickLang(['no'])).toBe('nb');
    expect(pickLang(['nn-NO'])).toBe('nb');
    expect(pickLang(['fr'])).toBe('en');
  });
});
