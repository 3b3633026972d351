import { isAbsolute } from 'node:path';
import type { Account } from '../store/accounts';
import { rootOverlap } from '../sync/root-choice';
import { AccountInputError } from './input-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the checks read of the accounts there are. */
export interface AccountsSeen {
  getByName(name: string): Account | undefined;
  list(): Account[];
}

/** A name no other account has (`except`: the account being renamed); answers it trimmed, as it is kept. */
export function checkName(accounts: AccountsSeen, name: string, except?: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new AccountInputError('The account needs a name', 'name', 'a name is required');
  const holder = accounts.getByName(trimmed);
  if (holder && holder.id !== except)
    throw new AccountInputError(`An account named "${trimmed}" exists already`, 'name', 'this name is taken');
  return trimmed;
}

/**
 * An account's folder is a full path: the engine's working folder is no place to sync (and differs per
 * host). Nor is a folder inside another account's root or holding one: each would sync the other's
 * Outbox and take its Inbox for its own. (Two accounts in the very same root each keep to their
 * marker, root-guard.ts, and stay allowed.)
 */
export function checkRoot(accounts: AccountsSeen, root: string, except?: string): void {
  if (!isAbsolute(root))
    throw new AccountInputError('The folder must be a full path', 'root', 'must be a full path, such as /home/me/Invoices');
  const overlap = rootOverlap(root, accounts.list(), except);
  if (overlap?.kind === 'inside')
    throw new AccountInputError(
      `The folder is inside the folder of ${overlap.account.name}`,
      'root',
      `inside the folder of ${overlap.account.name}`,
    );
  if (overlap?.kind === 'contains')
    throw new AccountInputError(
      `The folder holds the folder of ${overlap.account.name}`,
      'root',
      `holds the folder of ${overlap.account.name}`,
    );
}

/** The checks of a new account's input, in the order a form shows them; answers the name as it is kept. */
export function checkNewAccount(accounts: AccountsSeen, input: { name: string; root: string; companyId: string; apiKey: string }): string {
  const name = checkName(accounts, input.name);
  checkRoot(accounts, input.root);
  if (!UUID.test(input.companyId)) {
    throw new AccountInputError(
      'The company id must be the company UUID, such as 3f2b...-...',
      'companyId',
      'the company UUID, such as 3f2b0c1e-...',
    );
  }
  if (!input.apiKey.trim()) throw new AccountInputError('The API key is empty', 'apiKey', 'the API key is required');
  return name;
}
