import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: detect (to be implemented). */
export function detectRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
