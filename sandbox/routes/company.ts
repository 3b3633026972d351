import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { companyAccountRoutes } from './company-account';
import { companyConsumerRoutes } from './company-consumers';
import { companyProfileRoutes } from './company-profiles';
import { companySettingsRoutes } from './company-settings';

/** Endpoint group "Company profiles and settings" of the spec, one module per part. */
export function companyRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  companyProfileRoutes(app, ctx);
  companySettingsRoutes(app, ctx);
  companyAccountRoutes(app, ctx);
  companyConsumerRoutes(app, ctx);
}
