import type { MenuItemConstructorOptions } from 'electron';
import { APP_NAME } from '../core/paths';

export interface MenuActions {
  openLogs(): void;
  openDataFolder(): void;
  checkForUpdates: (() => void) | null;
}

/**
 * The application menu: the standard roles (so copy, paste and window shortcuts work, and macOS has
 * its app menu) plus Help entries for the log and data folders. Reload and developer tools only in
 * development builds.
 */
export function appMenu(o: { platform: NodeJS.Platform; dev: boolean; actions: MenuActions }): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const help: MenuItemConstructorOptions[] = [
    { label: 'Open logs', click: o.actions.openLogs },
    { label: 'Open data folder', click: o.actions.openDataFolder },
  ];
  const check = o.actions.checkForUpdates;
  if (check) help.push({ type: 'separator' }, { label: 'Check for updates', click: () => check() });
  return [
    ...(mac ? [{ label: APP_NAME, role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [mac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { label: 'Edit', role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(o.dev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }] : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { label: 'Window', role: 'windowMenu' },
    { label: 'Help', role: 'help', submenu: help },
  ];
}
