import { inject } from 'vitest';
import type { SandboxOptions } from '../../sandbox/context';
import { PROFILES, type SandboxProfile } from '../../sandbox/profile-real';
import { type Sandbox, startSandbox } from '../../sandbox/server';

export interface TestCompany {
  company_id: string;
  api_key: string;
  vendor_api_key: string;
}

export interface TestSandbox extends Sandbox {
  /** Create a company through the admin API. */
  company(
    body?: Partial<{ name: string; country: string; business_id: string; state: string; vendor_api_key: string; allowed_scopes: string[] }>,
  ): Promise<TestCompany>;
  /** A bearer token for the company (scope as a space-separated string; default: eui and bank scopes). */
  token(c: TestCompany, scope?: string | null): Promise<string>;
  /** Moves the sandbox's time on (tokens expire, analyses finish): tests wait on this clock, never by sleeping. */
  advanceClock(ms: number): Promise<void>;
  /** Fetch against the sandbox with an optional bearer token; answers the Response. */
  call(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
}

export const FULL_SCOPE = 'eui global company fi_bank_message:send fi_bank_message:receive';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxProfile: SandboxProfile;
  }
}

/**
 * The profile a suite's sandbox answers with unless the suite names one: its project's (vitest.config.ts
 * runs the suites that move files once more in the project `real`, so the app is proven against what
 * the real service shows, not only against the spec's reading), else the spec's.
 */
export function testProfile(): SandboxProfile {
  let p: string;
  try {
    p = inject('sandboxProfile') ?? 'spec';
  } catch {
    return 'spec'; // outside vitest (the soak's own command), which names its profile itself
  }
  if (!(PROFILES as readonly string[]).includes(p)) throw new Error(`the sandbox profile is ${PROFILES.join(' or ')}, not '${p}'`);
  return p as SandboxProfile;
}

/** A fresh sandbox on a random loopback port, one per test file (per-test data, house.md #8). */
export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const sb = await startSandbox({ port: 0, ...opts, profile: opts.profile ?? testProfile() });
  let seq = 0;
  const call: TestSandbox['call'] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(sb.url + path, { ...init, headers, body });
  };
  return {
    ...sb,
    call,
    async advanceClock(ms) {
      const res = await call('/__sandbox/clock', { method: 'POST', json: { advance_ms: ms } });
      if (res.status !== 200) throw new Error(`clock advance failed: ${res.status} ${await res.text()}`);
    },
    async company(body = {}) {
      seq++;
      const res = await call('/__sandbox/companies', {
        method: 'POST',
        json: { name: `Test ${seq} Oy`, country: 'FI', business_id: `${1000000 + seq}-${seq % 10}`, ...body },
      });
      if (res.status !== 201) throw new Error(`company create failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as TestCompany;
    },
    async token(c, scope = FULL_SCOPE) {
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key });
      if (scope !== null) form.set('scope', scope);
      const res = await fetch(`${sb.url}/oauth2/token`, { method: 'POST', body: form });
      if (res.status !== 200) throw new Error(`token failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
  };
}

/** A multipart body with one file and text fields (array values repeat the field). */
export function form(
  file: { name: string; data: Buffer | string; field?: string; type?: string } | null,
  fields: Record<string, string | string[]> = {},
): FormData {
  const fd = new FormData();
  if (file)
    fd.append(
      file.field ?? 'file',
      new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'application/xml' }),
      file.name,
    );
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
}
