import type { en } from './en';

/** The shape of a catalog: the English keys, any text. Other languages are checked against it. */
export type CatalogShape<T> = { [K in keyof T]: T[K] extends string ? string : CatalogShape<T[K]> };
export type Catalog = CatalogShape<typeof en>;
