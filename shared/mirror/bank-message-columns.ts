import type { BankMessageKind } from '../enums';
import { as, describeColumns } from './columns';

/**
 * The bank message mirror's own columns (table `bank_messages`; its download job's columns are those of
 * every download table, store/download-jobs.ts). The service lists ids only, so no column is read from
 * a record: the type is read from the file once it is downloaded.
 */
export const BANK_MESSAGE_COLUMNS = describeColumns<never>()({
  kind: { name: 'kind', sql: 'TEXT', reach: 'view', type: as<BankMessageKind>() },
  /** The service's message id. */
  id: { name: 'id', sql: 'TEXT', reach: 'view', type: as<string>() },
  /** The message's type as read from its file (bankMessageLabel), kept so that it is read once. */
  messageType: { name: 'message_type', sql: 'TEXT', reach: 'view', type: as<string | null>() },
  /** When the id first appeared in a listing (epoch ms; ISO text in the view). */
  seenAt: { name: 'seen_at', sql: 'INTEGER', reach: 'summary', type: as<number>() },
  /** Its delete on the service is queued (received RI messages, with the account's option on). */
  deleteQueued: { name: 'delete_queued', sql: 'INTEGER', reach: 'table', codec: 'flag', type: as<boolean>() },
});
