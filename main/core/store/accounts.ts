import type { Database } from 'better-sqlite3';
import type { Environment } from '../../../shared/enums';
import { type InboxLayout, NEW_ACCOUNT_INBOX_LAYOUT } from '../../../shared/inbox-layout';
import type { RemoteValidationMode } from '../../../shared/validation/remote';
import { flag, isSet, patchAssignments, patchParams } from './columns';
import type { StoreDeps } from './deps';

/** An account as the engine keeps it. Secrets live in the OS keychain, never here. */
export interface Account {
  id: string;
  name: string;
  environment: Environment;
  /** Only for the sandbox environment. */
  baseUrl: string | null;
  companyId: string;
  /** The folder whose Inbox/, Outbox/, Sent/ ... the engine keeps. */
  root: string;
  pollIntervalS: number;
  markHandled: boolean;
  paused: boolean;
  /** The subfolders received files go into (shared/inbox-layout.ts); changing it moves nothing by itself. */
  inboxLayout: InboxLayout;
  /** Whether hot folders also ask the service's validator host (shared/validation/remote.ts); off for a new account. */
  remoteValidation: RemoteValidationMode;
  /** Delete each received RI message on the service once its file is durable here (off for a new account). */
  deleteRiAfterDownload: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface NewAccount {
  name: string;
  environment: Environment;
  baseUrl?: string | null;
  companyId: string;
  root: string;
  pollIntervalS?: number;
  markHandled?: boolean;
  paused?: boolean;
  /** Default NEW_ACCOUNT_INBOX_LAYOUT (by year and month). */
  inboxLayout?: InboxLayout;
}

export type AccountPatch = Partial<
  Pick<
    Account,
    'name' | 'baseUrl' | 'root' | 'pollIntervalS' | 'markHandled' | 'paused' | 'inboxLayout' | 'remoteValidation' | 'deleteRiAfterDownload'
  >
>;

const PATCH_COLUMNS = {
  name: 'name',
  baseUrl: 'base_url',
  root: 'root',
  pollIntervalS: 'poll_interval_s',
  markHandled: 'mark_handled',
  paused: 'paused',
  inboxLayout: 'inbox_layout',
  remoteValidation: 'remote_validation',
  deleteRiAfterDownload: 'delete_ri_after_download',
} as const satisfies Record<keyof AccountPatch, string>;

interface AccountRecord {
  id: string;
  name: string;
  environment: Environment;
  base_url: string | null;
  company_id: string;
  root: string;
  poll_interval_s: number;
  mark_handled: number;
  paused: number;
  inbox_layout: InboxLayout;
  remote_validation: RemoteValidationMode;
  delete_ri_after_download: number;
  created_at: number;
  updated_at: number;
}

const toAccount = (r: AccountRecord): Account => ({
  id: r.id,
  name: r.name,
  environment: r.environment,
  baseUrl: r.base_url,
  companyId: r.company_id,
  root: r.root,
  pollIntervalS: r.poll_interval_s,
  markHandled: isSet(r.mark_handled),
  paused: isSet(r.paused),
  inboxLayout: r.inbox_layout,
  remoteValidation: r.remote_validation,
  deleteRiAfterDownload: isSet(r.delete_ri_after_download),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createAccountsRepo(db: Database, deps: StoreDeps) {
  const insert = db.prepare<Record<string, string | number | null>, AccountRecord>(`
    INSERT INTO accounts (id, name, environment, base_url, company_id, root, poll_interval_s, mark_handled, paused, inbox_layout,
      created_at, updated_at)
    VALUES (@id, @name, @environment, @baseUrl, @companyId, @root, @pollIntervalS, @markHandled, @paused, @inboxLayout, @now, @now)
    RETURNING *`);
  const byId = db.prepare<[string], AccountRecord>('SELECT * FROM accounts WHERE id = ?');
  const byName = db.prepare<[string], AccountRecord>('SELECT * FROM accounts WHERE name = ?');
  const all = db.prepare<[], AccountRecord>('SELECT * FROM accounts ORDER BY name');
  const update = db.prepare<Record<string, string | number | null>, AccountRecord>(
    `UPDATE accounts SET updated_at = @now, ${patchAssignments(PATCH_COLUMNS)} WHERE id = @id RETURNING *`,
  );
  const remove = db.prepare<[string]>('DELETE FROM accounts WHERE id = ?');

  return {
    create(account: NewAccount): Account {
      const row = insert.get({
        id: deps.newId(),
        name: account.name,
        environment: account.environment,
        baseUrl: account.baseUrl ?? null,
        companyId: account.companyId,
        root: account.root,
        pollIntervalS: account.pollIntervalS ?? 300,
        markHandled: flag(account.markHandled ?? false),
        paused: flag(account.paused ?? false),
        inboxLayout: account.inboxLayout ?? NEW_ACCOUNT_INBOX_LAYOUT,
        now: deps.now(),
      });
      return toAccount(row!);
    },
    get(id: string): Account | undefined {
      const row = byId.get(id);
      return row && toAccount(row);
    },
    getByName(name: string): Account | undefined {
      const row = byName.get(name);
      return row && toAccount(row);
    },
    list(): Account[] {
      return all.all().map(toAccount);
    },
    /** Answers the updated account, or undefined when there is none with that id. */
    update(id: string, patch: AccountPatch): Account | undefined {
      const row = update.get(patchParams(PATCH_COLUMNS, patch, { id, now: deps.now() }));
      return row && toAccount(row);
    },
    /** Deletes the account and, by cascade, everything mirrored and queued for it. */
    remove(id: string): boolean {
      return remove.run(id).changes === 1;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
