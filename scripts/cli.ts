// npm run cli: a command that checks invoices (sync, demo, validate) first builds the rule sets when
// they are missing or older than their sources, with one line on stderr (scripts/first-start.ts);
// then the command line runs (main/core/cli/bin.ts). Other commands start at once.
import { buildWhatIsMissing } from './first-start';

/** The global options that take a value: the word after them is not the command. */
const WITH_VALUE = new Set(['--data', '--log-level']);
const CHECKS_INVOICES = new Set(['sync', 'demo', 'validate']);

function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (WITH_VALUE.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

const command = commandOf(process.argv.slice(2));
if (command && CHECKS_INVOICES.has(command)) await buildWhatIsMissing({ ui: false, say: (line) => process.stderr.write(`${line}\n`) });
await import('../main/core/cli/bin');
