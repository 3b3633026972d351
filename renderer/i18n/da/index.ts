import type { Catalog } from '../catalog-type';
import { answers } from './answers';
import { app } from './app';
import { archive } from './archive';
import { checkProgress } from './check-progress';
import { cockpit } from './cockpit';
import { collection } from './collection';
import { company } from './company';
import { companyAdmin } from './company-admin';
import { doctor } from './doctor';
import { duplicates } from './duplicates';
import { findInvoices } from './find-invoices';
import { health } from './health';
import { listTotals } from './list-totals';
import { nationalnet } from './nationalnet';
import { partner } from './partner';
import { partnerServices } from './partner-services';
import { remoteValidation } from './remote-validation';
import { rerouteState } from './reroute-state';
import { rulePacks } from './rule-packs';
import { scrutiny } from './scrutiny';
import { services } from './services';
import { statuses } from './statuses';
import { validate } from './validate';
import { words } from './words';

export const da: Catalog = {
  ...app,
  ...statuses,
  ...company,
  ...companyAdmin,
  ...services,
  ...partner,
  ...partnerServices,
  ...scrutiny,
  ...validate,
  ...remoteValidation,
  ...listTotals,
  ...collection,
  ...health,
  ...cockpit,
  ...rulePacks,
  ...checkProgress,
  ...nationalnet,
  ...findInvoices,
  ...duplicates,
  ...doctor,
  ...archive,
  ...answers,
  ...rerouteState,
  ...words,
};
