import { isAbsolute } from 'node:path';
import type { AccountView } from '../../../../shared/bridge/views';
import { createApi } from '../../api';
import { resolveHosts } from '../../api/environments';
import { ServiceError } from '../../api/errors';
import { DEMO_ACCOUNT_NAME, type NewAccountInput } from '../../engine';
import type { Account } from '../../store/accounts';
import { CommandError, invalid, needsUser } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountView } from '../views';
import { accountOf } from './common';

type Names = 'accounts.list' | 'accounts.verify' | 'accounts.add' | 'accounts.tryDemo' | 'accounts.update' | 'accounts.remove';

/**
 * The engine refuses bad input with plain Errors (duplicate name, bad company id, a folder it cannot
 * create): those are the user's to fix, so their message is shown. Service failures keep their kind.
 */
async function adding(d: BridgeDeps, input: NewAccountInput): Promise<AccountView> {
  if (d.engine.store.accounts.getByName(input.name.trim())) {
    throw invalid(`An account named "${input.name.trim()}" exists already`, { name: 'this name is taken' });
  }
  if (!isAbsolute(input.root)) throw invalid('The folder must be a full path', { root: 'must be a full path, such as /home/me/Invoices' });
  return added(d, () => d.engine.addAccount(input));
}

async function added(d: BridgeDeps, add: () => Promise<Account>): Promise<AccountView> {
  try {
    const account = await add();
    d.emit('accounts.changed', {});
    return accountView(account);
  } catch (e) {
    if (e instanceof ServiceError || e instanceof CommandError) throw e;
    throw needsUser((e as Error).message);
  }
}

export function accountHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'accounts.list': async () => d.engine.listAccounts().map(accountView),

    'accounts.verify': async (input) => {
      const url = input.url ?? (input.environment === 'sandbox' ? d.engine.embeddedSandboxUrl : null);
      const hosts = resolveHosts(input.environment, url, d.env);
      const api = createApi({
        hosts,
        credentials: { companyId: input.companyId, apiKey: input.apiKey, vendorApiKey: input.vendorApiKey },
        now: d.now,
      });
      try {
        await api.tokens.token();
        // The name is a courtesy: a token that may not read /oauth2/current still verifies the keys.
        const current = await api.company.current().catch(() => null);
        return { companyName: current?.company.name ?? null, scopes: [...api.tokens.scopes].sort() };
      } finally {
        await api.close();
      }
    },

    'accounts.add': (input) =>
      adding(d, {
        name: input.name,
        environment: input.environment,
        url: input.url ?? null,
        companyId: input.companyId,
        root: input.root,
        apiKey: input.apiKey,
        vendorApiKey: input.vendorApiKey ?? null,
      }),

    'accounts.tryDemo': async () => {
      const existing = d.engine.store.accounts.getByName(DEMO_ACCOUNT_NAME);
      if (existing) return accountView(existing);
      const demo = d.demo;
      if (!demo) throw needsUser('The built-in sandbox is not part of this app; run `npm run cli -- demo` to try it');
      return added(d, async () => d.engine.addDemoAccount(await demo()));
    },

    'accounts.update': async (input) => {
      const account = accountOf(d, input.accountId);
      const name = input.name?.trim();
      if (name && name !== account.name && d.engine.store.accounts.getByName(name)) {
        throw invalid(`An account named "${name}" exists already`, { name: 'this name is taken' });
      }
      if (input.root !== undefined && !isAbsolute(input.root))
        throw invalid('The folder must be a full path', { root: 'must be a full path, such as /home/me/Invoices' });
      const changes = { name, root: input.root, pollIntervalS: input.pollIntervalS, markHandled: input.markHandled };
      const restart = Object.entries(changes).some(([k, v]) => v !== undefined && v !== account[k as keyof typeof changes]);
      if (restart) await d.engine.updateAccount(account.id, changes);
      if (input.paused !== undefined && input.paused !== account.paused) d.engine.setPaused(account.id, input.paused);
      d.emit('accounts.changed', {});
      return accountView(accountOf(d, account.id));
    },

    'accounts.remove': async (input) => {
      const account = accountOf(d, input.accountId);
      await d.engine.removeAccount(account.id);
      d.grants.forgetAccount(account.id);
      d.emit('accounts.changed', {});
      return { removed: true as const };
    },
  };
}
