import { describe, expect, it } from 'vitest';
import { reportOf } from '../../../main/core/api/validator';
import { decidingReport, wantsRemote } from '../../../main/core/sync/remote-validation';
import { validatorAnswerSchema } from '../../../shared/schemas/validator';
import type { InvoiceSyntax, ValidationReport, ValidationStatus } from '../../../shared/validation/report';

const report = (syntax: InvoiceSyntax, status: ValidationStatus, source: 'local' | 'service' = 'local'): ValidationReport => ({
  file: 'a.xml',
  status,
  valid: status === 'valid',
  syntax,
  customizationId: null,
  rulesets: [],
  issues: [],
  fatalCount: status === 'invalid' ? 1 : 0,
  warningCount: 0,
  problem: status === 'unreadable' ? 'not XML' : null,
  notes: [],
  ms: 1,
  source,
});

describe('when the validator host is asked', () => {
  it('never with off; with uncovered only for Finvoice, unknown formats and missing local rules; with always also for what the local rules pass', () => {
    expect(wantsRemote('off', report('finvoice', 'valid'))).toBe(false);
    expect(wantsRemote('off', null)).toBe(false);
    expect(wantsRemote('uncovered', report('finvoice', 'valid'))).toBe(true);
    expect(wantsRemote('uncovered', report('other', 'invalid'))).toBe(true);
    expect(wantsRemote('uncovered', null)).toBe(true);
    expect(wantsRemote('uncovered', report('ubl-invoice', 'invalid'))).toBe(false);
    expect(wantsRemote('uncovered', report('cii', 'valid'))).toBe(false);
    expect(wantsRemote('always', report('ubl-invoice', 'valid'))).toBe(true);
    // A file the local rules already refuse is not sent out to be refused again; an uncovered format still is.
    expect(wantsRemote('always', report('ubl-invoice', 'invalid'))).toBe(false);
    expect(wantsRemote('always', report('other', 'invalid'))).toBe(true);
    // What the local check could not read as XML is not sent anywhere to be told the same.
    expect(wantsRemote('always', report('other', 'unreadable'))).toBe(false);
  });
});

describe('whose report decides', () => {
  it('the local one without a remote one; the service for uncovered formats; the worse of both with always', () => {
    const local = report('finvoice', 'valid');
    expect(decidingReport('uncovered', local, null)).toBe(local);
    expect(decidingReport('uncovered', null, null)).toBeNull();
    const remoteBad = report('finvoice', 'invalid', 'service');
    expect(decidingReport('uncovered', local, remoteBad)).toBe(remoteBad);
    const other = report('other', 'invalid');
    const remoteKnows = report('other', 'valid', 'service');
    expect(decidingReport('uncovered', other, remoteKnows)).toBe(remoteKnows);
    const localBad = report('ubl-invoice', 'invalid');
    expect(decidingReport('always', localBad, report('ubl-invoice', 'valid', 'service'))).toBe(localBad);
    const remoteOnlyBad = report('ubl-invoice', 'invalid', 'service');
    expect(decidingReport('always', report('ubl-invoice', 'valid'), remoteOnlyBad)).toBe(remoteOnlyBad);
  });
});

describe("the validator host's answer as a report", () => {
  it('keeps unknown rule sets and fields, sorts fatal first, and never reads a listed fatal error as valid', () => {
    const answer = validatorAnswerSchema.parse({
      file: 'x.xml',
      status: 'valid',
      valid: true,
      syntax: 'teapps',
      rulesets: [{ id: 'TEAPPS-3', version: '3.0' }],
      errors: [
        { id: 'W-1', flag: 'warning', location: '/a', text: 'look' },
        { id: 'F-1', flag: 'fatal', location: '/b', line: 4, text: 'wrong' },
      ],
      notes: [{ code: 'future-note', text: 'kept out' }],
      extra: { kept: true },
    });
    const r = reportOf(answer, 'x.xml', 12);
    expect(r).toMatchObject({ source: 'service', syntax: 'other', status: 'invalid', valid: false, fatalCount: 1, warningCount: 1 });
    expect(r.issues.map((i) => i.id)).toEqual(['F-1', 'W-1']);
    expect(r.rulesets).toEqual([{ id: 'TEAPPS-3', title: 'TEAPPS-3', version: '3.0', businessRules: true, ms: 0 }]);
    expect(r.notes).toEqual([]);
  });

  it('refuses an answer that is not a report', () => {
    expect(validatorAnswerSchema.safeParse({ ok: true }).success).toBe(false);
    expect(
      validatorAnswerSchema.safeParse({ file: 'x', status: 'maybe', valid: true, syntax: 'cii', rulesets: [], errors: [] }).success,
    ).toBe(false);
  });
});
