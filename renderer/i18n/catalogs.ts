import type { Catalog } from './catalog-type';
import { da } from './da';
import { en } from './en';
import { fi } from './fi';
import type { Lang } from './langs';
import { nb } from './nb';
import { sv } from './sv';

/**
 * Every language's catalog at once, for the tests and checks; the type makes a missing key a compile
 * error, the test a failing one. The app fetches a language's catalog when it is first shown (index.ts).
 */
export const catalogs: Readonly<Record<Lang, Catalog>> = { en, fi, sv, nb, da };
