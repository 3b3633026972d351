import { MessageChannelMain, utilityProcess } from 'electron';
import type { Logger } from '../core/log';
import { withEngineThreadpool } from '../core/threadpool';
import type { EngineChild } from './engine-process';
import type { EngineInit } from './engine-protocol';
import { messagePortMainWire } from './wire';

/**
 * Starts the engine in Electron's utility process (a Node process Chromium manages: no window, its
 * own event loop), so a big sync or a slow disk never holds up the window. The two talk over a
 * MessagePort handed over with the first message; stdout and stderr go to the main log.
 */
export function utilityProcessSpawner(workerPath: string, log: Logger): (init: EngineInit) => EngineChild {
  return (init) => {
    const child = utilityProcess.fork(workerPath, [], {
      serviceName: 'E-Invoice Sync engine',
      stdio: 'pipe',
      // Set at the fork: the pool's size is read when it starts, before the worker's code runs.
      env: withEngineThreadpool(process.env),
    });
    const { port1, port2 } = new MessageChannelMain();
    child.postMessage({ t: 'init', init }, [port1]);
    const relay = (stream: 'stdout' | 'stderr') => (chunk: Buffer) =>
      log.warn(`engine process ${stream}`, { text: chunk.toString('utf8').slice(0, 4000) });
    child.stdout?.on('data', relay('stdout'));
    child.stderr?.on('data', relay('stderr'));
    const wire = messagePortMainWire(port2);
    return {
      wire,
      onExit: (fn) => {
        child.once('exit', (code) => fn(code));
      },
      kill: () => {
        child.kill();
      },
    };
  };
}
