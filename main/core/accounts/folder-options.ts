import {
  checkSendingOptions,
  type FolderOptionsView,
  fieldsOfFolder,
  OPTION_FOLDER_HINT,
  optionFolderProblem,
  type SendingOptions,
} from '../../../shared/schemas/sending-options';
import type { Store } from '../store';

export const INVOICES_FOLDER = 'Outbox/Invoices';

/** Sending options refused: `fields` says what each needs (`folder` when the folder itself takes none). */
export class SendingOptionsError extends Error {
  constructor(
    readonly fields: Record<string, string>,
    message = `Some sending options are not valid: ${Object.keys(fields).join(', ')}`,
  ) {
    super(message);
    this.name = 'SendingOptionsError';
  }
}

const view = (folder: string, options: SendingOptions): FolderOptionsView => ({ folder, fields: fieldsOfFolder(folder), options });

/** The account's folders with options, Outbox/Invoices always first (with or without options). */
export function listFolderOptions(store: Store, accountId: string): FolderOptionsView[] {
  const stored = store.folderOptions.list(accountId);
  const invoices = stored.find((r) => r.folder === INVOICES_FOLDER);
  return [
    view(INVOICES_FOLDER, (invoices?.options ?? {}) as SendingOptions),
    ...stored.filter((r) => r.folder !== INVOICES_FOLDER).map((r) => view(r.folder, r.options as SendingOptions)),
  ];
}

/**
 * Checks and replaces one folder's options; none left removes the folder's row. Applies to files sent
 * from now on. A folder that is not an Outbox type folder (`Invoices`, `Outbox/Documents/FOO`) is
 * refused as a whole: its options would be kept and never used.
 */
export function setFolderOptions(store: Store, accountId: string, folder: string, raw: Record<string, unknown>): FolderOptionsView {
  const problem = optionFolderProblem(folder);
  if (problem) throw new SendingOptionsError({ folder: OPTION_FOLDER_HINT }, problem);
  if (!store.accounts.get(accountId)) throw new Error(`No account ${accountId}`);
  const { options, fields } = checkSendingOptions(folder, raw);
  if (Object.keys(fields).length) throw new SendingOptionsError(fields);
  if (Object.keys(options).length) store.folderOptions.set(accountId, folder, options);
  else store.folderOptions.remove(accountId, folder);
  return view(folder, options);
}
