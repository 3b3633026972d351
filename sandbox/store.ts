import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The sandbox's state: in-memory tables of JSON records, written through to SQLite when the sandbox
 * runs with `--data DIR` so that a restart keeps everything. Memory is the source of reads, so list
 * pages cost no I/O; every write is one small synchronous statement.
 */
export interface Row {
  id: string;
}

interface Persistence {
  put(table: string, id: string, json: string): void;
  del(table: string, id: string): void;
  putBlob(id: string, data: Buffer): void;
  delBlob(id: string): void;
  load(table: string): Iterable<{ id: string; json: string }>;
  loadBlobs(): Iterable<{ id: string; data: Buffer }>;
  clear(): void;
  close(): void;
}

function openPersistence(dir: string): Persistence {
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, 'sandbox.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS rows (tbl TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (tbl, id));
           CREATE TABLE IF NOT EXISTS blobs (id TEXT PRIMARY KEY, data BLOB NOT NULL);`);
  const put = db.prepare('INSERT OR REPLACE INTO rows (tbl, id, json) VALUES (?, ?, ?)');
  const del = db.prepare('DELETE FROM rows WHERE tbl = ? AND id = ?');
  const putBlob = db.prepare('INSERT OR REPLACE INTO blobs (id, data) VALUES (?, ?)');
  const delBlob = db.prepare('DELETE FROM blobs WHERE id = ?');
  const load = db.prepare('SELECT id, json FROM rows WHERE tbl = ? ORDER BY rowid');
  const loadBlobs = db.prepare('SELECT id, data FROM blobs');
  return {
    put: (t, id, json) => void put.run(t, id, json),
    del: (t, id) => void del.run(t, id),
    putBlob: (id, data) => void putBlob.run(id, data),
    delBlob: (id) => void delBlob.run(id),
    load: (t) => load.iterate(t) as Iterable<{ id: string; json: string }>,
    loadBlobs: () => loadBlobs.iterate() as Iterable<{ id: string; data: Buffer }>,
    clear: () => void db.exec('DELETE FROM rows; DELETE FROM blobs;'),
    close: () => db.close(),
  };
}

/** One table of records keyed by id, in insertion order. */
export class Table<T extends Row> {
  private readonly rows = new Map<string, T>();
  constructor(
    readonly name: string,
    private readonly persistence: Persistence | undefined,
  ) {
    if (persistence) for (const r of persistence.load(name)) this.rows.set(r.id, JSON.parse(r.json) as T);
  }
  get(id: string): T | undefined {
    return this.rows.get(id);
  }
  has(id: string): boolean {
    return this.rows.has(id);
  }
  /** Insert or replace; the caller passes the whole record. */
  put(row: T): T {
    this.rows.set(row.id, row);
    this.persistence?.put(this.name, row.id, JSON.stringify(row));
    return row;
  }
  /** Apply a change to a stored record and persist it. */
  update(id: string, change: (row: T) => void): T | undefined {
    const row = this.rows.get(id);
    if (!row) return undefined;
    change(row);
    return this.put(row);
  }
  delete(id: string): boolean {
    const had = this.rows.delete(id);
    if (had) this.persistence?.del(this.name, id);
    return had;
  }
  values(): IterableIterator<T> {
    return this.rows.values();
  }
  filter(pred: (row: T) => boolean): T[] {
    const out: T[] = [];
    for (const r of this.rows.values()) if (pred(r)) out.push(r);
    return out;
  }
  find(pred: (row: T) => boolean): T | undefined {
    for (const r of this.rows.values()) if (pred(r)) return r;
    return undefined;
  }
  get size(): number {
    return this.rows.size;
  }
  clearMemory(): void {
    this.rows.clear();
  }
}

/** File contents, kept apart from records so that listing records never copies bytes. */
export class BlobStore {
  private readonly blobs = new Map<string, Buffer>();
  constructor(private readonly persistence: Persistence | undefined) {
    if (persistence) for (const b of persistence.loadBlobs()) this.blobs.set(b.id, Buffer.from(b.data));
  }
  get(id: string): Buffer | undefined {
    return this.blobs.get(id);
  }
  put(id: string, data: Buffer): void {
    this.blobs.set(id, data);
    this.persistence?.putBlob(id, data);
  }
  delete(id: string): void {
    this.blobs.delete(id);
    this.persistence?.delBlob(id);
  }
  clearMemory(): void {
    this.blobs.clear();
  }
}

export class SandboxStore {
  private readonly persistence: Persistence | undefined;
  private readonly tables = new Map<string, Table<Row>>();
  readonly blobs: BlobStore;

  constructor(dataDir?: string) {
    this.persistence = dataDir ? openPersistence(dataDir) : undefined;
    this.blobs = new BlobStore(this.persistence);
  }

  /** The table of that name, created (and loaded from disk) on first use. */
  table<T extends Row>(name: string): Table<T> {
    let t = this.tables.get(name);
    if (!t) {
      t = new Table<Row>(name, this.persistence);
      this.tables.set(name, t);
    }
    return t as unknown as Table<T>;
  }

  /** Forget everything except the named tables (the signing key survives a reset). */
  reset(keep: readonly string[] = []): void {
    const kept = keep.map((name) => [...this.table(name).values()].map((r) => ({ name, r })));
    for (const t of this.tables.values()) t.clearMemory();
    this.blobs.clearMemory();
    this.persistence?.clear();
    for (const { name, r } of kept.flat()) this.table(name).put(r);
  }

  close(): void {
    this.persistence?.close();
  }
}
