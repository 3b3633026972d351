import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { isBundleName, runsCode } from '../../shared/filenames';

// Received files come from strangers: an attachment could be a program or a script. Only document
// and image types open with the system's program; anything else is shown in its folder instead.
const OPENS = new Set(['.pdf', '.xml', '.png', '.jpg', '.jpeg', '.gif', '.tif', '.tiff', '.bmp', '.webp', '.txt', '.csv', '.json']);

export type OpenDecision = 'open' | 'reveal';

export const openDecision = (path: string): OpenDecision => (OPENS.has(extname(path).toLowerCase()) && !runsCode(path) ? 'open' : 'reveal');

/** The part of Electron's shell used here. */
export interface ShellLike {
  openPath(path: string): Promise<string>;
  showItemInFolder(path: string): void;
}

/** Opens a file the bridge has already checked belongs to the account (FileGrants). */
export async function openFileSafely(shell: ShellLike, path: string): Promise<boolean> {
  if (openDecision(path) === 'reveal') {
    shell.showItemInFolder(path);
    return true;
  }
  // openPath answers an error message, or '' when the file was opened.
  return (await shell.openPath(path)) === '';
}

/**
 * Opens a folder in the system's file manager, but never as a program: a folder named like a macOS
 * bundle (`Tool.app`, `Setup.pkg`), or anything that is not a folder at all (an `.exe` the path was
 * swapped for), is shown in its parent instead, where nothing runs.
 */
export async function openFolderSafely(
  shell: ShellLike,
  path: string,
  isFolder: (path: string) => Promise<boolean> = async (p) => (await stat(p)).isDirectory(),
): Promise<boolean> {
  if (isBundleName(basename(path)) || !(await isFolder(path).catch(() => false))) {
    shell.showItemInFolder(path);
    return true;
  }
  return (await shell.openPath(path)) === '';
}
