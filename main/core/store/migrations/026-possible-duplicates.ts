import type { Migration } from '../migrate';

/**
 * Duplicates caught on the way in (issue 42, item 3): a received invoice whose seller identifier, number
 * and total (with its currency) match another received one of the account is a possible duplicate of it,
 * whatever its format or channel. `duplicate_key` is that match as one value, a virtual generated column
 * as `amount_e4` is (migration 25), so every writer keeps it right without knowing of it and the rows
 * already there have it at once. The seller identifier is read without spaces, dots, hyphens and colons
 * and without a leading country code ("FI 1234567-8", "12345678" and "FI12345678" are one seller), the
 * number without case or the spaces around it. Without an identifier, number or total there is no key:
 * a name alone is too weak to call anything a duplicate. The partial index holds only received rows
 * that have one.
 *
 * `invoice_not_duplicates` keeps the user's "not a duplicate": never decided by the app, and kept across
 * restarts; it goes with its account.
 */
const BID = `upper(replace(replace(replace(replace(trim(sender_bid), ' ', ''), '-', ''), '.', ''), ':', ''))`;
const SELLER = `CASE WHEN substr(${BID}, 1, 2) GLOB '[A-Z][A-Z]' AND substr(${BID}, 3) GLOB '[0-9]*' THEN substr(${BID}, 3) ELSE ${BID} END`;

export const m026PossibleDuplicates: Migration = {
  version: 26,
  name: 'possible-duplicates',
  up(db) {
    db.exec(`
      ALTER TABLE invoices ADD COLUMN duplicate_key TEXT GENERATED ALWAYS AS (
        CASE WHEN direction = 'RECEIVED' AND trim(coalesce(sender_bid, '')) <> '' AND trim(coalesce(number, '')) <> '' AND sum IS NOT NULL
          THEN ${SELLER} || char(31) || upper(trim(number)) || char(31) || CAST(round(sum * 10000) AS INTEGER) || char(31) || upper(coalesce(currency, ''))
        END
      ) VIRTUAL;
      CREATE INDEX invoices_by_duplicate_key ON invoices (account_id, duplicate_key) WHERE duplicate_key IS NOT NULL;
      CREATE TABLE invoice_not_duplicates (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        invoice_id TEXT NOT NULL,
        marked_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, invoice_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
