import type { Migration } from '../migrate';

/**
 * A stand-in for migration 24, which another branch brings: versions must run 1, 2, 3… without a gap
 * (migrate.ts), so migration 25 of this branch cannot be tested without one. DELETE THIS FILE when
 * merging, keeping the other branch's 024 in its place in index.ts.
 */
export const m024Reserved: Migration = {
  version: 24,
  name: 'reserved',
  up() {},
};
