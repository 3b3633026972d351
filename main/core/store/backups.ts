import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** How many daily backups are kept: a week's worth. */
export const BACKUPS_KEPT = 7;
const NAME = /^einvoice-sync-(\d{4})-(\d\d)-(\d\d)T(\d\d)(\d\d)(\d\d)Z\.sqlite$/;

export interface Backup {
  file: string;
  /** ms since the epoch, from its name. */
  takenAt: number;
}

/** A backup's name says when it was taken (UTC), so the newest is found without opening any. */
export function backupName(now: number): string {
  const iso = new Date(now).toISOString();
  return `einvoice-sync-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.sqlite`;
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return names
    .flatMap((n) => {
      const m = NAME.exec(n);
      if (!m) return [];
      const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
      return [{ file: join(dir, n), takenAt: Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) }];
    })
    .sort((a, b) => b.takenAt - a.takenAt);
}

/** Where a backup is written before it is checked: never taken for one by listBackups. */
export function backupPart(dir: string, now: number): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, `${backupName(now)}.part`);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A checked copy takes its name (readable by the user only: it holds the whole mirror), then the oldest go. */
export function keepBackup(part: string): string {
  const final = part.replace(/\.part$/, '');
  chmodSync(part, 0o600);
  fsyncPath(part);
  renameSync(part, final);
  return final;
}

/** Removes all but the newest `keep` backups, and copies left half-written. */
export function pruneBackups(dir: string, keep = BACKUPS_KEPT): void {
  for (const b of listBackups(dir).slice(keep)) rmSync(b.file, { force: true });
  for (const n of readdirSync(dir)) if (n.endsWith('.sqlite.part')) rmSync(join(dir, n), { force: true });
}

/** Moves a database and its WAL and shared-memory files aside, into `dir`, under names that say when. */
export function moveAside(file: string, dir: string, now: number): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = backupName(now)
    .replace(/^einvoice-sync-/, '')
    .replace(/\.sqlite$/, '');
  const base = join(dir, `einvoice-sync-${stamp}`);
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      renameSync(`${file}${suffix}`, `${base}.sqlite${suffix}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return `${base}.sqlite`;
}

export { fsyncPath };
