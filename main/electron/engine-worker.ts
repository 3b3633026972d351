// The entry point of the engine's utility process (see engine-spawn.ts). The first message from main
// carries the EngineInit and the MessagePort everything else travels on.
import type { EngineInit } from './engine-protocol';
import { serveEngine } from './engine-service';
import { messagePortMainWire } from './wire';

process.parentPort.once('message', (e) => {
  const init = (e.data as { init?: EngineInit } | null)?.init;
  const port = e.ports[0];
  if (!init || !port) {
    process.stderr.write('engine process: the first message from main carried no init and port\n');
    process.exit(2);
  }
  serveEngine(messagePortMainWire(port), init).then(
    () => process.exit(0),
    (err: Error) => {
      process.stderr.write(`engine process failed: ${err.stack ?? err.message}\n`);
      process.exit(1);
    },
  );
});
