import { basename } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { isIgnoredName } from './files';
import { absolute } from './layout';
import { MAX_SUBFOLDER_DEPTH } from './scan';

/**
 * Watches an account's Outbox. Events are only hints that make the next scan come sooner; missed
 * events (network drives, sleep) are caught by the periodic full scan.
 */
export function watchOutbox(root: string, onHint: () => void, onError: (e: Error) => void): FSWatcher {
  const w = watch(absolute(root, 'Outbox'), {
    ignoreInitial: true,
    // Outbox/Documents/<TYPE>/ and the subfolders below it that the scan takes.
    depth: MAX_SUBFOLDER_DEPTH + 2,
    // A link is a hint like any other entry; the scan refuses it, and nothing behind it is watched.
    followSymlinks: false,
    ignored: (path: string) => path !== absolute(root, 'Outbox') && isIgnoredName(basename(path)),
    awaitWriteFinish: false,
  });
  w.on('add', onHint);
  w.on('change', onHint);
  w.on('unlink', onHint);
  w.on('error', (e) => onError(e as Error));
  return w;
}
