import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: company (to be implemented). */
export function companyRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
