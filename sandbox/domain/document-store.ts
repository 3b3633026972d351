import type { Direction, DocumentStatus, DocumentType } from '../../shared/enums';
import type { SandboxContext } from '../context';
import type { Table } from '../store';
import { type IncomingFile, storeFile } from './document-files';
import {
  DOCUMENT_TABLES,
  type DocumentEventRecord,
  type DocumentFileRecord,
  type DocumentParty,
  type DocumentRecord,
  type DocumentReference,
  type FileRefRow,
  type RecipientParty,
  type TransmissionRow,
  transmissionKey,
} from './document-record';
import { applyMove, type MoveResult, type MoveSource } from './document-status';
import { DOCUMENTS } from './records';

export interface NewDocument {
  company_id: string;
  direction: Direction;
  type: DocumentType;
  status: DocumentStatus;
  document_identifier: string | null;
  process_identifier: string | null;
  number: string | null;
  reference: string | null;
  source_format: string;
  sender: DocumentParty;
  recipient: RecipientParty;
  transmission_id: string;
  transmission_at: string | null;
  external_id: string | null;
  network: string | null;
  origin: string;
  references: DocumentReference[];
  primary: IncomingFile;
  attachments: IncomingFile[];
  created_at?: string;
  /** The first event (CREATED for an upload, RECEIVED for a delivery to the company). */
  event: Omit<DocumentEventRecord, 'created_at'>;
}

/** Default order: created_at descending, the later insert first on equal times. */
export const byNewest = (a: DocumentRecord, b: DocumentRecord) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.seq - a.seq;

/**
 * Each company's documents in the default order, so that the common list call (no sort, few
 * filters) slices instead of sorting. Derived from the table and rebuilt whenever the table changed
 * behind its back (a reset, the seed, another Documents instance): checked by size and by one record.
 */
class DocumentIndex {
  private byCompany = new Map<string, DocumentRecord[]>();
  private indexed = -1;
  private probe: DocumentRecord | undefined;
  /** Bumped by every change this index sees; sorted copies of an older generation are dropped. */
  private generation = 0;
  private sortedCache = new Map<string, { generation: number; list: DocumentRecord[] }>();
  constructor(private readonly table: Table<DocumentRecord>) {}

  /** A record changed in place (a status move): orders other than the default may differ now. */
  touch(): void {
    this.generation++;
  }

  private stale(expectedSize: number): boolean {
    if (this.indexed !== expectedSize) return true;
    return this.probe !== undefined && this.table.get(this.probe.id) !== this.probe;
  }

  private rebuild(): void {
    this.byCompany = new Map();
    for (const d of this.table.values()) {
      const list = this.byCompany.get(d.company_id);
      if (list) list.push(d);
      else this.byCompany.set(d.company_id, [d]);
    }
    for (const list of this.byCompany.values()) list.sort(byNewest);
    this.indexed = this.table.size;
    this.probe = this.table.values().next().value;
    this.generation++;
  }

  /** Called after the record was put into the table. */
  added(d: DocumentRecord): void {
    if (this.stale(this.table.size - 1)) {
      this.rebuild();
      return;
    }
    const list = this.byCompany.get(d.company_id) ?? [];
    this.byCompany.set(d.company_id, list);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byNewest(list[mid] as DocumentRecord, d) <= 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, d);
    this.indexed++;
    this.probe ??= d;
    this.generation++;
  }

  of(companyId: string): readonly DocumentRecord[] {
    if (this.stale(this.table.size)) this.rebuild();
    return this.byCompany.get(companyId) ?? [];
  }

  /**
   * The company's documents in another order, sorted once and kept until something changes, so
   * that paging through a sorted list costs a slice per page rather than a sort.
   */
  sorted(companyId: string, key: string, compare: (a: DocumentRecord, b: DocumentRecord) => number): readonly DocumentRecord[] {
    const base = this.of(companyId);
    const k = `${companyId}\u0000${key}`;
    const hit = this.sortedCache.get(k);
    if (hit && hit.generation === this.generation) return hit.list;
    if (this.sortedCache.size >= 64) this.sortedCache.clear();
    const list = [...base].sort(compare);
    this.sortedCache.set(k, { generation: this.generation, list });
    return list;
  }
}

/** Documents and their files, kept in the store's tables; every write of the group goes through here. */
export class Documents {
  readonly table: Table<DocumentRecord>;
  private readonly fileRefs: Table<FileRefRow>;
  private readonly transmissions: Table<TransmissionRow>;
  private readonly counters: Table<{ id: string; value: number }>;
  private readonly index: DocumentIndex;

  constructor(private readonly ctx: SandboxContext) {
    this.table = ctx.store.table<DocumentRecord>(DOCUMENTS);
    this.fileRefs = ctx.store.table<FileRefRow>(DOCUMENT_TABLES.fileRefs);
    this.transmissions = ctx.store.table<TransmissionRow>(DOCUMENT_TABLES.transmissions);
    this.counters = ctx.store.table<{ id: string; value: number }>(DOCUMENT_TABLES.counters);
    this.index = new DocumentIndex(this.table);
  }

  /** The company's document, or undefined for a missing one and for another company's. */
  get(companyId: string, id: string): DocumentRecord | undefined {
    const d = this.table.get(id);
    return d && d.company_id === companyId ? d : undefined;
  }

  byTransmission(companyId: string, transmissionId: string): DocumentRecord | undefined {
    const row = this.transmissions.get(transmissionKey(companyId, transmissionId));
    return row ? this.get(companyId, row.document_id) : undefined;
  }

  newest(companyId: string): readonly DocumentRecord[] {
    return this.index.of(companyId);
  }

  /** All of the company's documents in the order `compare` gives; `key` names that order. */
  sortedBy(companyId: string, key: string, compare: (a: DocumentRecord, b: DocumentRecord) => number): readonly DocumentRecord[] {
    return this.index.sorted(companyId, key, compare);
  }

  file(companyId: string, fileId: string): { doc: DocumentRecord; file: DocumentFileRecord } | undefined {
    const ref = this.fileRefs.get(fileId);
    if (!ref || ref.company_id !== companyId) return undefined;
    const doc = this.get(companyId, ref.document_id);
    const file = doc?.files.find((f) => f.id === fileId);
    return doc && file ? { doc, file } : undefined;
  }

  private nextSeq(): number {
    const value = (this.counters.get('seq')?.value ?? 0) + 1;
    this.counters.put({ id: 'seq', value });
    return value;
  }

  create(input: NewDocument): DocumentRecord {
    const createdAt = input.created_at ?? this.ctx.nowIso();
    const files = [input.primary, ...input.attachments].map((f) => storeFile(this.ctx.store, this.ctx.newId(), f, createdAt));
    const event: DocumentEventRecord = { ...input.event, created_at: createdAt };
    const doc: DocumentRecord = {
      id: this.ctx.newId(),
      company_id: input.company_id,
      direction: input.direction,
      type: input.type,
      status: input.status,
      document_identifier: input.document_identifier,
      process_identifier: input.process_identifier,
      reference: input.reference,
      number: input.number,
      sender: input.sender,
      recipient: input.recipient,
      created_at: createdAt,
      delivered_at: input.direction === 'RECEIVED' ? createdAt : null,
      received_at: input.direction === 'RECEIVED' ? createdAt : null,
      last_event: event,
      source_format: input.source_format,
      supported_formats: [input.source_format],
      transmission_id: input.transmission_id,
      transmission_at: input.transmission_at,
      network: input.network,
      origin: input.origin,
      external_id: input.external_id,
      files,
      references: input.references,
      events: [event],
      seq: this.nextSeq(),
    };
    this.table.put(doc);
    for (const f of files) this.fileRefs.put({ id: f.id, document_id: doc.id, company_id: doc.company_id });
    this.transmissions.put({ id: transmissionKey(doc.company_id, doc.transmission_id), document_id: doc.id });
    this.index.added(doc);
    return doc;
  }

  /** Apply a status move through the machine and keep the result; the record is changed in place. */
  move(doc: DocumentRecord, to: DocumentStatus, by: MoveSource, message?: string, at?: string): MoveResult {
    const r = applyMove(doc, to, by, at ?? this.ctx.nowIso(), message);
    if (r.ok) {
      this.table.update(doc.id, (d) => {
        d.status = r.state.status;
        d.delivered_at = r.state.delivered_at;
        d.last_event = r.state.last_event;
        d.events = r.state.events;
      });
      this.index.touch();
    }
    return r;
  }
}
