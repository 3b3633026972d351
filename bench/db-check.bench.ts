// What checking and backing up the database costs (issue 36, item 8): PRAGMA quick_check at every
// open, integrity_check at most weekly, db.backup() at most daily, on a mirror of n received invoices.
// `tsx bench/db-check.bench.ts [n ...]` (default 100,000 and 1,000,000).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createStore } from '../main/core/store';
import { openDatabase } from '../main/core/store/db';
import { seedInvoices } from './seed-mirror';

const sizes = process.argv.slice(2).map(Number);
for (const n of sizes.length ? sizes : [100_000, 1_000_000]) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-db-check-'));
  try {
    const file = join(dir, 'einvoice-sync.sqlite');
    const store = createStore(file);
    const account = store.accounts.create({
      name: 'Mirror',
      environment: 'sandbox',
      companyId: '00000000-0000-4000-8000-000000000001',
      root: join(dir, 'root'),
    });
    seedInvoices(store, account.id, n);
    // Each received invoice's original and image downloaded, as a mirrored year leaves invoice_files:
    // the largest of the tables checked at every open.
    store.db.exec(`
      INSERT INTO invoice_files (account_id, invoice_id, kind, filename, path, sha256, size, state, created_at, updated_at)
      SELECT account_id, id, k.kind, id || k.ext, '/Inbox/' || id || k.ext, hex(randomblob(32)), 40000, 'done', 0, 0
      FROM invoices, (SELECT 'original' AS kind, '.xml' AS ext UNION ALL SELECT 'image', '.pdf') AS k`);
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.close();
    const mb = statSync(file).size / 1e6;
    const ms = (fn: () => unknown) => {
      const t = performance.now();
      fn();
      return performance.now() - t;
    };
    // Cold: the file's pages not in SQLite's cache (the OS's cache is warm, as after a recent run).
    const cold = (pragma: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return ms(() => db.pragma(pragma));
      } finally {
        db.close();
      }
    };
    // What every read-write open pays now: a whole quick_check up to 16 MB, the engine's own tables beyond.
    const atOpen = [0, 1, 2].map(() => {
      let db: ReturnType<typeof openDatabase> | null = null;
      const t = ms(() => {
        db = openDatabase(file);
      });
      (db as ReturnType<typeof openDatabase> | null)?.close();
      return t;
    });
    const quick = [cold('quick_check'), cold('quick_check'), cold('quick_check')];
    const full = cold('integrity_check');
    const src = new Database(file, { readonly: true });
    const t = performance.now();
    await src.backup(join(dir, 'backup.sqlite'));
    const backupMs = performance.now() - t;
    src.close();
    const f = (x: number) => x.toFixed(0);
    process.stdout.write(
      `n=${n}: ${mb.toFixed(0)} MB; openDatabase ${atOpen.map(f).join(' / ')} ms; whole quick_check ${quick.map(f).join(' / ')} ms; integrity_check ${f(full)} ms; backup ${f(backupMs)} ms\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
