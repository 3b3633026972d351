import { FormData } from 'undici';
import { type ValidatorAnswer, validatorAnswerSchema } from '../../../shared/schemas/validator';
import { explanationFor } from '../../../shared/validation/explanations';
import {
  INVOICE_SYNTAXES,
  type InvoiceSyntax,
  type ValidationIssue,
  type ValidationNote,
  type ValidationReport,
} from '../../../shared/validation/report';
import type { ServiceClient } from './client';
import { ServiceError } from './errors';

export type RemoteProfile = 'auto' | 'en16931' | 'peppol';

const NOTE_CODES: readonly ValidationNote['code'][] = ['no-business-rules', 'not-an-invoice', 'wrapper'];
const byFlag = (a: ValidationIssue, b: ValidationIssue) => (a.flag === b.flag ? 0 : a.flag === 'fatal' ? -1 : 1);

/** The validator host's answer as the app's own report (the same shape the local check gives), marked as the service's. */
export function reportOf(a: ValidatorAnswer, file: string, ms: number): ValidationReport {
  const issues = a.errors
    .map((e): ValidationIssue => {
      const explanation = explanationFor(e.id);
      return {
        id: e.id,
        flag: e.flag,
        ruleset: e.ruleset ?? '',
        location: e.location,
        xpath: e.xpath ?? '',
        ...(e.line === undefined ? {} : { line: e.line }),
        text: e.text,
        ...(explanation ? { explanation } : {}),
      };
    })
    .sort(byFlag);
  const fatalCount = issues.filter((i) => i.flag === 'fatal').length;
  const syntax = (INVOICE_SYNTAXES as readonly string[]).includes(a.syntax) ? (a.syntax as InvoiceSyntax) : 'other';
  // The service's verdict stands, but a fatal error it lists is never read as valid.
  const valid = a.valid && a.status === 'valid' && fatalCount === 0;
  return {
    file,
    status: a.status === 'unreadable' ? 'unreadable' : valid ? 'valid' : 'invalid',
    valid,
    syntax,
    customizationId: a.customization_id ?? null,
    rulesets: a.rulesets.map((r) => ({
      id: r.id,
      title: r.title ?? r.id,
      version: r.version,
      businessRules: r.business_rules ?? true,
      ms: 0,
    })),
    issues,
    fatalCount,
    warningCount: issues.length - fatalCount,
    problem: a.status === 'unreadable' ? (a.problem ?? 'The service could not read the file') : null,
    notes: (a.notes ?? []).flatMap((n) =>
      NOTE_CODES.includes(n.code as ValidationNote['code']) ? [{ code: n.code as ValidationNote['code'], text: n.text }] : [],
    ),
    ms,
    source: 'service',
  };
}

/**
 * A file the service said it cannot read (400 unreadable_document), or one that could not be sent to
 * it at all (`validate --remote`), as an unreadable report of the service's.
 */
export function unreadableOf(file: string, problem: string, ms: number): ValidationReport {
  return {
    file,
    status: 'unreadable',
    valid: false,
    syntax: 'other',
    customizationId: null,
    rulesets: [],
    issues: [],
    fatalCount: 0,
    warningCount: 0,
    problem,
    notes: [],
    ms,
    source: 'service',
  };
}

/**
 * The validator host ({validator_url} POST /v1/validate; parameters and answer as sandbox/README.md
 * chose them, the spec shows neither). Its client holds a token of its own with scope `validate`, so a
 * company without that scope loses remote validation only. A failure is a ServiceError of the usual
 * three kinds; an answer that is not the report says so in plain words (kind retry: garbage is the
 * service's fault, never the file's).
 */
export function validatorApi(client: ServiceClient) {
  return {
    async validate(
      file: { name: string; data: Uint8Array },
      o: { profile?: RemoteProfile; signal?: AbortSignal } = {},
    ): Promise<ValidationReport> {
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.data)], { type: 'application/xml' }), file.name);
      if (o.profile && o.profile !== 'auto') form.append('profile', o.profile);
      try {
        // Validating changes nothing at the service: a lost answer may be asked again.
        const { data } = await client.json(
          { method: 'POST', path: '/v1/validate', host: 'validator_url', form, idempotent: true, signal: o.signal },
          validatorAnswerSchema,
        );
        return reportOf(data, file.name, performance.now() - started);
      } catch (e) {
        if (e instanceof ServiceError && e.status === 400 && e.code === 'unreadable_document') {
          return unreadableOf(
            file.name,
            e.message.replace(/^The service refused the request as invalid: /, ''),
            performance.now() - started,
          );
        }
        // Without the scope a new token will not help (spec, Authentication 5): said once, plainly.
        if (e instanceof ServiceError && (e.code === 'invalid_scope' || (e.status === 403 && e.reason === 'insufficient_scope'))) {
          throw new ServiceError(
            'user',
            "This company's keys do not give access to the service's validator (scope validate)",
            e.status,
            e.code,
          );
        }
        if (e instanceof ServiceError && e.code && ['garbled', 'unexpected_shape'].includes(e.code)) {
          throw new ServiceError('retry', `The validator's answer is not a validation report: ${e.message}`, e.status, e.code);
        }
        throw e;
      }
    },
  };
}

export type ValidatorApi = ReturnType<typeof validatorApi>;
