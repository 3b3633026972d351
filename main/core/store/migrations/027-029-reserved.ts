import type { Migration } from '../migrate';

/**
 * Stand-ins for migrations 27 to 29, which other branches bring: versions must run 1, 2, 3… without a
 * gap (migrate.ts), so migration 30 of this branch cannot be tested without them. DELETE THIS FILE when
 * merging, keeping the other branches' 027-029 in their places in index.ts.
 */
const reserved = (version: number): Migration => ({ version, name: `reserved-${version}`, up() {} });
export const m027Reserved = reserved(27);
export const m028Reserved = reserved(28);
export const m029Reserved = reserved(29);
