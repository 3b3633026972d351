import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: scanning (to be implemented). */
export function scanningRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
