import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, extname, isAbsolute, relative, sep } from 'node:path';
import type { AccountFolder } from '../../../../shared/bridge/commands';
import { absolute, FOLDERS } from '../../sync/layout';
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

/** The account folders a user opens from the app, relative to its root (the layout's top folders). */
const FOLDER_OF: Record<AccountFolder, string> = {
  root: '',
  inbox: FOLDERS.inboxInvoices.split('/')[0] ?? 'Inbox',
  outbox: FOLDERS.outboxInvoices.split('/')[0] ?? 'Outbox',
  sent: FOLDERS.sent,
};

/**
 * One of the account's folders, once it is checked to be a folder on disk inside the account's root
 * as the disk resolves it: a folder that is a link out of the root is not opened.
 */
async function accountFolder(d: BridgeDeps, accountId: string, folder: AccountFolder): Promise<string> {
  const account = accountOf(d, accountId);
  const path = absolute(account.root, FOLDER_OF[folder]);
  const [root, real] = await Promise.all([realpath(account.root).catch(() => null), realpath(path).catch(() => null)]);
  const info = real ? await stat(real).catch(() => null) : null;
  if (!root || !real || !info?.isDirectory()) throw needsUser(`The folder ${FOLDER_OF[folder] || 'of the account'} is not there (${path})`);
  const rel = relative(root, real);
  if ((rel === '' && folder !== 'root') || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw invalid(`The folder ${FOLDER_OF[folder]} leads out of the account's folder`, { folder: 'not inside the account folder' });
  }
  return real;
}

export function fileHandlers(d: BridgeDeps): Pick<Handlers, 'files.read' | 'files.open' | 'files.showInFolder' | 'files.openFolder'> {
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
    /** The same check as files.open, and the file must still be there: a folder is not shown for a file gone. */
    'files.showInFolder': async (input) => {
      const path = granted(d, input.accountId, input.path);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw needsUser(`The file is no longer on disk (${basename(path)})`);
      return { shown: d.host.showInFolder ? await d.host.showInFolder(path) : false, path };
    },
    'files.openFolder': async (input) => {
      const path = await accountFolder(d, input.accountId, input.folder);
      return { opened: d.host.openFolder ? await d.host.openFolder(path) : false, path };
    },
  };
}
