import type { AccountView } from '../../../../shared/bridge/views';
import { DEMO_ACCOUNT_NAME } from '../../accounts/account-book';
import { AccountInputError } from '../../accounts/input-error';
import { ServiceError } from '../../api/errors';
import type { Account } from '../../store/accounts';
import { checkRootFolder, proposeRoot } from '../../sync/root-choice';
import { CommandError, invalid, needsUser } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountView } from '../views';
import { accountOf } from './common';

type Names =
  | 'accounts.list'
  | 'accounts.verify'
  | 'accounts.add'
  | 'accounts.tryDemo'
  | 'accounts.update'
  | 'accounts.reorganizeInbox'
  | 'accounts.remove'
  | 'accounts.proposeRoot'
  | 'accounts.checkRoot'
  | 'folders.choose';

/**
 * The engine makes every check of an account (bridge and CLI alike) and refuses bad input with an
 * AccountInputError, shown as an invalid field. Its other plain Errors (a folder it cannot create, a
 * keychain that refuses) are the user's to fix too, so their message is shown. Service failures keep
 * their kind.
 */
function refused(e: unknown): Error {
  if (e instanceof AccountInputError) return invalid(e.message, { [e.field]: e.hint });
  if (e instanceof ServiceError || e instanceof CommandError) return e;
  return needsUser((e as Error).message);
}

async function added(d: BridgeDeps, add: () => Promise<Account>): Promise<AccountView> {
  try {
    const account = await add();
    d.emit('accounts.changed', {});
    return accountView(account);
  } catch (e) {
    throw refused(e);
  }
}

export function accountHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'accounts.list': async () => d.engine.listAccounts().map(accountView),

    'accounts.verify': async (input) =>
      d.engine.verifyAccount({
        environment: input.environment,
        url: input.url ?? null,
        companyId: input.companyId,
        apiKey: input.apiKey,
        vendorApiKey: input.vendorApiKey,
      }),

    'accounts.add': (input) =>
      added(d, () =>
        d.engine.addAccount({
          name: input.name,
          environment: input.environment,
          url: input.url ?? null,
          companyId: input.companyId,
          root: input.root,
          apiKey: input.apiKey,
          vendorApiKey: input.vendorApiKey ?? null,
          inboxLayout: input.inboxLayout,
        }),
      ),

    'accounts.tryDemo': async () => {
      const existing = d.engine.findAccount(DEMO_ACCOUNT_NAME);
      if (existing) return accountView(existing);
      const demo = d.demo;
      if (!demo) throw needsUser('The built-in sandbox is not part of this app; run `npm run cli -- demo` to try it');
      return added(d, async () => d.engine.addDemoAccount(await demo()));
    },

    // The engine writes only what differs, and decides whether the account's sync restarts for it.
    'accounts.update': async (input) => {
      const account = accountOf(d, input.accountId);
      try {
        await d.engine.updateAccount(account.id, {
          name: input.name,
          root: input.root,
          pollIntervalS: input.pollIntervalS,
          markHandled: input.markHandled,
          inboxLayout: input.inboxLayout,
          remoteValidation: input.remoteValidation,
          deleteRiAfterDownload: input.deleteRiAfterDownload,
          paused: input.paused,
        });
      } catch (e) {
        // Only refused input is the user's here; anything else is answered as the failure it is.
        throw e instanceof AccountInputError ? refused(e) : e;
      }
      d.emit('accounts.changed', {});
      return accountView(accountOf(d, account.id));
    },

    // Answers when the files are moved; the paths the renderer holds for them are stale then (open the item again).
    'accounts.reorganizeInbox': async (input) => {
      const account = accountOf(d, input.accountId);
      const { layout, moved, inPlace, missing, elsewhere, failed, recovered, finished, error } = await d.engine.reorganizeInbox(account.id);
      return { layout, moved, inPlace, missing, elsewhere, failed, recovered, finished, error };
    },

    'accounts.remove': async (input) => {
      const account = accountOf(d, input.accountId);
      await d.engine.removeAccount(account.id);
      d.grants.forgetAccount(account.id);
      d.emit('accounts.changed', {});
      return { removed: true as const };
    },

    'accounts.proposeRoot': async (input) => ({ path: await proposeRoot(input.name, d.engine.listAccounts(), d.dataDir) }),

    'accounts.checkRoot': async (input) => {
      if (input.accountId) accountOf(d, input.accountId);
      return checkRootFolder(input.path, d.engine.listAccounts(), input.accountId);
    },

    // Only the desktop shows a dialog; in a browser the page asks for a typed path and checks it.
    'folders.choose': async (input) => ({ path: d.host.chooseFolder ? await d.host.chooseFolder(input.defaultPath) : null }),
  };
}
