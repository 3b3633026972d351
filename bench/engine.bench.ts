import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { companiesBench } from './companies.bench';
import { dropBench } from './drop.bench';
import { FIXTURE, out } from './harness';
import { mirrorBench } from './mirror.bench';
import { pollBench } from './poll.bench';
import { searchBench } from './search.bench';
import { slowPollBench } from './slow-poll.bench';
import { validateBench } from './validate.bench';

// npm run bench: the sync engine against the sandbox on loopback (figures for the issue note). Each
// section measures two sizes 10x apart, sized by its environment variable (bench/README.md), and
// runs in a process of its own, so one section's memory never shows in the next one's RSS.
//   npm run bench -- <mirror|poll|drop|slow-poll|validate|companies|search>   one section, in this process
const SECTIONS = {
  mirror: mirrorBench,
  poll: pollBench,
  drop: dropBench,
  'slow-poll': slowPollBench,
  validate: () => validateBench(out),
  companies: companiesBench,
  search: () => searchBench(),
} satisfies Record<string, (xml: Buffer) => Promise<void>>;

const only = process.argv[2];
if (only) {
  const section = SECTIONS[only as keyof typeof SECTIONS];
  if (!section) throw new Error(`No bench section "${only}": one of ${Object.keys(SECTIONS).join(', ')}`);
  await section(await readFile(FIXTURE));
} else {
  out(`npm run bench on ${new Date().toISOString()}`);
  for (const name of Object.keys(SECTIONS)) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), name], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`bench section ${name} failed (exit ${r.status})`);
  }
}
