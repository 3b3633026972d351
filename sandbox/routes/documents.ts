import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { Documents } from '../domain/document-store';
import { documentAdminRoutes } from './documents-admin';
import { documentAutoDelivery } from './documents-auto';
import { documentReadRoutes } from './documents-read';
import { documentUploadRoutes } from './documents-upload';

/** Endpoint group "Documents and files", with its admin routes. */
export function documentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const docs = new Documents(ctx);
  documentUploadRoutes(app, ctx, docs, documentAutoDelivery(app, ctx, docs));
  documentReadRoutes(app, ctx, docs);
  documentAdminRoutes(app, ctx, docs);
}
