import type { BankMessageKind, BankMessageType } from '../../shared/enums';
import type { SandboxContext } from '../context';
import type { Table } from '../store';
import { errorMessageXml, MESSAGE_ROOTS } from './bank-content';
import { sha256, sniffFile } from './document-files';
import { decodeXml, xmlProblem } from './document-xml';

export const BANK_MESSAGES = 'fi_bank_messages';

/** A Finnish bank message of the consumer e-invoice service; the content lives in the blob store. */
export interface BankMessageRecord {
  id: string;
  company_id: string;
  kind: BankMessageKind;
  message_type: BankMessageType | null;
  /** ISO time the message was received (ri, error) or sent (sent); the list windows use it. */
  timestamp: string;
  filename: string;
  mimetype: string;
  blob: string;
  size: number;
  sha256: string;
  /** Sent messages only: OK, or ERROR with the error message that says why. */
  status: 'OK' | 'ERROR' | null;
  error_message_id: string | null;
  /** Error messages only: the sent message they are about. */
  original_message_id: string | null;
}

export interface NewBankMessage {
  company_id: string;
  kind: BankMessageKind;
  content: Buffer;
  filename?: string;
  message_type?: BankMessageType | null;
  timestamp?: string;
  original_message_id?: string;
}

/** Why a sent file cannot go to the banks, or its message type. */
export function checkSentMessage(content: Buffer): { ok: true; type: BankMessageType } | { ok: false; code: string; text: string } {
  const xml = decodeXml(content);
  const problem = xmlProblem(xml);
  if (problem) return { ok: false, code: 'NOT_WELL_FORMED', text: `The message is not well-formed XML: ${problem}` };
  const root = /<([A-Za-z_][\w.-]*)[\s/>]/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1] ?? '';
  const type = MESSAGE_ROOTS[root];
  if (!type) {
    return {
      ok: false,
      code: 'UNKNOWN_MESSAGE_TYPE',
      text: `The root element ${root || '(none)'} is not a bank message (FinvoiceSenderInfo, FinvoiceReceiverInfo or ReceiverProposal)`,
    };
  }
  return { ok: true, type };
}

export class BankMessages {
  readonly table: Table<BankMessageRecord>;
  constructor(private readonly ctx: SandboxContext) {
    this.table = ctx.store.table<BankMessageRecord>(BANK_MESSAGES);
  }

  get(companyId: string, id: string, kind?: BankMessageKind): BankMessageRecord | undefined {
    const m = this.table.get(id);
    return m && m.company_id === companyId && (!kind || m.kind === kind) ? m : undefined;
  }

  content(m: BankMessageRecord): Buffer | undefined {
    return this.ctx.store.blobs.get(m.blob);
  }

  /** Ids of the company's messages of a kind inside [start, end], oldest first. */
  ids(companyId: string, kind: BankMessageKind, start: number, end: number, types?: readonly BankMessageType[]): string[] {
    const s = new Date(start).toISOString();
    const e = new Date(end).toISOString();
    return this.table
      .filter(
        (m) =>
          m.company_id === companyId &&
          m.kind === kind &&
          m.timestamp >= s &&
          m.timestamp <= e &&
          (!types || (m.message_type !== null && types.includes(m.message_type))),
      )
      .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0))
      .map((m) => m.id);
  }

  delete(m: BankMessageRecord): void {
    this.table.delete(m.id);
    this.ctx.store.blobs.delete(m.blob);
  }

  /**
   * Store a message. A sent message is checked at once: a file the banks could not read is ERROR and
   * gets an error message (kind error) of its own, which the error list then shows.
   */
  create(input: NewBankMessage): BankMessageRecord {
    const id = this.ctx.newId();
    const timestamp = input.timestamp ?? this.ctx.nowIso();
    let type = input.message_type ?? null;
    let status: BankMessageRecord['status'] = null;
    let errorId: string | null = null;
    if (input.kind === 'sent') {
      const check = checkSentMessage(input.content);
      if (check.ok) {
        type ??= check.type;
        status = 'OK';
      } else {
        status = 'ERROR';
        const at = new Date(Date.parse(timestamp) + 1000).toISOString();
        const errorMessageId = this.ctx.newId();
        const xml = errorMessageXml({ id, type, timestamp }, check.code, check.text, at, errorMessageId);
        errorId = this.store({
          id: errorMessageId,
          company_id: input.company_id,
          kind: 'error',
          content: Buffer.from(xml),
          filename: `error_${errorMessageId}.xml`,
          message_type: null,
          timestamp: at,
          status: null,
          error_message_id: null,
          original_message_id: id,
        }).id;
      }
    }
    return this.store({
      id,
      company_id: input.company_id,
      kind: input.kind,
      content: input.content,
      filename: input.filename ?? `${input.kind}_${id}.xml`,
      message_type: type,
      timestamp,
      status,
      error_message_id: errorId,
      original_message_id: input.original_message_id ?? null,
    });
  }

  private store(
    m: Omit<BankMessageRecord, 'mimetype' | 'blob' | 'size' | 'sha256'> & { content: Buffer; filename: string },
  ): BankMessageRecord {
    const { content, ...rest } = m;
    const blob = `fi-bank-message/${m.id}`;
    this.ctx.store.blobs.put(blob, content);
    return this.table.put({
      ...rest,
      mimetype: sniffFile(content, m.filename, 'application/octet-stream').mimetype,
      blob,
      size: content.length,
      sha256: sha256(content),
    });
  }
}
