// The database's background checks, on a worker thread with connections of its own (node:worker_threads),
// so that the engine's thread never waits for them (main/core/app/db-care.ts starts it): a backup
// through SQLite's online backup API, then a quick_check of the copy, which checks everything the copy
// holds; or a full integrity_check of the live file.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { checkFindings } from './db';
import { isDamage } from './errors';

export type DbCheckTask = { kind: 'backup'; file: string; dest: string } | { kind: 'integrity'; file: string };
/** `findings` null: nothing wrong. `damage`: the task failed because SQLite found the file damaged. */
export type DbCheckAnswer = { ok: true; findings: string | null } | { ok: false; message: string; damage: boolean };

const port = parentPort;
if (!port) throw new Error('db-check-worker.ts runs only as a worker thread');
const task = workerData as DbCheckTask;

function check(file: string, pragma: 'quick_check' | 'integrity_check'): string | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return checkFindings(db.pragma(pragma) as Record<string, unknown>[]);
  } finally {
    db.close();
  }
}

async function run(): Promise<DbCheckAnswer> {
  if (task.kind === 'integrity') return { ok: true, findings: check(task.file, 'integrity_check') };
  const src = new Database(task.file, { readonly: true, fileMustExist: true });
  try {
    // After the first step the rest goes in one: copied 100 pages at a time, a backup restarts whenever
    // the engine commits meanwhile, and a large mirror under a busy engine might never finish. One step
    // reads one snapshot (WAL: the engine goes on writing), and this thread is free to wait for it.
    await src.backup(task.dest, { progress: () => 2 ** 30 });
  } finally {
    src.close();
  }
  return { ok: true, findings: check(task.dest, 'quick_check') };
}

run().then(
  (a) => port.postMessage(a),
  (e: Error) => port.postMessage({ ok: false, message: e.message, damage: isDamage(e) } satisfies DbCheckAnswer),
);
