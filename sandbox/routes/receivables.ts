import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { receivablesAdminRoutes } from './receivables-admin';
import { receivablesAssignmentRoutes } from './receivables-assignments';
import { receivablesInvoiceRoutes } from './receivables-invoice';
import { receivablesLevelRoutes } from './receivables-levels';
import { receivablesServiceRoutes } from './receivables-services';

/** Collection and reminder services (spec: "Receivables"): onboarding, invoice assignments, the receivables host. */
export function receivablesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  receivablesServiceRoutes(app, ctx);
  receivablesInvoiceRoutes(app, ctx);
  receivablesAssignmentRoutes(app, ctx);
  receivablesLevelRoutes(app, ctx);
  receivablesAdminRoutes(app, ctx);
}
