import type { Account } from '../../store/accounts';
import { invalid } from '../errors';
import type { BridgeDeps } from '../types';

/** The account a command names; an unknown id is the renderer's mistake, answered as invalid input. */
export function accountOf(d: BridgeDeps, accountId: string): Account {
  const account = d.engine.store.accounts.get(accountId);
  if (!account) throw invalid(`No account with id ${accountId}`, { accountId: 'no such account' });
  return account;
}

/** The account's service API, after checking the account exists. */
export async function apiOf(d: BridgeDeps, accountId: string) {
  accountOf(d, accountId);
  return d.engine.api(accountId);
}
