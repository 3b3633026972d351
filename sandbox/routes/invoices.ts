import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: invoices (to be implemented). */
export function invoiceRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
