import { MultiBar, Presets } from 'cli-progress';
import type { EngineEvents } from '../sync/events';

/**
 * Progress bars on a terminal (first mirror, downloads); nothing otherwise, since the JSON log lines
 * already say what happens. Answers a function that removes the bars.
 */
export function showProgress(events: EngineEvents, names: Map<string, string>): () => void {
  if (!process.stderr.isTTY) return () => undefined;
  const multi = new MultiBar(
    { format: '{account} {phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true, stream: process.stderr },
    Presets.shades_classic,
  );
  const bars = new Map<string, ReturnType<MultiBar['create']>>();
  const off = events.on('progress', (p) => {
    const key = `${p.accountId}:${p.phase}`;
    let bar = bars.get(key);
    const total = p.total ?? Math.max(p.done, 1);
    if (!bar) {
      bar = multi.create(total, 0, { account: names.get(p.accountId) ?? p.accountId, phase: p.phase });
      bars.set(key, bar);
    }
    bar.setTotal(total);
    bar.update(p.done);
  });
  return () => {
    off();
    multi.stop();
  };
}
