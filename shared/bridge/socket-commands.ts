import type { CommandName } from './commands';

/**
 * Commands the headless page may send over its event socket (main/core/host/README.md): the ones that
 * only read the local mirror and change nothing, so the page can send one again by POST when the
 * socket goes away before its answer. These are what typing in a search and the Overview ask for;
 * from Chromium a socket message went and came back in 2.3 ms (p50) where a fetch took 11.8 ms.
 */
const SOCKET_COMMANDS: ReadonlySet<string> = new Set<CommandName>([
  'app.info',
  'accounts.list',
  'sync.status',
  'activity.list',
  'overview.needsPerson',
  'invoices.list',
  'invoices.totals',
  'documents.list',
  'bankMessages.list',
  'outbox.list',
]);

export const isSocketCommand = (name: unknown): name is CommandName => typeof name === 'string' && SOCKET_COMMANDS.has(name);

/** The largest command frame in bytes the host takes on the socket (its maxPayload); a longer input goes by POST. */
export const MAX_SOCKET_FRAME = 4096;
