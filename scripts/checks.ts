// `npm test`'s checks before the suite: the linters, the type check and the rule build run side by side
// rather than one after another. Each is single-threaded for most of its time, so on a two-core CI
// machine the type check and a build of the rules from nothing (tens of seconds each) overlap instead
// of adding up. Each one's output is printed whole when it ends, so the log reads as if they had run
// in turn; any failure fails the run after all have ended.
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'lint:layers', 'typecheck', 'lint:electron', 'build:rules'];

interface Finished {
  name: string;
  code: number;
  output: string;
  ms: number;
}

function run(name: string): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    // A shell so that `npm` resolves to npm.cmd on Windows.
    const child = spawn(`npm run --silent ${name}`, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) =>
      resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
    );
  });
}

const started = performance.now();
const results = await Promise.all(CHECKS.map(run));
for (const r of results) {
  process.stdout.write(`\n> npm run ${r.name} (${(r.ms / 1000).toFixed(1)} s${r.code ? `, failed with exit code ${r.code}` : ''})\n`);
  process.stdout.write(r.output);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
process.stdout.write(
  `\nchecks: ${CHECKS.length - failed.length} of ${CHECKS.length} passed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
if (failed.length) {
  process.stderr.write(`checks failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
