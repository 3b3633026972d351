import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../../../main/core/render';
import { allInvoiceFixtures, fixture } from './fixtures';

const files = allInvoiceFixtures();

describe('every real invoice file renders', () => {
  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it.each(files)('%s', (name) => {
    const r = renderInvoice(fixture(name));
    expect(r.number).toBeTruthy();
    expect(r.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.currency).toMatch(/^[A-Z]{3}$/);
    expect(r.seller.name).toBeTruthy();
    expect(r.buyer.name).toBeTruthy();
    expect(r.lines.length).toBeGreaterThan(0);
    for (const line of r.lines) expect(typeof line.description).toBe('string');
    // Totals read from the right elements add up: amount without VAT + VAT = amount with VAT.
    const { net, tax, gross } = r.totals;
    if (net !== null && tax !== null && gross !== null) expect(net + tax).toBeCloseTo(gross, 2);
  });
});
