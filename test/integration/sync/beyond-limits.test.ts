import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeServer } from '../../../main/core/bridge';
import { WRITER } from '../../../main/core/store/writer';
import { closeDefaultValidator } from '../../../main/core/validate';
import type { OutboxItemView } from '../../../shared/bridge';
import type { BridgeResult } from '../../../shared/bridge/api';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { ensureRules } from '../../support/validation';

/**
 * Issue 41, item 2: a file beyond what the app can check (here: over a small configured size, so no
 * test needs a 15 MB invoice) is said to be so, and its folder's mode decides. `block` holds it in the
 * queue, said, until "Send anyway" (never "Sync now") or until it is taken out of the Outbox; `warn`
 * sends it with the note that it was not checked. A check the user cancels (validate.cancel) is held
 * the same way.
 */
let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
beforeAll(async () => {
  await ensureRules();
  sb = await startTestSandbox();
}, 240_000);
afterAll(async () => sb.close());
beforeEach(async () => {
  company = await sb.company();
  t = await startTestEngine(sb, company);
});
afterEach(async () => {
  delete process.env.EINVOICE_CHECK_MAX_BYTES;
  await t.close();
  await closeDefaultValidator();
});

/** The process's validator is made again, with a limit the Peppol fixture (9 KB) is over. */
async function smallLimit(): Promise<void> {
  await closeDefaultValidator();
  process.env.EINVOICE_CHECK_MAX_BYTES = '4096';
}

const outbox = () => join(t.root, 'Outbox', 'Invoices');
const invoice = () => readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
const uploads = async () => (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as { filename: string }[];

function bridgeOf() {
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

describe('a file beyond the limits the app can check', () => {
  it('is held under block, said so, until "Send anyway"; "Sync now" does not send it, and taking a file out withdraws it', async () => {
    await smallLimit();
    const invoke = bridgeOf();
    await writeFile(join(outbox(), 'large.xml'), await invoice());
    await writeFile(join(outbox(), 'taken-back.xml'), (await invoice()).toString().replace('Snippet1', 'Snippet2'));
    await t.engine.syncOnce();
    expect(await uploads()).toEqual([]);
    const held = t.engine.store.outbox.listByStates(t.account.id, ['needs_user']);
    expect(held.map((r) => r.filename).sort()).toEqual(['large.xml', 'taken-back.xml']);
    const row = held.find((r) => r.filename === 'large.xml');
    expect(row?.lastError).toMatch(/Held: it could not be checked, too large to check here \(The file is 0\.0 MB; files of up to 0 MB/);
    expect(row?.lastError).toMatch(/choose "Send anyway" to send it unchecked, or take it out of the Outbox folder/);
    // Nothing is in Failed/: the file is not broken, and it stays where the user put it.
    await expect(readFile(join(outbox(), 'large.xml'))).resolves.toBeTruthy();
    const list = await invoke<OutboxItemView[]>('outbox.list', { accountId: t.account.id });
    expect(list.ok && list.value.find((i) => i.file === 'Outbox/Invoices/large.xml')?.validation).toMatchObject({
      status: 'unreadable',
      notChecked: 'size',
    });
    // "Sync now" releases what waited for the user, but never sends a file its folder could not check.
    t.engine.syncNowByUser(t.account.id);
    await t.engine.syncOnce();
    expect(await uploads()).toEqual([]);
    // Taken out of the Outbox folder: withdrawn, never sent.
    await rm(join(outbox(), 'taken-back.xml'));
    await t.engine.syncOnce();
    expect(t.engine.store.outbox.listByStates(t.account.id, ['vanished']).map((r) => r.filename)).toEqual(['taken-back.xml']);
    // "Send anyway" (the held row's button) sends it as it is.
    const sent = await invoke<OutboxItemView>('outbox.retry', { id: row?.id });
    expect(sent.ok && sent.value.state).toBe('queued');
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.filename)).toEqual(['large.xml']);
    expect(t.engine.store.activity.listLatest(50, t.account.id).map((a) => a.kind)).toContain('outbox.sent_unchecked');
  });

  it('is sent under warn with the note that it could not be checked, and not checked at all under off', async () => {
    await smallLimit();
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'warn' });
    const invoke = bridgeOf();
    await writeFile(join(outbox(), 'large.xml'), await invoice());
    await t.engine.syncOnce();
    expect((await uploads()).map((u) => u.filename)).toEqual(['large.xml']);
    const list = await invoke<OutboxItemView[]>('outbox.list', { accountId: t.account.id });
    expect(list.ok && list.value[0]?.validation?.notChecked).toBe('size');
    const note = t.engine.store.activity.listLatest(50, t.account.id).find((a) => a.kind === 'validation.not_checked');
    expect(note?.message).toMatch(
      /large\.xml was sent without the check of the official rules.*could not be checked, too large to check here/,
    );
    t.engine[WRITER].folderOptions.set(t.account.id, 'Outbox/Invoices', { validation: 'off' });
    await writeFile(join(outbox(), 'off.xml'), (await invoice()).toString().replace('Snippet1', 'Snippet3'));
    await t.engine.syncOnce();
    const off = t.engine.store.outbox.listByStates(t.account.id, ['done']).find((r) => r.filename === 'off.xml');
    expect(off?.check).toEqual({ mode: 'off', rules: null, unchecked: 'off' });
  });

  it('cancelled through validate.cancel while it is checked, is held under block as cancelled; the board shows it meanwhile', async () => {
    const invoke = bridgeOf();
    const seen: { id: string; percent: number; done: boolean }[] = [];
    const answers: Promise<BridgeResult<{ cancelled: boolean }>>[] = [];
    const off = t.engine.events.on('check', (c) => {
      seen.push(c);
      // At its first sign, the user presses Cancel (the checks list shows it meanwhile).
      if (seen.length === 1) {
        expect(t.engine.checks.list(t.account.id).map((x) => x.file)).toEqual(['Outbox/Invoices/cancel-me.xml']);
        answers.push(invoke('validate.cancel', { id: c.id }));
      }
    });
    await writeFile(join(outbox(), 'cancel-me.xml'), await invoice());
    await t.engine.syncOnce();
    off();
    const [answer] = await Promise.all(answers);
    expect(answer?.ok && answer.value).toEqual({ cancelled: true });
    expect(seen.at(-1)?.done).toBe(true);
    expect(t.engine.checks.list(t.account.id)).toEqual([]);
    expect(await uploads()).toEqual([]);
    const [row] = t.engine.store.outbox.listByStates(t.account.id, ['needs_user']);
    expect(row?.lastError).toMatch(/could not be checked, its check was cancelled/);
    // An id no check has, and one that is no id at all.
    const gone = await invoke<{ cancelled: boolean }>('validate.cancel', { id: seen[0]?.id });
    expect(gone.ok && gone.value).toEqual({ cancelled: false });
    const bad = await invoke('validate.cancel', { id: 'not-an-id' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.kind).toBe('invalid');
  });
});
