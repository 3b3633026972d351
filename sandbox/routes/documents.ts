import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: documents (to be implemented). */
export function documentRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
