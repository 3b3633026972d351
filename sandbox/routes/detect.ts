import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DETECT_CHECKS } from '../../shared/enums';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { DetectState, detectStatus, findingsProblems, renderResult } from '../domain/detect-state';
import { resolveLang } from '../domain/detect-texts';
import { badRequest, notFound, parseOr400 } from '../http/errors';
import { enumArrayParam, stringParam } from '../http/query';
import { detectAnalysisRoutes } from './detect-analysis';

type Query = Record<string, unknown>;

const findingsBodySchema = z.strictObject({
  findings: z.array(z.strictObject({ check: z.enum(DETECT_CHECKS), reason_code: z.string().min(1) })).max(50),
});

/** Detect: the checks run on received invoices and their results; analysis lives in detect-analysis.ts. */
export function detectRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const state = new DetectState(ctx);

  app.get('/v1/services/detect/checks', { preHandler: ctx.guard({ anyOf: ['analysis', 'company:read'] }) }, async (req) => {
    return { on_invoice_receive: state.config(authOf(req).company.id).on_invoice_receive };
  });

  app.patch('/v1/services/detect/checks', { preHandler: ctx.guard({ anyOf: ['analysis', 'company:write'] }) }, async (req, reply) => {
    const checks = enumArrayParam(req.query as Query, 'on_invoice_receive', DETECT_CHECKS);
    if (checks === undefined) {
      throw badRequest('on_invoice_receive is required', [
        'on_invoice_receive: required; send on_invoice_receive[]= (empty) to disable every check',
      ]);
    }
    state.setChecks(authOf(req).company.id, checks);
    return reply.code(204).send();
  });

  app.get('/v1/invoices/:id/detect_results', { preHandler: ctx.guard({ anyOf: ['invoice:receive', 'analysis'] }) }, async (req, reply) => {
    const { company } = authOf(req);
    const lang = resolveLang(stringParam(req.query as Query, 'lang'));
    const inv = state.receivedInvoice(company.id, (req.params as { id: string }).id);
    if (!inv) throw notFound('Invoice');
    if (!state.config(company.id).service_enabled) {
      // The spec: "404 service not enabled (same entity)": the Detect result itself, in the error shape too.
      return reply.code(404).send({
        code: 'service_not_enabled',
        message: 'Detect is not enabled for this company',
        status: 'DISABLED',
        executed_checks: [],
        findings: [],
      });
    }
    return renderResult(state.result(inv), lang);
  });

  // ---- Admin: findings of one invoice, and the company's service flag (sandbox/docs/detect.md)

  app.put('/__sandbox/invoices/:id/detect', async (req) => {
    const inv = state.invoices.get((req.params as { id: string }).id);
    if (inv?.direction !== 'RECEIVED') throw notFound('Received invoice');
    const body = parseOr400(findingsBodySchema, req.body);
    const problems = findingsProblems(body.findings);
    if (problems.length) throw badRequest('The findings do not match the reason-code table', problems);
    const unique = body.findings.filter((f, i) => body.findings.findIndex((g) => g.reason_code === f.reason_code) === i);
    const row = state.setFindings(inv, unique);
    return { invoice_id: inv.id, findings: unique, status: detectStatus(row), result: renderResult(row, 'en') };
  });

  app.delete('/__sandbox/invoices/:id/detect', async (req, reply) => {
    const inv = state.invoices.get((req.params as { id: string }).id);
    if (!inv) throw notFound('Invoice');
    state.clearFindings(inv);
    return reply.code(204).send();
  });

  app.patch('/__sandbox/companies/:id/detect', async (req) => {
    const id = (req.params as { id: string }).id;
    if (!ctx.companies.has(id)) throw notFound('Company');
    const body = parseOr400(z.strictObject({ enabled: z.boolean() }), req.body);
    const row = state.setServiceEnabled(id, body.enabled);
    return { company_id: id, enabled: row.service_enabled, on_invoice_receive: row.on_invoice_receive };
  });

  detectAnalysisRoutes(app, ctx, state);
}
