import type { Catalog } from '../catalog-type';
import { app } from './app';
import { company } from './company';

export const sv: Catalog = { ...app, ...company };
