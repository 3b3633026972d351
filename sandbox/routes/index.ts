import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { bankMessageRoutes } from './bank-messages';
import { companyRoutes } from './company';
import { detectRoutes } from './detect';
import { documentRoutes } from './documents';
import { invoiceRoutes } from './invoices';
import { lookupRoutes } from './lookups';
import { norwayRoutes } from './norway';
import { notificationRoutes } from './notifications';
import { partnerRoutes } from './partner';
import { partnerTakeoverRoutes } from './partner-takeovers';
import { receivablesRoutes } from './receivables';
import { scanningRoutes } from './scanning';
import { userRoutes } from './users';
import { validateRoutes } from './validate';

export type RouteModule = (app: FastifyInstance, ctx: SandboxContext) => void;

/** Every endpoint group of the spec the sandbox serves, plus the admin API. */
export const ROUTE_MODULES: RouteModule[] = [
  authRoutes,
  adminRoutes,
  companyRoutes,
  userRoutes,
  notificationRoutes,
  invoiceRoutes,
  documentRoutes,
  lookupRoutes,
  partnerRoutes,
  partnerTakeoverRoutes,
  detectRoutes,
  scanningRoutes,
  norwayRoutes,
  bankMessageRoutes,
  receivablesRoutes,
  validateRoutes,
];
