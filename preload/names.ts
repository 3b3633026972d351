import type { CommandName } from '../shared/bridge/commands';

/**
 * Every command name of the bridge contract. The preload runs sandboxed, so it cannot carry the zod
 * schemas of shared/bridge/commands.ts (and must not need them: main parses every input). A Record
 * keyed by CommandName makes the compiler refuse a missing or an extra name, so this list cannot
 * drift from the contract.
 */
const COMMANDS: Record<CommandName, true> = {
  'app.info': true,
  'settings.get': true,
  'settings.set': true,
  'accounts.list': true,
  'accounts.verify': true,
  'accounts.add': true,
  'accounts.tryDemo': true,
  'accounts.update': true,
  'accounts.reorganizeInbox': true,
  'accounts.remove': true,
  'sync.status': true,
  'sync.now': true,
  'activity.list': true,
  'invoices.list': true,
  'invoices.totals': true,
  'invoices.exportCsv': true,
  'invoices.get': true,
  'invoices.setHandled': true,
  'files.read': true,
  'files.open': true,
  'files.showInFolder': true,
  'files.openFolder': true,
  'invoices.reroute': true,
  'documents.list': true,
  'documents.get': true,
  'bankMessages.list': true,
  'outbox.list': true,
  'outbox.force': true,
  'outbox.retry': true,
  'detect.checks.get': true,
  'detect.checks.set': true,
  'detect.definitions': true,
  'company.settings.get': true,
  'company.settings.save': true,
  'company.profiles.list': true,
  'company.profiles.get': true,
  'company.profiles.create': true,
  'company.profiles.delete': true,
  'company.profiles.extensions': true,
  'company.profiles.defaults': true,
  'company.authorization.get': true,
  'company.authorization.send': true,
  'company.users.list': true,
  'norway.agreements.list': true,
  'norway.agreements.create': true,
  'norway.agreements.update': true,
  'norway.mandates.search': true,
};

export const COMMAND_NAMES: readonly CommandName[] = Object.keys(COMMANDS) as CommandName[];

export const isKnownCommand = (name: unknown): name is CommandName => typeof name === 'string' && Object.hasOwn(COMMANDS, name);
