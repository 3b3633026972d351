import type { BridgeDeps, Handlers } from '../types';
import { accountHandlers } from './accounts';
import { appHandlers } from './app';
import { archiveHandlers } from './archive';
import { collectionHandlers } from './collection';
import { companyHandlers } from './company';
import { companyAdminHandlers } from './company-admin';
import { detectHandlers } from './detect';
import { documentHandlers } from './documents';
import { fileHandlers } from './files';
import { invoiceHandlers } from './invoices';
import { norwayHandlers } from './norway';
import { partnerHandlers } from './partner';
import { partnerServiceHandlers } from './partner-services';
import { rulePackHandlers } from './rule-packs';
import { scrutinyHandlers } from './scrutiny';
import { serviceHandlers } from './services';
import { syncHandlers } from './sync';
import { trailHandlers } from './trail';
import { validateHandlers } from './validate';

/** Every command of shared/bridge/commands.ts, over the engine; `Handlers` makes a missing one a compile error. */
export function createHandlers(d: BridgeDeps): Handlers {
  return {
    ...appHandlers(d),
    ...accountHandlers(d),
    ...syncHandlers(d),
    ...archiveHandlers(d),
    ...invoiceHandlers(d),
    ...fileHandlers(d),
    ...documentHandlers(d),
    ...companyHandlers(d),
    ...companyAdminHandlers(d),
    ...detectHandlers(d),
    ...norwayHandlers(d),
    ...serviceHandlers(d),
    ...scrutinyHandlers(d),
    ...trailHandlers(d),
    ...validateHandlers(d),
    ...rulePackHandlers(d),
    ...partnerHandlers(d),
    ...partnerServiceHandlers(d),
    ...collectionHandlers(d),
  };
}
