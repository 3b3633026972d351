// Scopes and their aliases from the spec's Authentication section. A granted scope string may name
// aliases; expandScopes turns it into the concrete scopes that endpoints check.

export const SCOPE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  eui: [
    'eui:open',
    'company:read',
    'company:write',
    'lookup',
    'receivables:assignments',
    'document:send',
    'document:receive',
    'invoice:receive',
    'invoice:send',
    'analysis',
  ],
  global: ['company:read', 'document:receive', 'document:send', 'lookup'],
  company: ['company:read', 'company:write'],
};

export const CONCRETE_SCOPES = [
  'eui:open',
  'lookup',
  'document:receive',
  'document:send',
  'invoice:receive',
  'invoice:send',
  'company:read',
  'company:write',
  'validate',
  'receivables:assignments',
  'analysis',
  'billing:reports',
  'partner:invoice_delivery_actions',
  'partner:lookups',
  'partner:takeovers',
  'partner:scanpartner_scan_service',
  'fi_bank_message:send',
  'fi_bank_message:receive',
] as const;
export type Scope = (typeof CONCRETE_SCOPES)[number];

/** What a token gets when the request names no scope. */
export const DEFAULT_SCOPES = ['global', 'company'] as const;

export function isKnownScope(name: string): boolean {
  return name in SCOPE_ALIASES || (CONCRETE_SCOPES as readonly string[]).includes(name);
}

/** Expand aliases, recursively and without duplicates, keeping the names themselves too. */
export function expandScopes(names: readonly string[]): Set<string> {
  const out = new Set<string>();
  const visit = (name: string): void => {
    if (out.has(name)) return;
    out.add(name);
    for (const inner of SCOPE_ALIASES[name] ?? []) visit(inner);
  };
  for (const name of names) visit(name);
  return out;
}

export function parseScopeString(scope: string | undefined | null): string[] {
  return (scope ?? '').split(/[\s,]+/).filter((s) => s.length > 0);
}
