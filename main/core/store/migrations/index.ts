import type { Migration } from '../migrate';
import { m001Initial } from './001-initial';
import { m002Mirror } from './002-mirror';
import { m003InvoiceSearch } from './003-invoice-search';
import { m004PendingDetect } from './004-pending-detect';
import { m005VerifiedDownloads } from './005-verified-downloads';
import { m006JobRunner } from './006-job-runner';
import { m007InboxLayout } from './007-inbox-layout';
import { m008SortIndexes } from './008-sort-indexes';
import { m009ValidationReports } from './009-validation-reports';
import { m010BankMessagesOut } from './010-bank-messages-out';
import { m011RemoteValidation } from './011-remote-validation';
import { m012Collection } from './012-collection';
import { m013ListTallies } from './013-list-tallies';
import { m014WarnedUnhandled } from './014-warned-unhandled';
import { m015SearchPrefixes } from './015-search-prefixes';
import { m016StillFollowed } from './016-still-followed';
import { m017OutboxTallies } from './017-outbox-tallies';
import { m018SentDocumentsAndRiDeletes } from './018-sent-documents-and-ri-deletes';
import { m019AttentionBounded } from './019-attention-bounded';
import { m020DocumentTallies } from './020-document-tallies';
import { m021DocumentSearch } from './021-document-search';
import { m022ServiceKeys } from './022-service-keys';
import { m023OutboxChecks } from './023-outbox-checks';
import { m024RefusalWatch } from './024-refusal-watch';
import { m025AmountSearch } from './025-amount-search';
import { m026PossibleDuplicates } from './026-possible-duplicates';
import { m027PartnerTakeovers } from './027-partner-takeovers';
import { m028InvoiceComment } from './028-invoice-comment';
import { m029InvoiceAnswers } from './029-invoice-answers';
import { m030ActivityData } from './030-activity-data';

/** Every schema step in order. Append only: a released migration is never edited or removed. */
export const MIGRATIONS: readonly Migration[] = [
  m001Initial,
  m002Mirror,
  m003InvoiceSearch,
  m004PendingDetect,
  m005VerifiedDownloads,
  m006JobRunner,
  m007InboxLayout,
  m008SortIndexes,
  m009ValidationReports,
  m010BankMessagesOut,
  m011RemoteValidation,
  m012Collection,
  m013ListTallies,
  m014WarnedUnhandled,
  m015SearchPrefixes,
  m016StillFollowed,
  m017OutboxTallies,
  m018SentDocumentsAndRiDeletes,
  m019AttentionBounded,
  m020DocumentTallies,
  m021DocumentSearch,
  m022ServiceKeys,
  m023OutboxChecks,
  m024RefusalWatch,
  m025AmountSearch,
  m026PossibleDuplicates,
  m027PartnerTakeovers,
  m028InvoiceComment,
  m029InvoiceAnswers,
  m030ActivityData,
];
