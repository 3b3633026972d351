import type { Migration } from '../migrate';

/**
 * Answers to invoices (issue 42, items 1 and 2).
 *
 * `invoice_answers`: each answer the user gave to a received invoice (a Peppol Invoice Response), keyed by
 * the answer itself (`answer_key`: the invoice and what was answered), so a double click or a repeat from
 * the command line finds the answer already given instead of writing a second one. The response's bytes
 * are kept (`xml`): a file written again after a crash is the same file, sent under the same key.
 * `state` is `writing` until the file stands in the Outbox under its name (`file_name`), then `written`.
 *
 * `invoice_responses_received`: each Invoice Response document received, with the sent invoice it names
 * (`invoice_id`, null while no sent invoice of that number is mirrored) and what it says.
 */
export const m029InvoiceAnswers: Migration = {
  version: 29,
  name: 'invoice-answers',
  up(db) {
    db.exec(`
      CREATE TABLE invoice_answers (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        answer_key TEXT NOT NULL,
        invoice_id TEXT NOT NULL,
        code TEXT NOT NULL,
        reasons_json TEXT NOT NULL,
        actions_json TEXT NOT NULL,
        text TEXT,
        file_name TEXT NOT NULL,
        xml TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('writing', 'written')),
        created_at INTEGER NOT NULL,
        written_at INTEGER,
        PRIMARY KEY (account_id, answer_key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX invoice_answers_by_invoice ON invoice_answers (account_id, invoice_id, created_at);
      CREATE TABLE invoice_responses_received (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        document_id TEXT NOT NULL,
        invoice_number TEXT,
        invoice_id TEXT,
        code TEXT NOT NULL,
        reasons_json TEXT NOT NULL,
        text TEXT,
        issued TEXT,
        received_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, document_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX invoice_responses_by_invoice ON invoice_responses_received (account_id, invoice_id, issued);
    `);
  },
};
