import type { CompanyAccountView, DepartmentView, WebhookView } from '../../../../shared/bridge/company-admin';
import type { Subscription } from '../../../../shared/schemas/company';
import { hasWebhookSecret, maskWebhookUrl } from '../../../../shared/webhook-url';
import { AccountInputError } from '../../accounts/input-error';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names =
  | 'company.users.add'
  | 'company.users.update'
  | 'company.users.setRole'
  | 'company.users.remove'
  | 'company.webhooks.list'
  | 'company.webhooks.add'
  | 'company.webhooks.remove'
  | 'company.webhooks.resend'
  | 'company.account.get'
  | 'company.vendor.link'
  | 'company.vendor.unlink'
  | 'company.vendor.addKey'
  | 'company.keepActive'
  | 'company.departments.list'
  | 'company.departments.add';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A vendor key as the service shows one: never the whole secret. */
const maskKey = (key: string | null | undefined) => (key ? (key.length > 8 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '•••') : null);

export function webhookView(s: Subscription): WebhookView {
  const created = (s as { created_at?: unknown }).created_at;
  return {
    id: s.id,
    destinationType: s.destination_type,
    destination: maskWebhookUrl(s.destination),
    hasSecret: hasWebhookSecret(s.destination),
    vendorKey: maskKey(s.vendor_key),
    events: s.events,
    createdAt: typeof created === 'string' ? created : null,
  };
}

function departmentView(d: Record<string, unknown>): DepartmentView {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: str(d.id),
    name: str(d.name),
    bid: str(d.bid),
    idType: str(d.id_type),
    eaid: str(d.eaid),
    noVat: d.no_vat === true,
    createdAt: typeof d.created_at === 'string' ? d.created_at : null,
  };
}

/** Drops keys whose value is undefined, so a PATCH names only what the user changed. */
const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Users, webhooks (notification subscriptions), the vendor link, keep active and departments. */
export function companyAdminHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  /** The newest invoice or document the mirror holds for the account, in either direction. */
  const lastTraffic = (accountId: string): string | null => {
    let best: string | null = null;
    const see = (at: string | null | undefined) => {
      if (at && (!best || Date.parse(at) > Date.parse(best))) best = at;
    };
    for (const direction of ['RECEIVED', 'SENT'] as const) {
      const inv = d.engine.store.invoices.list(accountId, { direction }, 1).items[0];
      see(inv?.receivedAt ?? inv?.createdAt);
      const doc = d.engine.store.documents.list(accountId, direction, 1).items[0];
      see(doc?.receivedAt ?? doc?.createdAt);
    }
    return best;
  };

  const accountView = async (accountId: string): Promise<CompanyAccountView> => {
    const api = await apiOf(d, accountId);
    const vendor = await api.company.vendors.get();
    const last = lastTraffic(accountId);
    return {
      vendor: { linked: vendor.linked, vendor: vendor.vendor ?? null },
      hasVendorKey: (await d.engine.vendorKeys.get(accountId)) !== null,
      lastTrafficAt: last,
      quiet: last === null || d.now() - Date.parse(last) > YEAR_MS,
    };
  };

  return {
    'company.users.add': async ({ accountId, user }) => {
      const api = await apiOf(d, accountId);
      return api.company.users.add(defined({ ...user, last_name: user.last_name || undefined, phone: user.phone || undefined }));
    },

    /** The service answers 204; the user is read again so the list shows what it now holds. */
    'company.users.update': async ({ accountId, userId, patch }) => {
      const api = await apiOf(d, accountId);
      const { user_role: role, ...rest } = patch;
      await api.company.users.patch(userId, defined(rest));
      if (role) await api.company.users.setRole(userId, role);
      return api.company.users.get(userId);
    },

    'company.users.setRole': async ({ accountId, userId, role }) => {
      await (await apiOf(d, accountId)).company.users.setRole(userId, role);
      return { saved: true as const };
    },

    'company.users.remove': async ({ accountId, userId }) => {
      await (await apiOf(d, accountId)).company.users.remove(userId);
      return { removed: true as const };
    },

    'company.webhooks.list': async ({ accountId }) => (await (await apiOf(d, accountId)).company.notifications.list()).map(webhookView),

    /** HTTPS is checked here too (a plain http:// address would carry its credentials in the clear). */
    'company.webhooks.add': async ({ accountId, subscription: s }) => {
      if (!/^https:\/\//i.test(s.destination))
        throw invalid('The address must start with https://', { destination: 'must be an https:// URL' });
      const api = await apiOf(d, accountId);
      let vendorKey = s.vendor_key || undefined;
      if (s.destination_type === 'VENDOR_WEBHOOK' && !vendorKey && s.use_account_vendor_key !== false) {
        vendorKey = (await d.engine.vendorKeys.get(accountId)) ?? undefined;
        if (!vendorKey)
          throw invalid('This account has no vendor API key', { vendor_key: 'the account was added without a vendor API key' });
      }
      const created = await api.company.notifications.create({
        destination_type: s.destination_type,
        destination: s.destination,
        events: [...new Set(s.events)],
        ...(s.destination_type === 'VENDOR_WEBHOOK' && vendorKey ? { vendor_key: vendorKey } : {}),
      });
      d.log.info('webhook subscription added', { accountId, id: created.id, destination: maskWebhookUrl(created.destination) });
      return webhookView(created);
    },

    'company.webhooks.remove': async ({ accountId, id }) => {
      await (await apiOf(d, accountId)).company.notifications.delete(id);
      return { removed: true as const };
    },

    'company.webhooks.resend': async ({ accountId }) => {
      const answer = await (await apiOf(d, accountId)).company.notifications.resendUnacknowledged();
      return { accepted: true as const, answer };
    },

    'company.account.get': async ({ accountId }) => accountView(accountId),

    'company.vendor.link': async ({ accountId }) => {
      accountOf(d, accountId);
      if ((await d.engine.vendorKeys.get(accountId)) === null) {
        throw invalid('Linking needs the vendor API key', { vendorApiKey: 'add the account with its vendor API key to link it' });
      }
      await (await apiOf(d, accountId)).company.vendors.link();
      return accountView(accountId);
    },

    'company.vendor.addKey': async ({ accountId, vendorApiKey }) => {
      accountOf(d, accountId);
      try {
        await d.engine.vendorKeys.set(accountId, vendorApiKey);
      } catch (e) {
        throw e instanceof AccountInputError ? invalid(e.message, { [e.field]: e.hint }) : e;
      }
      await (await apiOf(d, accountId)).company.vendors.link();
      // The account is a partner now: hosts list again (the Partner page appears).
      d.emit('accounts.changed', {});
      return accountView(accountId);
    },

    'company.vendor.unlink': async ({ accountId }) => {
      await (await apiOf(d, accountId)).company.vendors.unlink();
      return accountView(accountId);
    },

    'company.keepActive': async ({ accountId }) => {
      const answer = await (await apiOf(d, accountId)).company.keepActive();
      const at = answer.keep_active_at;
      return { keptActiveAt: typeof at === 'string' ? at : new Date(d.now()).toISOString() };
    },

    'company.departments.list': async ({ accountId }) =>
      (await (await apiOf(d, accountId)).company.departments.list()).map((x) => departmentView(x)),

    'company.departments.add': async ({ accountId, department }) => {
      const api = await apiOf(d, accountId);
      return departmentView(await api.company.departments.create(department));
    },
  };
}
