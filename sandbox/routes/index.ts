import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';

export type RouteModule = (app: FastifyInstance, ctx: SandboxContext) => void;

/** Every endpoint group of the spec the sandbox serves, plus the admin API. */
export const ROUTE_MODULES: RouteModule[] = [authRoutes, adminRoutes];
