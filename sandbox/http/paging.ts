import type { FastifyReply, FastifyRequest } from 'fastify';
import { intParam } from './query';

export interface PageRequest {
  page: number;
  perPage: number;
}

export const MAX_PER_PAGE = 100;

/** page starts at 1; per_page above 100 is refused rather than silently cut (sandbox/README.md). */
export function readPage(query: Record<string, unknown>, defaultPerPage: number): PageRequest {
  return {
    page: intParam(query, 'page', 1, 1_000_000) ?? 1,
    perPage: intParam(query, 'per_page', 1, MAX_PER_PAGE) ?? defaultPerPage,
  };
}

/** Slice one page and set X-Total, X-Total-Pages, X-Page, X-Next-Page, X-Prev-Page, X-Per-Page, Link. */
export function paginate<T>(items: readonly T[], p: PageRequest, req: FastifyRequest, reply: FastifyReply): T[] {
  const { start, end } = pageBounds(items.length, p, req, reply);
  return items.slice(start, end);
}

/**
 * The same headers for a list of `total` items the caller picks by position itself: a page of a long
 * list then costs the page, not a copy of the list.
 */
export function pageBounds(total: number, p: PageRequest, req: FastifyRequest, reply: FastifyReply): { start: number; end: number } {
  const totalPages = Math.max(1, Math.ceil(total / p.perPage));
  const start = Math.min(total, (p.page - 1) * p.perPage);
  const end = Math.min(total, start + p.perPage);
  const next = p.page < totalPages ? String(p.page + 1) : '';
  const prev = p.page > 1 ? String(Math.min(p.page - 1, totalPages)) : '';
  reply.header('X-Total', String(total));
  reply.header('X-Total-Pages', String(totalPages));
  reply.header('X-Page', String(p.page));
  reply.header('X-Next-Page', next);
  reply.header('X-Prev-Page', prev);
  reply.header('X-Per-Page', String(p.perPage));
  reply.header('Link', linkHeader(req, p, totalPages));
  return { start, end };
}

function linkHeader(req: FastifyRequest, p: PageRequest, totalPages: number): string {
  const url = new URL(req.url, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  const at = (page: number) => {
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(p.perPage));
    return url.toString();
  };
  const links = [`<${at(1)}>; rel="first"`];
  if (p.page > 1) links.push(`<${at(Math.min(p.page - 1, totalPages))}>; rel="prev"`);
  if (p.page < totalPages) links.push(`<${at(p.page + 1)}>; rel="next"`);
  links.push(`<${at(totalPages)}>; rel="last"`);
  return links.join(', ');
}
