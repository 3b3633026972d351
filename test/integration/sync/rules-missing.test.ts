import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeServer } from '../../../main/core/bridge';
import { WRITER } from '../../../main/core/store/writer';
import { rememberedFaults } from '../../../main/core/sync/local-faults';
import { RULES_KEY } from '../../../main/core/sync/validate-outbound';
import { closeDefaultValidator } from '../../../main/core/validate';
import { RULES_BUILD_DIR } from '../../../scripts/build-rules';
import type { OutboxItemView, ValidationView } from '../../../shared/bridge';
import type { BridgeResult } from '../../../shared/bridge/api';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { ensureRules } from '../../support/validation';

/**
 * Issue 37, items 2 and 3. When the compiled rules cannot be loaded, a folder that checks before
 * sending (`block`, the default) sends nothing and fails nothing: its files wait in the Outbox, the
 * account says why in plain words, and they go out once the rules load. Only `warn` sends unchecked,
 * and its row says so. Each row keeps the verdict of its own check: the same bytes checked later for
 * another file lend it nothing.
 */
let sb: TestSandbox;
let rulesDir: string;
beforeAll(async () => {
  await ensureRules();
  sb = await startTestSandbox();
  // The process's validator looks here from now on; the folder holds no rules yet.
  rulesDir = await mkdtemp(join(tmpdir(), 'rules-later-'));
  await closeDefaultValidator();
  process.env.EINVOICE_RULES_DIR = rulesDir;
}, 240_000);
afterAll(async () => {
  delete process.env.EINVOICE_RULES_DIR;
  await closeDefaultValidator();
  await rm(rulesDir, { recursive: true, force: true });
  await sb.close();
});

/** The rules arrive as an install puts them: the stylesheets, then the manifest that names them. */
async function rulesArrive(): Promise<void> {
  const names = await readdir(RULES_BUILD_DIR);
  for (const n of names.filter((f) => f.endsWith('.sef.json'))) await copyFile(join(RULES_BUILD_DIR, n), join(rulesDir, n));
  await copyFile(join(RULES_BUILD_DIR, 'manifest.json'), join(rulesDir, 'manifest.json'));
}

function bridgeOf(t: TestEngine) {
  const bridge = createBridgeServer({
    engine: t.engine,
    dataDir: t.dataDir,
    host: {
      kind: 'browser',
      version: 'test',
      capabilities: { openFiles: false, startAtLogin: false, notifications: false },
      secretStore: { kind: 'memory', label: 'memory only' },
    },
  });
  return async <T>(name: string, input: unknown): Promise<BridgeResult<T>> => (await bridge.dispatch(name, input)) as BridgeResult<T>;
}

const uploads = async (companyId: string) =>
  ((await (await sb.call(`/__sandbox/companies/${companyId}/uploads`)).json()) as { filename: string }[]).map((u) => u.filename).sort();
const invoice = () => readFile(join(FIXTURES, 'invoices/en16931-ubl/guide-example1.xml'));
/** The same invoice with its own number: other bytes, so a file of its own. */
const numbered = async (n: string) =>
  Buffer.from((await invoice()).toString('utf8').replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${n}</cbc:ID>`));

describe('when the official rules cannot be loaded', () => {
  it('block waits and tells, warn sends unchecked and says so; once the rules load, the waiting files go and each row keeps its own verdict', async () => {
    const blockCo = await sb.company();
    const warnCo = await sb.company();
    const blocking = await startTestEngine(sb, blockCo, { name: 'Blocking Oy' });
    const warning = await startTestEngine(sb, warnCo, { name: 'Warning Oy' });
    try {
      warning.engine[WRITER].folderOptions.set(warning.account.id, 'Outbox/Invoices', { validation: 'warn' });
      const blockOut = join(blocking.root, 'Outbox', 'Invoices');
      await writeFile(join(blockOut, 'first.xml'), await numbered('B-1'));
      await writeFile(join(blockOut, 'second.xml'), await numbered('B-2'));
      await writeFile(join(warning.root, 'Outbox', 'Invoices', 'unchecked.xml'), await invoice());

      // Block: nothing sent, nothing failed, no row; the account needs the user, in plain words, for `status` too.
      // Warn: the user's choice sends it unchecked, and the row says why.
      const [[report]] = await Promise.all([blocking.engine.syncOnce().then((r) => [...r.values()]), warning.engine.syncOnce()]);
      expect(await uploads(blockCo.company_id)).toEqual([]);
      expect((await readdir(blockOut)).sort()).toEqual(['first.xml', 'second.xml']);
      expect(blocking.engine.store.outbox.listByStates(blocking.account.id, ['queued', 'failed', 'done'])).toEqual([]);
      expect(report?.problems.join('\n')).toMatch(/Invoices wait in the Outbox, neither sent nor failed, until they can be checked/);
      const [status] = blocking.engine.status();
      expect(status?.state).toBe('needs_user');
      expect(status?.message).toMatch(/The compiled rule sets are missing .*EINVOICE_RULES_DIR names/);
      expect(rememberedFaults(blocking.engine.store, blocking.account.id).join('\n')).toMatch(/Invoices wait in the Outbox/);
      expect(await uploads(warnCo.company_id)).toEqual(['unchecked.xml']);
      const callW = bridgeOf(warning);
      const before = (await callW<OutboxItemView[]>('outbox.list', { accountId: warning.account.id })) as {
        ok: true;
        value: OutboxItemView[];
      };
      expect(before.value.map((r) => [r.file, r.state, r.unchecked, r.validation])).toEqual([
        ['Outbox/Invoices/unchecked.xml', 'done', 'rules_unavailable', null],
      ]);
      expect(before.value[0]?.sentAt).toMatch(/^\d{4}-/);

      // The rules arrive: the waiting files are checked and sent, and the account's problem ends.
      await rulesArrive();
      await blocking.engine.syncOnce();
      expect(await uploads(blockCo.company_id)).toEqual(['first.xml', 'second.xml']);
      const sent = blocking.engine.store.outbox.listByStates(blocking.account.id, ['done']);
      expect(sent.map((j) => j.check)).toEqual([
        { mode: 'block', rules: RULES_KEY, unchecked: null },
        { mode: 'block', rules: RULES_KEY, unchecked: null },
      ]);
      expect(blocking.engine.status()[0]?.state).toBe('idle');
      expect(rememberedFaults(blocking.engine.store, blocking.account.id)).toEqual([]);

      // The same bytes as the unchecked one, dropped later and checked now: that verdict is the new row's alone.
      await writeFile(join(warning.root, 'Outbox', 'Invoices', 'same-bytes-later.xml'), await invoice());
      await warning.engine.syncOnce();
      const after = (await callW<OutboxItemView[]>('outbox.list', { accountId: warning.account.id })) as {
        ok: true;
        value: OutboxItemView[];
      };
      const byFile = new Map(after.value.map((r) => [r.file, r]));
      expect(byFile.get('Outbox/Invoices/unchecked.xml')).toMatchObject({ unchecked: 'rules_unavailable', validation: null });
      expect(byFile.get('Outbox/Invoices/same-bytes-later.xml')).toMatchObject({
        state: 'held_duplicate',
        unchecked: null,
        validation: { status: 'valid', fatal: 0 },
      });
      const oldId = byFile.get('Outbox/Invoices/unchecked.xml')?.id;
      const newId = byFile.get('Outbox/Invoices/same-bytes-later.xml')?.id;
      const oldReport = await callW<ValidationView>('validate.outboxReport', { id: oldId });
      expect(oldReport.ok).toBe(false);
      const newReport = (await callW<ValidationView>('validate.outboxReport', { id: newId })) as { ok: true; value: ValidationView };
      expect(newReport.value.report.file).toBe('same-bytes-later.xml');
    } finally {
      await blocking.close();
      await warning.close();
    }
  }, 120_000);
});
