import type { Migration } from '../migrate';

/**
 * An activity entry's facts (`data`, a JSON object of strings) beside its English message, so the
 * screen can say a known kind in the user's language (an Invoice Response received: the invoice's
 * number, the answer's code, its reasons) while the log and the CLI keep the message. Entries from
 * before have none and show their message, as they did.
 */
export const m030ActivityData: Migration = {
  version: 30,
  name: 'activity-data',
  up(db) {
    db.exec('ALTER TABLE activity ADD COLUMN data TEXT');
  },
};
