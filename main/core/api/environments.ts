import type { Environment } from '../../../shared/enums';

/** The four hosts of one environment of the service (spec: "Hosts"). */
export interface ServiceHosts {
  base_url: string;
  receivables_url: string;
  validator_url: string;
  bling_url: string;
}

/**
 * The spec writes the hosts as placeholders, so Production and Test addresses are configuration:
 * they come from the environment variables below (an installer or an administrator sets them), and
 * an account may carry its own. Sandbox serves all four from one loopback address.
 */
const VARIABLES: Record<Exclude<Environment, 'sandbox'>, Record<keyof ServiceHosts, string>> = {
  production: {
    base_url: 'EINVOICE_PRODUCTION_BASE_URL',
    receivables_url: 'EINVOICE_PRODUCTION_RECEIVABLES_URL',
    validator_url: 'EINVOICE_PRODUCTION_VALIDATOR_URL',
    bling_url: 'EINVOICE_PRODUCTION_BLING_URL',
  },
  test: {
    base_url: 'EINVOICE_TEST_BASE_URL',
    receivables_url: 'EINVOICE_TEST_RECEIVABLES_URL',
    validator_url: 'EINVOICE_TEST_VALIDATOR_URL',
    bling_url: 'EINVOICE_TEST_BLING_URL',
  },
};

export class EnvironmentError extends Error {}

/** Resolve the hosts of an account's environment; `url` overrides base_url (and, for sandbox, all). */
export function resolveHosts(environment: Environment, url: string | null | undefined, env: NodeJS.ProcessEnv): ServiceHosts {
  if (environment === 'sandbox') {
    if (!url) throw new EnvironmentError('A Sandbox account needs the sandbox address, such as http://127.0.0.1:8787');
    const u = trimSlash(url);
    return { base_url: u, receivables_url: u, validator_url: u, bling_url: u };
  }
  const vars = VARIABLES[environment];
  const base = url ? trimSlash(url) : env[vars.base_url];
  if (!base) {
    throw new EnvironmentError(`The ${environment} service address is not configured: give the account a --url, or set ${vars.base_url}`);
  }
  return {
    base_url: trimSlash(base),
    receivables_url: trimSlash(env[vars.receivables_url] ?? base),
    validator_url: trimSlash(env[vars.validator_url] ?? base),
    bling_url: trimSlash(env[vars.bling_url] ?? base),
  };
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');
