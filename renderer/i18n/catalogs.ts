import type { Catalog } from './catalog-type';
import { en } from './en';
import { fi } from './fi';
import type { Lang } from './langs';
import { nb } from './nb';
import { sv } from './sv';

/** Every language's catalog; the type makes a missing key a compile error, the test a failing one. */
export const catalogs: Readonly<Record<Lang, Catalog>> = { en, fi, sv, nb };
