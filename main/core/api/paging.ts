import type { CallResult } from './client';

export interface PageInfo {
  total: number | null;
  totalPages: number | null;
  page: number | null;
  nextPage: number | null;
  perPage: number | null;
}

const num = (v: string | string[] | undefined): number | null => {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

/** Reads X-Total, X-Total-Pages, X-Page, X-Next-Page and X-Per-Page; missing ones are null. */
export function pageInfo(headers: CallResult['headers']): PageInfo {
  return {
    total: num(headers['x-total']),
    totalPages: num(headers['x-total-pages']),
    page: num(headers['x-page']),
    nextPage: num(headers['x-next-page']),
    perPage: num(headers['x-per-page']),
  };
}
