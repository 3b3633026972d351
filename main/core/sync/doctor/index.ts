import { realpath } from 'node:fs/promises';
import { type DoctorFinding, type DoctorFindingView, type DoctorReport, WINDOWS_MAX_PATH } from '../../../../shared/doctor';
import { MAX_NAME_BYTES } from '../../../../shared/filenames';
import { type InboxLayout, MAX_SENDER_FOLDER_BYTES } from '../../../../shared/inbox-layout';
import { FOLDERS } from '../layout';
import { ROOT_MARKER } from '../root-guard';
import { type AttributeProbe, cloudFolderOf, statProbe } from './cloud';
import { type NetworkListings, networkShareOf, readListings } from './network';
import { EXAMPLES, walkRoot, windowsLength } from './walk';

export { type AttributeProbe, FILE_ATTRIBUTE, statProbe } from './cloud';

export interface DoctorInput {
  accountId: string | null;
  root: string;
  inboxLayout: InboxLayout;
  /** How often the runner looks at the whole Outbox without any event (RunnerOptions.scanIntervalMs). */
  scanIntervalMs: number;
  /** Files the runner finds locked now (the engine's pending files): said as a finding of their own. */
  locked?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** Reads a file's Windows attributes (tests give a fake one); default: what `stat` tells on every system. */
  probe?: AttributeProbe;
  /** The mount and share listings (tests give text); default: this computer's. */
  listings?: NetworkListings;
  now?: () => number;
}

/** The longest folder under the root the app writes received files into, with the layout's subfolders. */
function longestInboxFolder(layout: InboxLayout): number {
  const tops = [FOLDERS.inboxInvoices, FOLDERS.inboxDocuments, FOLDERS.inboxBankMessages, FOLDERS.sentInvoiceFiles];
  const top = Math.max(...tops.map((t) => t.length));
  const sub = layout === 'flat' ? 0 : layout === 'sender' ? MAX_SENDER_FOLDER_BYTES + 1 : layout === 'year' ? 'Undated'.length + 1 : 8;
  return top + sub;
}

/** " (99)": the suffix a taken name gets. */
const NUMBERED = 5;

/**
 * Looks at an account's folder the way the folder-sync tools' users wish someone had: in a cloud-synced
 * folder (online-only files fire no events and are fetched when read), on a network share (events may
 * not arrive), paths too long for Windows, names that collide without case, files locked by another
 * program. Reads only; answers findings with stable codes, each with its English sentence.
 */
export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const root = await realpath(input.root).catch(() => input.root);
  const findings: DoctorFinding[] = [];
  const cloud = cloudFolderOf(input.root, input.env ?? process.env) ?? (root !== input.root ? cloudFolderOf(root, input.env) : null);
  if (cloud) findings.push({ code: 'cloud-folder', provider: cloud.provider, path: cloud.path });
  const share = networkShareOf(root, input.listings ?? (await readListings()));
  if (share) findings.push({ code: 'network-share', ...share, scanSeconds: Math.round(input.scanIntervalMs / 1000) });

  const walk = await walkRoot(root, input.probe ?? statProbe, (n) => n.startsWith(ROOT_MARKER));
  if (walk.onlineCount > 0) findings.push({ code: 'online-only', count: walk.onlineCount, examples: walk.onlineOnly });
  if (walk.longCount > 0) findings.push({ code: 'long-paths', count: walk.longCount, examples: walk.longPaths });
  const longest = windowsLength(
    input.root,
    `${'x'.repeat(longestInboxFolder(input.inboxLayout))}/${'x'.repeat(MAX_NAME_BYTES + NUMBERED)}`,
  );
  if (longest >= WINDOWS_MAX_PATH)
    findings.push({ code: 'long-names-room', room: MAX_NAME_BYTES - (longest - WINDOWS_MAX_PATH + 1), longest });
  for (const c of walk.collisions.slice(0, EXAMPLES * 4)) findings.push({ code: 'case-collision', folder: c.folder, names: c.names });
  const locked = input.locked ?? [];
  if (locked.length > 0) findings.push({ code: 'locked', count: locked.length, examples: locked.slice(0, EXAMPLES) });

  return {
    accountId: input.accountId,
    root: input.root,
    at: new Date((input.now ?? Date.now)()).toISOString(),
    findings: findings.map(view),
    looked: walk.looked,
    truncated: walk.truncated,
  };
}

function view(f: DoctorFinding): DoctorFindingView {
  // Names from the service are rarely past 100 characters: less room than that is in the way, more is worth knowing.
  const info = f.code === 'long-names-room' && f.room >= 100;
  return { ...f, severity: info ? 'info' : 'warn', message: messageOf(f) };
}

/** The engine's English words for a finding (the CLI, the activity log); the screens word the code themselves. */
export function messageOf(f: DoctorFinding): string {
  switch (f.code) {
    case 'cloud-folder':
      return `The folder is inside ${f.provider} (${f.path}). Files ${f.provider} keeps online only are not on this computer: a file dropped there may fire no event, and reading one makes ${f.provider} download it. Keep them "always on this device", or choose a folder outside ${f.provider}.`;
    case 'online-only':
      return `${f.count} file(s) here are online only (${f.examples.join(', ')}): their bytes are in the cloud, not on this computer. Mark the folder "always keep on this device" so the app can read them.`;
    case 'network-share':
      return `The folder is on a network share${f.share ? ` (${f.share}${f.fsType ? `, ${f.fsType}` : ''})` : ''}. Changes on a share may not be announced, so the app also looks at the whole Outbox every ${f.scanSeconds} s: a dropped file can take that long to be seen. Files are sent only from this computer; if the share goes away, nothing is written until it is back.`;
    case 'long-paths':
      return `${f.count} path(s) here are ${WINDOWS_MAX_PATH} characters or longer, too long for most Windows programs (${f.examples.map((e) => `${e.path}: ${e.length}`).join('; ')}). Use shorter folder or file names, or a root nearer the top of the drive.`;
    case 'long-names-room':
      return `Received files whose names are longer than ${f.room} characters would get paths of ${WINDOWS_MAX_PATH} characters or more here (up to ${f.longest}), which most Windows programs cannot open. A root nearer the top of the drive leaves more room.`;
    case 'case-collision':
      return `In ${f.folder}, ${f.names.join(' and ')} differ only in case: on Windows and macOS they are the same name, and one would replace the other. Rename one of them.`;
    case 'locked':
      return `${f.count} file(s) are locked by another program (${f.examples.join(', ')}). Each is tried again by itself while the others are sent; close the program that has it open.`;
  }
}
