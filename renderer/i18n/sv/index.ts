import type { Catalog } from '../catalog-type';
import { app } from './app';
import { cockpit } from './cockpit';
import { collection } from './collection';
import { company } from './company';
import { companyAdmin } from './company-admin';
import { health } from './health';
import { listTotals } from './list-totals';
import { partner } from './partner';
import { remoteValidation } from './remote-validation';
import { scrutiny } from './scrutiny';
import { services } from './services';
import { statuses } from './statuses';
import { validate } from './validate';
import { words } from './words';

export const sv: Catalog = {
  ...app,
  ...statuses,
  ...company,
  ...companyAdmin,
  ...services,
  ...partner,
  ...scrutiny,
  ...validate,
  ...remoteValidation,
  ...listTotals,
  ...collection,
  ...health,
  ...cockpit,
  ...words,
};
