import type { MenuItemConstructorOptions } from 'electron';
import { APP_NAME } from '../core/paths';
import { summarize, type TrayView } from './tray-state';

export interface TrayActions {
  showWindow(): void;
  syncNow(): void;
  setPaused(paused: boolean): void;
  openFolder(root: string): void;
  openLogs(): void;
  quit(): void;
}

/** The tray's (macOS: menu bar's) menu for the current state. */
export function trayMenu(v: TrayView, a: TrayActions): MenuItemConstructorOptions[] {
  const s = summarize(v);
  const running = v.engine === 'running';
  const folders: MenuItemConstructorOptions =
    v.accounts.length === 1 && v.accounts[0]
      ? { label: 'Open folder', click: () => a.openFolder(v.accounts[0]!.root) }
      : {
          label: 'Open folder',
          enabled: v.accounts.length > 0,
          submenu: v.accounts.map((acc) => ({ label: acc.name, click: () => a.openFolder(acc.root) })),
        };
  return [
    { label: `${APP_NAME}: ${s.label}`, enabled: false },
    { type: 'separator' },
    { label: `Open ${APP_NAME}`, click: a.showWindow },
    { label: 'Sync now', enabled: running && v.accounts.length > 0 && !s.allPaused, click: a.syncNow },
    s.allPaused
      ? { label: 'Resume syncing', enabled: running, click: () => a.setPaused(false) }
      : { label: 'Pause syncing', enabled: running && v.accounts.length > 0, click: () => a.setPaused(true) },
    folders,
    { type: 'separator' },
    { label: 'Open logs', click: a.openLogs },
    { label: `Quit ${APP_NAME}`, click: a.quit },
  ];
}

/** The part of Electron's Tray used here. */
export interface TrayLike {
  setToolTip(text: string): void;
  setContextMenu(menu: unknown): void;
}

/**
 * Keeps the tray's tooltip and menu in step with the view. The menu is rebuilt only when what it
 * shows changes: progress events arrive many times a second during a big sync.
 */
export function trayUpdater(tray: TrayLike, buildMenu: (template: MenuItemConstructorOptions[]) => unknown, actions: TrayActions) {
  let shown = '';
  return (v: TrayView) => {
    const s = summarize(v);
    const key = JSON.stringify([v.engine, s.label, s.allPaused, v.accounts.map((acc) => [acc.id, acc.name, acc.root, acc.paused])]);
    if (key === shown) return;
    shown = key;
    tray.setToolTip(`${APP_NAME}: ${s.label}`);
    tray.setContextMenu(buildMenu(trayMenu(v, actions)));
  };
}
