import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/** Endpoint group: notifications (to be implemented). */
export function notificationRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
