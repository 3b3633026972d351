// One contender in a race for a data folder's lock, run four at once by test/unit/app/data-lock.test.ts:
// `node --import tsx test/support/lock-race-child.ts <data> <start ms> <run ms> <dead pid>`.
// From <start ms> on (every contender spins until then, so they begin in the same millisecond) it takes
// the lock again and again for <run ms>. Holding it, it creates `inside` exclusively: finding that
// file there means two holders at once. Every other time it leaves as a killed process would (its
// lock rewritten with <dead pid>), so the next takers race to take over a stale lock. It prints its
// counts as JSON.
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderInUseError, takeDataLock } from '../../main/core/app/data-lock';
import { dataLockDir } from '../../main/core/paths';

const [dataDir, startAt, runMs, deadPid] = process.argv.slice(2).map((a, i) => (i === 0 ? a : Number(a))) as [
  string,
  number,
  number,
  number,
];
const inside = join(dataDir, 'inside');
const counts = { won: 0, refused: 0, together: 0 };
while (Date.now() < startAt) {
  // A spin, not a timer: a timer's wake-up would spread the contenders over milliseconds.
}
while (Date.now() < startAt + runMs) {
  let lock: ReturnType<typeof takeDataLock>;
  try {
    lock = takeDataLock(dataDir, { kind: 'cli', command: 'race' });
  } catch (e) {
    if (!(e instanceof DataFolderInUseError)) throw e;
    counts.refused++;
    continue;
  }
  counts.won++;
  try {
    writeFileSync(inside, String(process.pid), { flag: 'wx' });
  } catch {
    counts.together++;
  }
  const until = Date.now() + 1;
  while (Date.now() < until) {
    // Held a moment, for the others to try meanwhile.
  }
  rmSync(inside, { force: true });
  if (counts.won % 2 === 0) lock.release();
  else {
    // Killed while holding it: the lock stays, naming a process that no longer runs.
    const file = join(dataLockDir(dataDir), `${Math.max(...gens())}.json`);
    writeFileSync(`${file}.crash`, JSON.stringify({ ...lock.holder, pid: deadPid }));
    renameSync(`${file}.crash`, file);
  }
}
process.stdout.write(`${JSON.stringify(counts)}\n`);

function gens(): number[] {
  return readdirSync(dataLockDir(dataDir))
    .map((n) => /^(\d+)\.json$/.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
}
