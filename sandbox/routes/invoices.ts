import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { invoiceAdminRoutes } from './invoices-admin';
import { invoiceListRoutes } from './invoices-list';
import { invoiceManageRoutes } from './invoices-manage';
import { invoiceReadRoutes } from './invoices-read';
import { invoiceReportRoutes } from './invoices-reports';
import { invoiceApi } from './invoices-shared';
import { invoiceUploadRoutes } from './invoices-upload';

/** Endpoint group: invoices (spec: Invoices), plus its admin routes under /__sandbox/. */
export function invoiceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const api = invoiceApi(ctx);
  invoiceUploadRoutes(app, api);
  invoiceListRoutes(app, api);
  invoiceReadRoutes(app, api);
  invoiceManageRoutes(app, api);
  invoiceReportRoutes(app, api);
  invoiceAdminRoutes(app, api);
}
