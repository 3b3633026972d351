import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: bank-messages (to be implemented). */
export function bankMessageRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
