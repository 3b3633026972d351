import { parseArgs } from 'node:util';
import { PROFILES, type SandboxProfile } from './profile-real';
import { seedDemo } from './seed/demo';
import { startSandbox } from './server';

// npm run sandbox -- --port N [--data DIR] [--seed demo] [--host H] [--token-lifetime S] [--profile spec|real]
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string' },
    seed: { type: 'string' },
    'token-lifetime': { type: 'string' },
    profile: { type: 'string', default: 'spec' },
    log: { type: 'boolean', default: false },
  },
  strict: true,
});

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0..65535, not '${values.port}'`);
if (values.seed !== undefined && values.seed !== 'demo') fail(`--seed takes only 'demo', not '${values.seed}'`);
const tokenLifetime = values['token-lifetime'] === undefined ? undefined : Number(values['token-lifetime']);
if (tokenLifetime !== undefined && !(tokenLifetime > 0)) fail('--token-lifetime must be a positive number of seconds');

if (!(PROFILES as readonly string[]).includes(values.profile)) fail(`--profile takes ${PROFILES.join(' or ')}, not '${values.profile}'`);

const sandbox = await startSandbox({
  profile: values.profile as SandboxProfile,
  port,
  host: values.host,
  logger: values.log,
  ...(values.data ? { dataDir: values.data } : {}),
  ...(tokenLifetime ? { tokenLifetimeSec: tokenLifetime } : {}),
});
process.stdout.write(`Sandbox listening on ${sandbox.url}\n`);
if (values.seed === 'demo') {
  const demo = await seedDemo(sandbox.ctx);
  process.stdout.write(
    `Demo company "${demo.name}"\n  company_id     ${demo.company_id}\n  api_key        ${demo.api_key}\n  vendor_api_key ${demo.vendor_api_key}\n`,
  );
}
const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
