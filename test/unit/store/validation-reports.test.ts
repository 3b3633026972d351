import { describe, expect, it } from 'vitest';
import type { ValidationReport } from '../../../shared/validation/report';
import { tempStore } from './temp-store';

const report = (over: Partial<ValidationReport>): ValidationReport => ({
  file: 'a.xml',
  status: 'invalid',
  valid: false,
  syntax: 'ubl-invoice',
  customizationId: null,
  rulesets: [],
  issues: [],
  fatalCount: 3,
  warningCount: 1,
  problem: null,
  notes: [],
  ms: 10,
  ...over,
});

describe('validation reports', () => {
  it('tells the report of a content under given rules in brief, as the whole report says it', () => {
    const { store, clock } = tempStore();
    const sha = 'b'.repeat(64);
    expect(store.validationReports.summary(sha, 'rules@1')).toBeNull();
    store.validationReports.put(sha, 'rules@1', report({}));
    expect(store.validationReports.summary(sha, 'rules@1')).toEqual({ status: 'invalid', fatal: 3, warnings: 1 });
    clock.advance(1000);
    store.validationReports.put(sha, 'rules@2', report({ status: 'valid', valid: true, fatalCount: 0, warningCount: 2 }));
    // A later check under other rules lends the first nothing.
    expect(store.validationReports.summary(sha, 'rules@1')).toEqual({ status: 'invalid', fatal: 3, warnings: 1 });
    expect(store.validationReports.summary(sha, 'rules@2')).toEqual({ status: 'valid', fatal: 0, warnings: 2 });
    const second = store.validationReports.get(sha, 'rules@2');
    expect({ status: second?.status, fatal: second?.fatalCount, warnings: second?.warningCount }).toEqual(
      store.validationReports.summary(sha, 'rules@2'),
    );
  });

  it('tells when the next rule pack breaks the file, for the outbox badge (issue 41)', () => {
    const { store } = tempStore();
    const sha = 'c'.repeat(64);
    const pack = {
      family: 'PEPPOL-BIS3',
      name: 'Peppol BIS Billing 3.0',
      version: '3.0.19',
      published: null,
      mandatoryFrom: '2025-08-25',
      role: 'next' as const,
    };
    const broken = {
      id: 'PEPPOL-EN16931-R051',
      flag: 'fatal' as const,
      ruleset: 'PEPPOL-BIS3-UBL',
      location: '/Invoice',
      xpath: '',
      text: '',
    };
    const upcoming = [{ pack, from: '2025-08-25', breaks: [broken, { ...broken, location: '/Invoice/x' }], fixes: [], validThen: false }];
    store.validationReports.put(sha, 'k', report({ status: 'valid', valid: true, fatalCount: 0, warningCount: 0, upcoming }));
    expect(store.validationReports.summary(sha, 'k')).toEqual({
      status: 'valid',
      fatal: 0,
      warnings: 0,
      breaksFrom: { from: '2025-08-25', rules: ['PEPPOL-EN16931-R051'] },
    });
  });
});
