import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, sep } from 'node:path';

/*
 * "Show in folder" on the machine the app runs on. Both hosts reveal only what the bridge already
 * checked belongs to an account (a recorded file, a folder of its root); this is the last check before
 * the system is asked, and the asking itself. Nothing is ever launched: a file is shown in its folder,
 * a folder is opened as a folder, and a macOS bundle (a folder named *.app, which `open` would start)
 * is refused wherever it appears in the path.
 */

/** Why a path is not shown. */
export type RevealRefusal = 'not_absolute' | 'missing' | 'outside_roots' | 'bundle';

export type RevealTarget = { ok: true; path: string; isFolder: boolean } | { ok: false; why: RevealRefusal };

const isBundle = (part: string) => /\.app$/i.test(part);

/** Whether any part of the path is a macOS application bundle. */
export function hasBundle(path: string): boolean {
  return path.split(/[\\/]+/).some(isBundle);
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * The path as the disk resolves it, if it lies inside one of the account roots as the disk resolves
 * them: a link that leads out of a root is refused, as is a bundle anywhere along the way.
 */
export async function revealTarget(path: string, roots: readonly string[]): Promise<RevealTarget> {
  if (!isAbsolute(path)) return { ok: false, why: 'not_absolute' };
  const real = await realpath(path).catch(() => null);
  const info = real ? await stat(real).catch(() => null) : null;
  if (!real || !info) return { ok: false, why: 'missing' };
  const realRoots = (await Promise.all(roots.map((r) => realpath(r).catch(() => null)))).filter((r): r is string => r !== null);
  if (!realRoots.some((r) => inside(r, real))) return { ok: false, why: 'outside_roots' };
  if (hasBundle(path) || hasBundle(real)) return { ok: false, why: 'bundle' };
  return { ok: true, path: real, isFolder: info.isDirectory() };
}

export interface Opener {
  command: string;
  args: string[];
}

/**
 * The system's own file manager, by platform: Explorer and Finder select a file in its folder; on
 * Linux the folder itself is opened (xdg-open of a file would start the file's program). Null where
 * nothing can be shown: a Linux machine without a display.
 */
export function openerFor(target: { path: string; isFolder: boolean }, platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Opener | null {
  // Our own test boundary: a harmless program that stands in for the file manager.
  const stand = env.EINVOICE_REVEAL_COMMAND;
  const folder = target.isFolder ? target.path : dirname(target.path);
  if (platform === 'darwin') return { command: stand || 'open', args: target.isFolder ? [folder] : ['-R', target.path] };
  if (platform === 'win32') return { command: stand || 'explorer.exe', args: target.isFolder ? [folder] : [`/select,${target.path}`] };
  if (stand) return { command: stand, args: [folder] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { command: 'xdg-open', args: [folder] };
}

/**
 * Asks the file manager to show the target; true when the command started and ended well. With
 * execFile and its arguments, never a shell: a name with quotes or semicolons is only a name.
 */
export function runOpener(o: Opener, timeoutMs = 15_000): Promise<boolean> {
  return new Promise((resolve) => {
    const child = execFile(o.command, o.args, { timeout: timeoutMs, windowsHide: true }, (error) => {
      // Explorer answers 1 even when it did show the folder.
      resolve(!error || (o.command === 'explorer.exe' && (error as { code?: unknown }).code === 1));
    });
    child.on('error', () => resolve(false));
  });
}

/**
 * Shows `path` (a file in its folder, or a folder) if it lies in one of `roots`; false where this
 * machine cannot (no display, no file manager): the caller then hands the path to the user.
 */
export async function reveal(
  path: string,
  roots: readonly string[],
  o: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv; run?: (o: Opener) => Promise<boolean> } = {},
): Promise<boolean> {
  const target = await revealTarget(path, roots);
  if (!target.ok) return false;
  const opener = openerFor(target, o.platform ?? process.platform, o.env ?? process.env);
  if (!opener) return false;
  return (o.run ?? runOpener)(opener);
}
