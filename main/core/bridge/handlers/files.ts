import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { invalid, needsUser } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf } from './common';

/** Bigger files are opened with the system's program, not carried through the bridge. */
const MAX_READ_BYTES = 50 * 1024 * 1024;

// Only types the renderer shows inline; anything else (HTML included) is plain bytes, never a page.
const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.zip': 'application/zip',
};

function granted(d: BridgeDeps, accountId: string, path: string): string {
  const account = accountOf(d, accountId);
  const ok = d.grants.check(account.id, path, account.root);
  if (!ok) {
    throw invalid('This file is not one of the account’s downloaded files (open the item again to get its files)', {
      path: 'not a file this account recorded',
    });
  }
  return ok;
}

export function fileHandlers(d: BridgeDeps): Pick<Handlers, 'files.read' | 'files.open'> {
  return {
    'files.read': async (input) => {
      const path = granted(d, input.accountId, input.path);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw needsUser(`The file is no longer on disk (${basename(path)})`);
      if (info.size > MAX_READ_BYTES)
        throw needsUser(`The file is larger than ${MAX_READ_BYTES / 1024 / 1024} MB; open it from the folder instead`);
      const bytes = await readFile(path);
      return {
        filename: basename(path),
        contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
        base64: bytes.toString('base64'),
      };
    },
    'files.open': async (input) => {
      const path = granted(d, input.accountId, input.path);
      if (!d.host.openFile) return { opened: false };
      return { opened: await d.host.openFile(path) };
    },
  };
}
