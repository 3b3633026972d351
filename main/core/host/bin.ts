import { open, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { LogLevel } from '../log';
import { DEFAULT_RENDERER_DIR, openHeadless } from './open';
import { startWebHost } from './server';

// npm run headless -- [--data DIR] [--port N] [--log-level LEVEL] [--passphrase-fd N]
//   [--token-file PATH]
// stdout gets exactly one line, the address to open (with --token-file, the address without its token,
// which goes into PATH, 0600, with the scripts' bearer key); logs go to stderr as JSON lines.

class UsageError extends Error {}
const LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'];

function options() {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      port: { type: 'string' },
      'log-level': { type: 'string' },
      'passphrase-fd': { type: 'string' },
      'token-file': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError('--port is a port number (0 to 65535; 0 picks a free one)');
  const logLevel = values['log-level'];
  if (logLevel !== undefined && !LEVELS.includes(logLevel)) throw new UsageError(`--log-level must be one of ${LEVELS.join(', ')}`);
  const fdValue = values['passphrase-fd'];
  const passphraseFd = fdValue === undefined ? undefined : Number(fdValue);
  if (passphraseFd !== undefined && (!Number.isInteger(passphraseFd) || passphraseFd < 3))
    throw new UsageError('--passphrase-fd is an open file descriptor number, 3 or more (e.g. 3 3<passphrase.txt)');
  const tokenFile = values['token-file'];
  if (tokenFile === '') throw new UsageError('--token-file needs a path');
  return { data: values.data, port, logLevel: logLevel as LogLevel | undefined, passphraseFd, tokenFile };
}

/**
 * `link=<the access link>` and `bearer=<the scripts' key>`, one a line, readable by the user alone: a
 * terminal's scrollback, a service's journal and a CI log never see them.
 */
async function writeTokenFile(path: string, link: string, bearerKey: string): Promise<void> {
  await rm(path, { force: true });
  // 'wx': a file (or a link another user planted) already there is not written through.
  const fh = await open(path, 'wx', 0o600);
  try {
    await fh.writeFile(`link=${link}\nbearer=${bearerKey}\n`);
    await fh.chmod(0o600);
  } finally {
    await fh.close();
  }
}

async function main(): Promise<void> {
  const o = options();
  const app = await openHeadless({ data: o.data, logLevel: o.logLevel, passphraseFd: o.passphraseFd });
  let web: Awaited<ReturnType<typeof startWebHost>> | null = null;
  try {
    await app.engine.start();
    web = await startWebHost({ bridge: app.bridge, port: o.port, rendererDir: DEFAULT_RENDERER_DIR, log: app.log });
    if (o.tokenFile) {
      await writeTokenFile(o.tokenFile, web.link, web.token);
      process.stdout.write(`E-Invoice Sync is running at ${web.pageOrigin}/ (open the link in ${o.tokenFile})\n`);
    } else {
      process.stdout.write(`E-Invoice Sync is running at ${web.link}\n`);
    }
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    app.log.info('stopping: finishing the work in flight');
  } finally {
    await web?.close();
    await app.close();
  }
}

try {
  await main();
} catch (e) {
  process.stderr.write(`einvoice-sync headless: ${(e as Error).message}\n`);
  process.exitCode = e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1;
}
