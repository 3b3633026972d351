import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DETECT_CHECK_ATTRIBUTES, DETECT_CHECKS } from '../../shared/enums';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { analysesTable, renderAnalysis, startAnalyses } from '../domain/detect-analysis';
import { ALL_DEFINITIONS_JSON, checkDefinition, DEFINITIONS, pickAttributes } from '../domain/detect-definitions';
import type { DetectState } from '../domain/detect-state';
import { badRequest, notFound } from '../http/errors';
import { enumArrayParam, enumParam, requiredString } from '../http/query';

type Query = Record<string, unknown>;

/** Check definitions (two paths, one answer) and on-demand analysis of received invoices. */
export function detectAnalysisRoutes(app: FastifyInstance, ctx: SandboxContext, state: DetectState): void {
  const definitions = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as Query;
    const checks = enumArrayParam(q, 'checks', DETECT_CHECKS);
    const attrs = enumArrayParam(q, 'check_attributes', DETECT_CHECK_ATTRIBUTES);
    if (!checks?.length && !attrs?.length) return reply.type('application/json; charset=utf-8').send(ALL_DEFINITIONS_JSON);
    const names = checks?.length ? DETECT_CHECKS.filter((c) => checks.includes(c)) : DETECT_CHECKS;
    return names.map((c) => pickAttributes(DEFINITIONS.get(c) ?? checkDefinition(c), attrs));
  };
  app.get('/v1/definitions/detect/checks', { preHandler: ctx.guard() }, definitions);
  app.get('/v1/analysis/definitions', { preHandler: ctx.guard() }, definitions);

  app.post('/v1/analysis', { preHandler: ctx.guard({ anyOf: ['analysis'] }) }, async (req, reply) => {
    const { company } = authOf(req);
    const q = req.query as Query;
    const resourceId = requiredString(q, 'resource_id');
    const resourceType = enumParam(q, 'resource_type', ['INVOICE'] as const);
    if (!resourceType) throw badRequest('resource_type is required', ['resource_type: required; the checks run on INVOICE']);
    const checks = enumArrayParam(q, 'checks_to_run', DETECT_CHECKS);
    if (!checks?.length) throw badRequest('checks_to_run is required', [`checks_to_run: name at least one of ${DETECT_CHECKS.join(', ')}`]);
    const inv = state.receivedInvoice(company.id, resourceId);
    if (!inv) throw notFound('Invoice');
    const unique = DETECT_CHECKS.filter((c) => checks.includes(c));
    const runs = startAnalyses(ctx, state, inv, unique);
    return reply.code(201).send(runs.map((r) => renderAnalysis(r, ctx.now(), ctx.config.analysisDelayMs, true)));
  });

  app.get('/v1/analysis/:id', { preHandler: ctx.guard({ anyOf: ['analysis'] }) }, async (req) => {
    const { company } = authOf(req);
    const row = analysesTable(ctx).get((req.params as { id: string }).id);
    if (!row || row.company_id !== company.id || row.runs.length === 0) throw notFound('Analysis');
    const now = ctx.now();
    return row.runs.map((r) => renderAnalysis(r, now, ctx.config.analysisDelayMs));
  });
}
