import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const SANDBOX_BIN = new URL('../sandbox/bin.ts', import.meta.url).pathname;

/** The sandbox in its own process, so the load generator does not share its event loop. */
export async function spawnSandbox(args: string[] = []): Promise<{ url: string; proc: ChildProcess; stop: () => Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', SANDBOX_BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (l) => {
      const m = /listening on (http:\/\/\S+)/.exec(l);
      if (m?.[1]) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return {
    url,
    proc,
    stop: () =>
      new Promise((r) => {
        proc.once('exit', () => r());
        proc.kill('SIGTERM');
      }),
  };
}

export async function adminCompany(url: string): Promise<{ company_id: string; api_key: string }> {
  const res = await fetch(`${url}/__sandbox/companies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Oy', country: 'FI', business_id: '1234567-8' }),
  });
  return (await res.json()) as { company_id: string; api_key: string };
}

export async function tokenFor(url: string, c: { company_id: string; api_key: string }): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key, scope: 'eui' });
  const res = await fetch(`${url}/oauth2/token`, { method: 'POST', body });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The network a bench's figures are taken over, besides loopback: each request to the service API
 * waits `ms` before the sandbox answers it (its `latency` fault rule), as a service over the internet
 * does; 0 removes the rule. The sandbox's admin API (/__sandbox/) is never delayed.
 */
export async function sandboxLatency(url: string, ms: number): Promise<void> {
  const rules = ms > 0 ? [{ action: 'latency', latency_ms: ms }] : [];
  const res = await fetch(`${url}/__sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rules),
  });
  if (!res.ok) throw new Error(`the sandbox refused the latency rule: HTTP ${res.status}`);
}

/** BENCH_LATENCY_MS: the latency of the sections' runs over a network (default 20; 0 leaves them out). */
export const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
