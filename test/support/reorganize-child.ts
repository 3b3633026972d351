// A process that reorganizes one account's Inbox and says how far it got, for a test to kill it part-way:
// `node --import tsx test/support/reorganize-child.ts <data dir> <account id>`.
import { Engine } from '../../main/core/engine';
import { MemorySecrets } from '../../main/core/secrets';

const [dataDir, accountId] = process.argv.slice(2) as [string, string];
const secrets = new MemorySecrets();
// The runner wants a key; reorganizing never uses it.
await secrets.set(accountId, { apiKey: 'unused', vendorApiKey: null });
const engine = new Engine({ dataDir, secrets, runner: { watch: false } });
engine.events.on('progress', (p) => {
  if (p.phase === 'reorganize') process.stdout.write(`progress ${p.done}\n`);
});
const outcome = await engine.reorganizeInbox(accountId);
process.stdout.write(`done ${JSON.stringify(outcome)}\n`);
await engine.stop();
