import type { Database } from './db';
import type { StoreDeps } from './deps';

/** An answer the user gave to a received invoice (migration 29). */
export interface InvoiceAnswer {
  accountId: string;
  answerKey: string;
  invoiceId: string;
  code: string;
  reasons: string[];
  actions: string[];
  text: string | null;
  fileName: string;
  xml: string;
  state: 'writing' | 'written';
  createdAt: number;
  writtenAt: number | null;
}

/** An Invoice Response received for a sent invoice (or for a number no sent invoice has yet). */
export interface ReceivedResponse {
  accountId: string;
  documentId: string;
  invoiceNumber: string | null;
  invoiceId: string | null;
  code: string;
  reasons: string[];
  text: string | null;
  issued: string | null;
  receivedAt: number;
}

interface AnswerRow {
  account_id: string;
  answer_key: string;
  invoice_id: string;
  code: string;
  reasons_json: string;
  actions_json: string;
  text: string | null;
  file_name: string;
  xml: string;
  state: 'writing' | 'written';
  created_at: number;
  written_at: number | null;
}

interface ResponseRow {
  account_id: string;
  document_id: string;
  invoice_number: string | null;
  invoice_id: string | null;
  code: string;
  reasons_json: string;
  text: string | null;
  issued: string | null;
  received_at: number;
}

const strings = (json: string): string[] => {
  const v = JSON.parse(json) as unknown;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

const answerOf = (r: AnswerRow): InvoiceAnswer => ({
  accountId: r.account_id,
  answerKey: r.answer_key,
  invoiceId: r.invoice_id,
  code: r.code,
  reasons: strings(r.reasons_json),
  actions: strings(r.actions_json),
  text: r.text,
  fileName: r.file_name,
  xml: r.xml,
  state: r.state,
  createdAt: r.created_at,
  writtenAt: r.written_at,
});

const responseOf = (r: ResponseRow): ReceivedResponse => ({
  accountId: r.account_id,
  documentId: r.document_id,
  invoiceNumber: r.invoice_number,
  invoiceId: r.invoice_id,
  code: r.code,
  reasons: strings(r.reasons_json),
  text: r.text,
  issued: r.issued,
  receivedAt: r.received_at,
});

const CHUNK = 500;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

/**
 * Answers given to received invoices and Invoice Responses received for sent ones. An answer is recorded
 * once per key (INSERT OR IGNORE): the second of two clicks, or a repeat after a crash, reads the first.
 */
export function createInvoiceAnswersRepo(db: Database, deps: StoreDeps) {
  const insert = db.prepare(`
    INSERT OR IGNORE INTO invoice_answers
      (account_id, answer_key, invoice_id, code, reasons_json, actions_json, text, file_name, xml, state, created_at)
    VALUES (@accountId, @answerKey, @invoiceId, @code, @reasons, @actions, @text, @fileName, @xml, 'writing', @now)`);
  const get = db.prepare('SELECT * FROM invoice_answers WHERE account_id = ? AND answer_key = ?');
  const ofInvoice = db.prepare('SELECT * FROM invoice_answers WHERE account_id = ? AND invoice_id = ? ORDER BY created_at, answer_key');
  const writing = db.prepare(`SELECT * FROM invoice_answers WHERE account_id = ? AND state = 'writing' ORDER BY created_at`);
  const written = db.prepare(`UPDATE invoice_answers SET state = 'written', written_at = ? WHERE account_id = ? AND answer_key = ?`);
  const latestOf = (n: number) =>
    db.prepare(`
      SELECT a.invoice_id AS id, a.code AS code FROM invoice_answers a
      WHERE a.account_id = ? AND a.invoice_id IN (${marks(n)})
        AND a.created_at = (SELECT max(b.created_at) FROM invoice_answers b WHERE b.account_id = a.account_id AND b.invoice_id = a.invoice_id)`);
  const putResponse = db.prepare(`
    INSERT OR REPLACE INTO invoice_responses_received
      (account_id, document_id, invoice_number, invoice_id, code, reasons_json, text, issued, received_at)
    VALUES (@accountId, @documentId, @invoiceNumber, @invoiceId, @code, @reasons, @text, @issued, @receivedAt)`);
  const responsesOf = db.prepare(
    'SELECT * FROM invoice_responses_received WHERE account_id = ? AND invoice_id = ? ORDER BY issued, received_at, document_id',
  );
  const hasResponse = db.prepare('SELECT 1 FROM invoice_responses_received WHERE account_id = ? AND document_id = ?').pluck();
  const latestResponseOf = (n: number) =>
    db.prepare(`
      SELECT r.invoice_id AS id, r.code AS code, r.reasons_json AS reasons FROM invoice_responses_received r
      WHERE r.account_id = ? AND r.invoice_id IN (${marks(n)})
      ORDER BY r.issued, r.received_at, r.document_id`);
  const outboxOf = db.prepare(
    'SELECT state, last_error AS lastError FROM outbox WHERE account_id = ? AND rel_path = ? ORDER BY id DESC LIMIT 1',
  );
  const unread = db.prepare(`
    SELECT d.id AS documentId, f.path AS path, d.sort_ms AS receivedAt FROM documents d
    JOIN document_files f ON f.account_id = d.account_id AND f.document_id = d.id AND f.state = 'done' AND f.path IS NOT NULL
    WHERE d.account_id = ? AND d.direction = 'RECEIVED' AND d.type = 'INVOICE_RESPONSE'
      AND NOT EXISTS (SELECT 1 FROM invoice_responses_received r WHERE r.account_id = d.account_id AND r.document_id = d.id)
    ORDER BY d.sort_ms LIMIT ?`);
  const sentByNumber = db
    .prepare(`SELECT id FROM invoices WHERE account_id = ? AND direction = 'SENT' AND number = ? ORDER BY sort_ms DESC LIMIT 1`)
    .pluck();
  const relink = db.prepare(`
    UPDATE invoice_responses_received AS r SET invoice_id = (
      SELECT i.id FROM invoices i WHERE i.account_id = r.account_id AND i.direction = 'SENT' AND i.number = r.invoice_number
      ORDER BY i.sort_ms DESC LIMIT 1)
    WHERE r.account_id = ? AND r.invoice_id IS NULL AND r.invoice_number IS NOT NULL`);
  const OPEN = `r.invoice_id IS NOT NULL AND r.code IN ('RE', 'UQ')
      AND NOT EXISTS (SELECT 1 FROM invoice_responses_received l WHERE l.account_id = r.account_id AND l.invoice_id = r.invoice_id
        AND (coalesce(l.issued, '') || printf('%020d', l.received_at)) > (coalesce(r.issued, '') || printf('%020d', r.received_at)))`;
  const openCounts = db.prepare(
    `SELECT r.account_id AS accountId, count(DISTINCT r.invoice_id) AS n FROM invoice_responses_received r WHERE ${OPEN} GROUP BY r.account_id`,
  );
  const openResponses = db.prepare(`
    SELECT r.* FROM invoice_responses_received r
    WHERE r.account_id = ? AND r.invoice_id IS NOT NULL AND r.code IN ('RE', 'UQ')
      AND NOT EXISTS (SELECT 1 FROM invoice_responses_received l WHERE l.account_id = r.account_id AND l.invoice_id = r.invoice_id
        AND (coalesce(l.issued, '') || printf('%020d', l.received_at)) > (coalesce(r.issued, '') || printf('%020d', r.received_at)))
    ORDER BY r.received_at DESC LIMIT ?`);
  type Stmt = ReturnType<typeof latestOf>;
  const prepared = new Map<string, Stmt>();
  /** Rows of a per-ids question, asked in chunks, each statement prepared once per chunk size. */
  const inIds = <R>(kind: string, make: (n: number) => Stmt, accountId: string, ids: readonly string[]): R[] => {
    const rows: R[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      const key = `${kind}${part.length}`;
      let stmt = prepared.get(key);
      if (!stmt) {
        stmt = make(part.length);
        prepared.set(key, stmt);
      }
      rows.push(...(stmt.all(accountId, ...part) as R[]));
    }
    return rows;
  };

  return {
    /** Records an answer unless one with its key is there; answers the one recorded either way. */
    record(a: Omit<InvoiceAnswer, 'state' | 'createdAt' | 'writtenAt'>): { answer: InvoiceAnswer; created: boolean } {
      const { changes } = insert.run({
        ...a,
        reasons: JSON.stringify(a.reasons),
        actions: JSON.stringify(a.actions),
        now: deps.now(),
      });
      return { answer: answerOf(get.get(a.accountId, a.answerKey) as AnswerRow), created: changes > 0 };
    },
    get(accountId: string, answerKey: string): InvoiceAnswer | undefined {
      const r = get.get(accountId, answerKey) as AnswerRow | undefined;
      return r ? answerOf(r) : undefined;
    },
    markWritten(accountId: string, answerKey: string): void {
      written.run(deps.now(), accountId, answerKey);
    },
    ofInvoice: (accountId: string, invoiceId: string): InvoiceAnswer[] =>
      (ofInvoice.all(accountId, invoiceId) as AnswerRow[]).map(answerOf),
    /** Where the answer's file stands in the Outbox: the latest outbox row of its path, if any. */
    outboxStateOf(accountId: string, relPath: string): { state: string; lastError: string | null } | undefined {
      return outboxOf.get(accountId, relPath) as { state: string; lastError: string | null } | undefined;
    },
    /** Answers recorded whose file was not yet written (a crash between the two): written again at start. */
    writing: (accountId: string): InvoiceAnswer[] => (writing.all(accountId) as AnswerRow[]).map(answerOf),
    /** The latest answer's code of each of the ids that has one (the list's column). */
    latestCodes(accountId: string, ids: readonly string[]): Map<string, string> {
      return new Map(inIds<{ id: string; code: string }>('a', latestOf, accountId, ids).map((r) => [r.id, r.code]));
    },

    /** Received Invoice Response documents whose file is downloaded and not yet read. */
    unreadResponseFiles: (accountId: string, limit: number): { documentId: string; path: string; receivedAt: number }[] =>
      unread.all(accountId, limit) as { documentId: string; path: string; receivedAt: number }[],
    sentInvoiceByNumber: (accountId: string, number: string): string | null =>
      (sentByNumber.get(accountId, number) as string | undefined) ?? null,
    /** Links responses that named a sent invoice not mirrored when they came; answers how many were linked. */
    relink: (accountId: string): number => relink.run(accountId).changes,
    hasResponse: (accountId: string, documentId: string): boolean => hasResponse.get(accountId, documentId) !== undefined,
    putResponse(r: ReceivedResponse): void {
      putResponse.run({ ...r, reasons: JSON.stringify(r.reasons) });
    },
    responsesOf: (accountId: string, invoiceId: string): ReceivedResponse[] =>
      (responsesOf.all(accountId, invoiceId) as ResponseRow[]).map(responseOf),
    /** The latest received response of each of the ids that has one (the Sent list's column). */
    latestResponses(accountId: string, ids: readonly string[]): Map<string, { code: string; reasons: string[] }> {
      const out = new Map<string, { code: string; reasons: string[] }>();
      // Ordered oldest first: the last one set wins.
      for (const r of inIds<{ id: string; code: string; reasons: string }>('r', latestResponseOf, accountId, ids))
        out.set(r.id, { code: r.code, reasons: strings(r.reasons) });
      return out;
    },
    /** Per account, how many sent invoices' latest response rejects or queries them ("Needs a person"). */
    openCounts: (): Map<string, number> => new Map((openCounts.all() as { accountId: string; n: number }[]).map((r) => [r.accountId, r.n])),
    /** Sent invoices whose latest response rejects or queries them: a person has to act ("Needs a person"). */
    openResponses: (accountId: string, limit = 100): ReceivedResponse[] =>
      (openResponses.all(accountId, limit) as ResponseRow[]).map(responseOf),
  };
}

export type InvoiceAnswersRepo = ReturnType<typeof createInvoiceAnswersRepo>;
