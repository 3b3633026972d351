import type { FastifyInstance } from 'fastify';
import { RulesUnavailableError, type ValidationProfile, Validator } from '../../main/core/validate';
import { VALIDATOR_PROFILES, type ValidatorAnswer } from '../../shared/schemas/validator';
import type { ValidationReport } from '../../shared/validation/report';
import type { SandboxContext } from '../context';
import { ApiError, invalidParameters } from '../http/errors';
import { field, readMultipart, requireFile } from '../http/multipart';

/** The validator host's answer: the report in the service's snake_case (shared/schemas/validator.ts). */
export function answerOf(r: ValidationReport): ValidatorAnswer {
  return {
    file: r.file,
    status: r.status,
    valid: r.valid,
    syntax: r.syntax,
    customization_id: r.customizationId,
    rulesets: r.rulesets.map((s) => ({ id: s.id, title: s.title, version: s.version, business_rules: s.businessRules })),
    errors: r.issues.map((i) => ({
      id: i.id,
      flag: i.flag,
      ruleset: i.ruleset,
      location: i.location,
      xpath: i.xpath,
      ...(i.line === undefined ? {} : { line: i.line }),
      text: i.text,
    })),
    notes: r.notes.map((n) => ({ code: n.code, text: n.text })),
  };
}

/**
 * {validator_url} POST /v1/validate (spec: "Other APIs"; parameters and answer not shown, see
 * sandbox/README.md): one XML file in the multipart field `file`, checked with the same compiled rule
 * sets the app runs offline. The sandbox serves every host on one address, so the path is the spec's.
 */
export function validateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // One worker, started by the first file and stopped when idle; the rules load once per sandbox.
  let validator: Validator | null = null;
  app.addHook('onClose', async () => {
    await validator?.close();
  });

  app.post('/v1/validate', { preHandler: ctx.guard({ anyOf: ['validate'] }) }, async (req) => {
    const body = await readMultipart(req);
    const file = requireFile(body, 'file');
    const profile = field(body, 'profile') ?? 'auto';
    if (!(VALIDATOR_PROFILES as readonly string[]).includes(profile)) {
      throw invalidParameters('profile is not one the validator knows', [`profile: one of ${VALIDATOR_PROFILES.join(', ')}`]);
    }
    validator ??= new Validator({ workers: 1, idleMs: 60_000 });
    let report: ValidationReport;
    try {
      report = await validator.validate(file.data, { name: file.filename, profile: profile as ValidationProfile });
    } catch (e) {
      if (e instanceof RulesUnavailableError) throw new ApiError(503, 'validator_unavailable', 'The validator has no rule sets loaded');
      throw e;
    }
    // A file that is not XML (or not readable as XML) is a bad request, in the one error shape.
    if (report.status === 'unreadable') {
      throw new ApiError(400, 'unreadable_document', report.problem ?? 'The file could not be read as XML', [`file: ${file.filename}`]);
    }
    return answerOf(report);
  });
}
