import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WINDOWS_MAX_PATH } from '../../../../shared/doctor';
import { ERROR_NOTE_SUFFIX } from '../error-note';
import { FOLDERS, subfolderOf, typeFolderOf } from '../layout';
import { type AttributeProbe, isOnlineOnly } from './cloud';

/** The most entries one look walks: a root of years of received files is looked at in a few seconds, not minutes. */
export const WALK_CAP = 20_000;
/** How many examples a finding names. */
export const EXAMPLES = 5;

export interface WalkFindings {
  collisions: { folder: string; names: string[] }[];
  longPaths: { path: string; length: number }[];
  longCount: number;
  onlineOnly: string[];
  onlineCount: number;
  looked: number;
  truncated: boolean;
}

/**
 * How long a path under `root` is as Windows counts it (UTF-16 units, one separator between parts): the
 * same on every system, so a root on a share that Windows computers also use is judged as they see it.
 */
export function windowsLength(root: string, rel: string): number {
  const base = root.replace(/[\\/]+$/, '');
  return base.length + 1 + rel.length;
}

/** The places the app gives a file of the Outbox: where it is, Sent/ when sent, Failed/ with its note when refused. */
export function placesOf(rel: string): string[] {
  if (!typeFolderOf(rel)) return [rel];
  const sub = subfolderOf(rel);
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const inside = sub ? `${sub}/${name}` : name;
  return [rel, `${FOLDERS.sent}/${inside}`, `${FOLDERS.failed}/${inside}${ERROR_NOTE_SUFFIX}`];
}

/** Two names one folder cannot hold on a case-insensitive volume (Windows, macOS): the same letters in another case. */
const foldKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Walks the root (no link followed, WALK_CAP entries at most): names that collide without case in each
 * folder, paths of WINDOWS_MAX_PATH or more (a file's own, and where the app would move it), and files
 * the probe calls online-only.
 */
export async function walkRoot(root: string, probe: AttributeProbe, skip: (name: string) => boolean): Promise<WalkFindings> {
  const out: WalkFindings = { collisions: [], longPaths: [], longCount: 0, onlineOnly: [], onlineCount: 0, looked: 0, truncated: false };
  const queue: string[] = [''];
  while (queue.length > 0) {
    const rel = queue.shift() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(rel ? join(root, ...rel.split('/')) : root, { withFileTypes: true });
    } catch {
      continue; // gone, or not ours to read: the doctor reports what it can see
    }
    const byKey = new Map<string, string[]>();
    for (const e of entries) {
      if (skip(e.name)) continue;
      const key = foldKey(e.name);
      byKey.set(key, [...(byKey.get(key) ?? []), e.name]);
    }
    for (const names of byKey.values()) if (names.length > 1) out.collisions.push({ folder: rel || '.', names: names.sort() });
    for (const e of entries) {
      if (skip(e.name)) continue;
      if (++out.looked > WALK_CAP) {
        out.truncated = true;
        return out;
      }
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        queue.push(childRel);
        continue;
      }
      if (!e.isFile()) continue;
      for (const place of placesOf(childRel)) {
        const length = windowsLength(root, place);
        if (length < WINDOWS_MAX_PATH) continue;
        out.longCount++;
        if (out.longPaths.length < EXAMPLES) out.longPaths.push({ path: place, length });
        break;
      }
      const abs = join(root, ...childRel.split('/'));
      const s = await lstat(abs).catch(() => null);
      if (!s) continue;
      const attrs = await probe(abs, { size: s.size, blocks: s.blocks }).catch(() => null);
      if (isOnlineOnly(attrs)) {
        out.onlineCount++;
        if (out.onlineOnly.length < EXAMPLES) out.onlineOnly.push(childRel);
      }
    }
  }
  return out;
}
