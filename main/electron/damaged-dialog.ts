import { backupTime } from '../core/app/db-care';
import type { Logger } from '../core/log';
import { APP_NAME } from '../core/paths';

export type WayOut = 'restore' | 'rebuild' | 'quit';

export interface DamagedDialog {
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  /** The way out of each button, in order. */
  ways: WayOut[];
  defaultId: number;
  cancelId: number;
}

/** The dialog of a damaged database: restore (only when a backup exists), rebuild, or quit. */
export function damagedDialog(message: string, backupAt: number | null): DamagedDialog {
  const ways: WayOut[] = backupAt === null ? ['rebuild', 'quit'] : ['restore', 'rebuild', 'quit'];
  const label: Record<WayOut, string> = {
    restore: backupAt === null ? '' : `Restore the backup of ${backupTime(backupAt)}`,
    rebuild: 'Rebuild from the service and folders',
    quit: 'Quit',
  };
  return {
    title: `${APP_NAME}: the database is damaged`,
    message: 'The database cannot be trusted. Your invoice files are safe.',
    detail:
      `${message}\n\n` +
      (backupAt === null ? '' : 'Restoring puts the last good backup in place; the next sync fetches what came since. ') +
      'Rebuilding keeps your accounts and their settings and fetches the invoices again. Neither sends anything twice; the damaged file is kept aside.',
    buttons: ways.map((w) => label[w]),
    ways,
    defaultId: 0,
    cancelId: ways.length - 1,
  };
}

export interface WaysOutOptions {
  engine: { damaged: { backupAt: number | null } | null; repair(way: 'restore' | 'rebuild'): Promise<void> };
  /** Shows the dialog; answers the index of the button chosen. */
  show(d: DamagedDialog): Promise<number>;
  log: Logger;
}

/**
 * Offers the ways out while the engine refuses a damaged database, until one works (true) or the
 * user quits (false). A way that fails comes back in the next dialog's text, with the other way.
 */
export async function offerWaysOut(first: string, o: WaysOutOptions): Promise<boolean> {
  let message = first;
  while (o.engine.damaged) {
    const d = damagedDialog(message, o.engine.damaged.backupAt);
    const way = d.ways[await o.show(d)] ?? 'quit';
    if (way === 'quit') return false;
    o.log.warn('the user chose a way out of a damaged database', { way });
    try {
      await o.engine.repair(way);
      return true;
    } catch (e) {
      message = (e as Error).message;
      if (!o.engine.damaged) throw e;
    }
  }
  return false;
}
