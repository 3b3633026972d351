// npm run headless: builds the user interface and the rule sets when they are missing or older than
// their sources (one line on stderr, scripts/first-start.ts), then starts the headless host, whose one
// line on stdout is the address to open.
import { buildWhatIsMissing } from './first-start';

await buildWhatIsMissing({ ui: true, say: (line) => process.stderr.write(`${line}\n`) });
await import('../main/core/host/bin');
