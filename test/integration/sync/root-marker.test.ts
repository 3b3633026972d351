import { readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { ROOT_MARKER } from '../../../main/core/sync/root-guard';
import { startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';

// The rule that tells an account's own root from an empty mount point at its path (sync/root-guard.ts):
// the database remembers the root it wrote the marker in; only a remembered root without the marker is
// "gone". Installs from before the marker, and a folder the user newly chose, get the marker once.

let sb: TestSandbox;
let t: TestEngine;
beforeAll(async () => {
  sb = await startTestSandbox();
  t = await startTestEngine(sb, await sb.company());
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

const marker = () => join(t.root, ROOT_MARKER);
const accountsIn = async (path: string) => (JSON.parse(await readFile(path, 'utf8')) as { accounts: string[] }).accounts;
const once = async () => (await t.engine.syncOnce()).get(t.account.id);

describe('the account root marker', () => {
  it('is written when the account is added, and names it', async () => {
    expect(await accountsIn(marker())).toEqual([t.account.id]);
    expect((await once())?.ok).toBe(true);
  });

  it('is written once, not taken for a vanished root, in a root of an install that predates it', async () => {
    // An earlier version's database: the layout and files there, no marker, nothing remembered of one.
    await unlink(marker());
    t.engine[WRITER].cursors.clear(t.account.id, 'root_marker');
    const r = await once();
    expect(r?.ok, r?.problems.join('; ')).toBe(true);
    expect(await accountsIn(marker())).toEqual([t.account.id]);
  });

  it('is remembered at the next pass when a crash came between writing it and remembering it', async () => {
    t.engine[WRITER].cursors.clear(t.account.id, 'root_marker');
    expect((await once())?.ok).toBe(true);
    expect(t.engine.store.cursors.get(t.account.id, 'root_marker')).toBe(t.root);
  });

  it('missing from a root it was written in pauses the account, and an empty one put back by hand resumes it', async () => {
    await unlink(marker());
    const problems: string[] = [];
    const off = t.engine.events.on('problem', (p) => problems.push(p.message));
    const r = await once();
    await once();
    off();
    expect(problems, 'told once while it lasts').toEqual([r?.problems[0]]);
    expect(r?.ok).toBe(false);
    expect(r?.problems[0]).toContain(`The folder ${t.root} of Test is not there`);
    expect(await readdir(t.root)).not.toContain(ROOT_MARKER);
    expect(t.engine.store.activity.listLatest(5, t.account.id).map((a) => a.kind)).toContain('sync.root_missing');
    await writeFile(marker(), '');
    expect((await once())?.ok).toBe(true);
    expect(await accountsIn(marker())).toEqual([t.account.id]);
    expect(t.engine.store.activity.listLatest(5, t.account.id).map((a) => a.kind)).toContain('sync.root_back');
  });

  it('naming only other accounts is another folder in its place: paused, and the marker left as it is', async () => {
    const other = JSON.stringify({ app: 'E-Invoice Sync', accounts: ['someone-else'] });
    await writeFile(marker(), other);
    const r = await once();
    expect(r?.problems[0]).toContain('is another folder than the one the app set up');
    expect(await readFile(marker(), 'utf8')).toBe(other);
    await writeFile(marker(), JSON.stringify({ accounts: ['someone-else', t.account.id] }));
    expect((await once())?.ok).toBe(true);
  });

  it('is written in a folder the user newly chose for the account', async () => {
    const root = keptTempDir('einvoice-root-new-');
    try {
      await t.engine.updateAccount(t.account.id, { root });
      expect(await accountsIn(join(root, ROOT_MARKER))).toEqual([t.account.id]);
      expect((await once())?.ok).toBe(true);
    } finally {
      await t.engine.updateAccount(t.account.id, { root: t.root });
      await rm(root, { recursive: true, force: true });
    }
  });
});
