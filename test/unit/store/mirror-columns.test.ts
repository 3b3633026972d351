import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/store/db';
import { MIGRATIONS } from '../../../main/core/store/migrations';
import { ASSIGNMENT_COLUMNS } from '../../../shared/mirror/assignment-columns';
import { BANK_MESSAGE_COLUMNS } from '../../../shared/mirror/bank-message-columns';
import type { Columns } from '../../../shared/mirror/columns';
import { DOCUMENT_COLUMNS } from '../../../shared/mirror/document-columns';
import { INVOICE_COLUMNS } from '../../../shared/mirror/invoice-columns';
import { tempDir } from '../../support/temp';

// The descriptors (shared/mirror/) say what the store reads and writes; the migrations make the tables.
// A column described but never migrated, or migrated with another type, fails here rather than at the
// first statement the store prepares.
const DESCRIPTORS: [string, Columns<never>][] = [
  ['invoices', INVOICE_COLUMNS],
  ['documents', DOCUMENT_COLUMNS],
  ['bank_messages', BANK_MESSAGE_COLUMNS],
  ['collection_assignments', ASSIGNMENT_COLUMNS],
];

describe('mirror descriptors', () => {
  for (const [table, columns] of DESCRIPTORS)
    it(`${table}: every described column is in the migrated table, with its type`, () => {
      const db = openDatabase(join(tempDir(), 'm.sqlite'), { migrations: MIGRATIONS });
      const actual = new Map(
        (db.prepare(`SELECT name, type FROM pragma_table_xinfo('${table}')`).all() as { name: string; type: string }[]).map((c) => [
          c.name,
          c.type,
        ]),
      );
      const described = Object.values(columns).map((c) => [c.name, c.sql]);
      expect(described.filter(([name, sql]) => actual.get(name!) !== sql)).toEqual([]);
      // Each TypeScript name and column name is described once.
      expect(new Set(described.map(([name]) => name)).size).toBe(described.length);
      db.close();
    });
});
