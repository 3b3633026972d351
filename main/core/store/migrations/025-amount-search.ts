import type { Migration } from '../migrate';

/**
 * Finding an invoice by its amount (issue 37): `amount_e4`, the sum in 1/10000 units as an integer,
 * so a typed "1 656,25" is matched exactly (a REAL compared with = misses 0.1 + 0.2 and its like) and
 * a from-to filter reads a range of one index. A virtual generated column: nothing is written for the
 * rows already there, every writer keeps it right without knowing of it, and ALTER TABLE can add one
 * (it cannot add a stored one). The index is led by the account and direction as every list is, and
 * ends in the id, the listing's tie-break. `invoices_by_due` (migration 8) serves the due-date filter.
 */
export const m025AmountSearch: Migration = {
  version: 25,
  name: 'amount-search',
  up(db) {
    db.exec(`
      ALTER TABLE invoices ADD COLUMN amount_e4 INTEGER GENERATED ALWAYS AS (CAST(round(sum * 10000) AS INTEGER)) VIRTUAL;
      CREATE INDEX invoices_by_amount ON invoices (account_id, direction, amount_e4, id);
    `);
  },
};
