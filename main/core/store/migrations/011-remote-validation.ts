import type { Migration } from '../migrate';

/**
 * `accounts.remote_validation`: whether hot folders also ask the service's validator host
 * (shared/validation/remote.ts). Every account starts with `off`: asking sends the file to one more
 * host, which the user chooses.
 */
export const m011RemoteValidation: Migration = {
  version: 11,
  name: 'remote-validation',
  up(db) {
    db.exec(`
      ALTER TABLE accounts ADD COLUMN remote_validation TEXT NOT NULL DEFAULT 'off'
        CHECK (remote_validation IN ('off', 'uncovered', 'always'));
    `);
  },
};
