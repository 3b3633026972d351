import { extname } from 'node:path';

// Received files come from strangers: an attachment could be a program or a script. Only document
// and image types open with the system's program; anything else is shown in its folder instead.
const OPENS = new Set(['.pdf', '.xml', '.png', '.jpg', '.jpeg', '.gif', '.tif', '.tiff', '.bmp', '.webp', '.txt', '.csv', '.json']);

export type OpenDecision = 'open' | 'reveal';

export const openDecision = (path: string): OpenDecision => (OPENS.has(extname(path).toLowerCase()) ? 'open' : 'reveal');

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
