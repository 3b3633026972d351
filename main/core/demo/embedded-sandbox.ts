import { seedDemo } from '../../../sandbox/seed/demo';
import { type Sandbox, startSandbox } from '../../../sandbox/server';

export interface EmbeddedSandbox {
  sandbox: Sandbox;
  demo: { company_id: string; api_key: string; vendor_api_key: string; name: string };
}

/**
 * The sandbox that ships with the app, on a random loopback port, its state kept in `dir` so the
 * demo company and its history survive restarts. Seeded with the demo company on first use.
 * The one door from the app to the sandbox: openApp loads this module only when an account needs it,
 * so the desktop bundle keeps the sandbox in a chunk of its own.
 */
export async function startEmbeddedSandbox(dir: string): Promise<EmbeddedSandbox> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dataDir: dir, ownOriginOnly: true });
  const existing = [...sandbox.ctx.companies.values()].find((c) => c.name === 'Demo Oy');
  const demo = existing
    ? { company_id: existing.id, api_key: existing.api_key, vendor_api_key: existing.vendor_api_key, name: existing.name }
    : await seedDemo(sandbox.ctx);
  return { sandbox, demo };
}
