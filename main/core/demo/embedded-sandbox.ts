import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PROFILES, type SandboxProfile } from '../../../sandbox/profile-real';
import { seedDemo } from '../../../sandbox/seed/demo';
import { type Sandbox, startSandbox } from '../../../sandbox/server';
import { SANDBOX_KEY_FILE } from '../../../shared/sandbox-key';

export interface EmbeddedSandbox {
  sandbox: Sandbox;
  demo: { company_id: string; api_key: string; vendor_api_key: string; name: string };
  /** This start's key, which the sandbox wants on every request (x-einvoice-sandbox-key). */
  key: string;
}

/**
 * The sandbox that ships with the app, on a random loopback port, its state kept in `dir` so the
 * demo company and its history survive restarts. Seeded with the demo company on first use.
 * The one door from the app to the sandbox: openApp loads this module only when an account needs it,
 * so the desktop bundle keeps the sandbox in a chunk of its own.
 * It answers only the app: its own Host, no other page's Origin, and a key new at every start on
 * every request, the admin API included (issue 39). The key is also written to `<dir>/app-key` (0600,
 * in the 0700 data folder), for the app's tests and tools run by the same user, who could read the
 * mirror itself anyway.
 */
export async function startEmbeddedSandbox(dir: string, profile: SandboxProfile = demoProfile()): Promise<EmbeddedSandbox> {
  const key = randomBytes(32).toString('base64url');
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dataDir: dir, ownOriginOnly: true, appKey: key, profile });
  try {
    await writeKey(join(dir, SANDBOX_KEY_FILE), key);
  } catch (e) {
    await sandbox.close();
    throw e;
  }
  const existing = [...sandbox.ctx.companies.values()].find((c) => c.name === 'Demo Oy');
  const demo = existing
    ? { company_id: existing.id, api_key: existing.api_key, vendor_api_key: existing.vendor_api_key, name: existing.name }
    : await seedDemo(sandbox.ctx);
  return { sandbox, demo, key };
}

/**
 * `EINVOICE_SANDBOX_PROFILE=real` makes the demo answer as the real service was seen to where the
 * spec is silent (sandbox/README.md, "Profiles"): for trying the app, and its first-run test, against
 * those answers. Unset, the spec's profile.
 */
export function demoProfile(env: NodeJS.ProcessEnv = process.env): SandboxProfile {
  const p = env.EINVOICE_SANDBOX_PROFILE;
  if (p === undefined || p === '') return 'spec';
  if (!(PROFILES as readonly string[]).includes(p)) {
    throw new Error(`EINVOICE_SANDBOX_PROFILE is ${PROFILES.join(' or ')}, not '${p}'`);
  }
  return p as SandboxProfile;
}

async function writeKey(file: string, key: string): Promise<void> {
  await rm(file, { force: true });
  const fh = await open(file, 'wx', 0o600);
  try {
    await fh.writeFile(`${key}\n`);
  } finally {
    await fh.close();
  }
}
