import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: users (to be implemented). */
export function userRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
