// npm run soak -- [--kills N] [--seed S] [--repeated-uuid same-record|conflict|duplicate] [--profile spec|real]: the engine killed
// with SIGKILL N times while files are dropped and invoices arrive, with the sandbox's faults on; then every
// file and every send is checked.
import { Command, InvalidArgumentError, Option } from 'commander';
import { REPEATED_UUID_ANSWERS, type RepeatedUuidAnswer } from '../sandbox/context';
import { PROFILES, type SandboxProfile } from '../sandbox/profile-real';
import { runSoak } from '../test/soak/soak';

const whole = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} is a whole number`);
  return n;
};
const o = new Command('soak')
  .option('--kills <n>', 'how many times the engine is killed', whole('--kills'), 100)
  .option('--seed <n>', 'the schedule of drops, arrivals, faults and kill delays (default: random, printed)', whole('--seed'))
  .addOption(
    new Option('--repeated-uuid <answer>', "the sandbox's answer to a repeated invoice uuid")
      .choices(REPEATED_UUID_ANSWERS)
      .default('same-record'),
  )
  .addOption(
    new Option('--profile <profile>', "the sandbox's profile (real: as real-service-facts.md shows)").choices(PROFILES).default('spec'),
  )
  .parse()
  .opts<{ kills: number; seed?: number; repeatedUuid: RepeatedUuidAnswer; profile: SandboxProfile }>();
const seed = o.seed ?? Math.floor(Math.random() * 1_000_000);
process.stdout.write(
  `soak: ${o.kills} kills, seed ${seed} (repeat with --seed ${seed}), repeated uuid: ${o.repeatedUuid}, profile: ${o.profile}\n`,
);
const r = await runSoak({
  kills: o.kills,
  seed,
  repeatedUuid: o.repeatedUuid,
  profile: o.profile,
  log: (l) => process.stdout.write(`${l}\n`),
});
process.stdout.write(
  [
    `kills ${r.kills}; dropped ${r.dropped.invoices} invoices and ${r.dropped.documents} documents; upload calls ${r.uploadCalls}`,
    `arrived ${r.arrived.invoices} invoices, ${r.arrived.documents} documents, ${r.arrived.bankMessages} bank messages; ${r.filesChecked} files checked byte for byte`,
    `faults hit: ${Object.entries(r.faultsHit)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `wall time ${(r.wallMs / 1000).toFixed(1)} s`,
    r.violations.length ? `VIOLATIONS (${r.violations.length}):\n${r.violations.map((v) => `  - ${v}`).join('\n')}` : 'no violations',
    '',
  ].join('\n'),
);
process.exitCode = r.violations.length ? 1 : 0;
