import type { Catalog } from '../catalog-type';
import { app } from './app';
import { company } from './company';

export const nb: Catalog = { ...app, ...company };
