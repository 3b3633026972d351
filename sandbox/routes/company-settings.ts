import type { FastifyInstance } from 'fastify';
import { SETTINGS_SECTIONS } from '../../shared/enums';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { nonEmpty } from '../domain/settings-issues';
import { patchSettings, publicSettings, settingsOf } from '../domain/settings-store';
import { enumArrayParam } from '../http/query';

/** Company settings (spec: Company settings): GET with `fields`, PATCH with 400 invalid_parameters. */
export function companySettingsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/v1/company/settings', { preHandler: ctx.guard({ anyOf: ['company:read'] }) }, async (req) => {
    const { company } = authOf(req);
    const fields = nonEmpty(enumArrayParam(req.query as Record<string, unknown>, 'fields', SETTINGS_SECTIONS));
    return publicSettings(ctx, settingsOf(ctx, company), fields);
  });

  app.patch('/v1/company/settings', { preHandler: ctx.guard({ anyOf: ['company:write'] }) }, async (req, reply) => {
    const { company } = authOf(req);
    patchSettings(ctx, company, req.body);
    return reply.code(204).send();
  });
}
