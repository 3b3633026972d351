// npm run headless: builds the user interface when it is missing or older than its sources (one line
// on stderr), then starts the headless host, whose one line on stdout is the address to open.
import { ensureRendererBuilt } from './renderer-build';

ensureRendererBuilt({
  onBuild: () => process.stderr.write('Building the user interface (first start after an install or an update; about half a minute)...\n'),
});
await import('../main/core/host/bin');
