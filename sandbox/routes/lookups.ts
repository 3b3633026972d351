import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: lookups (to be implemented). */
export function lookupRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
