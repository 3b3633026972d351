import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: norway (to be implemented). */
export function norwayRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
