import { readFileSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/core/log';
import { createStore, type Store } from '../../../main/core/store';
import type { SyncContext } from '../../../main/core/sync/context';
import { endsEarly, newCutShortMemory, noticeChangedRefusals, WATCH_REFUSED_MS, watchRefused } from '../../../main/core/sync/cut-short';
import { EngineEvents } from '../../../main/core/sync/events';
import { accountFaults } from '../../../main/core/sync/local-faults';
import { FIXTURES } from '../../support/engine';
import { tempDir } from '../../support/temp';

const invoice = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');

describe('endsEarly: XML cut before its end, told from other malformations', () => {
  it('answers true for every prefix of an invoice that the parser refuses, and false for the whole', () => {
    expect(endsEarly(invoice)).toBe(false);
    let refused = 0;
    for (let n = 1; n < invoice.trimEnd().length; n += 7) {
      const cut = invoice.slice(0, n);
      if (XMLValidator.validate(cut) === true) continue;
      refused++;
      expect(endsEarly(cut), JSON.stringify(cut.slice(-40))).toBe(true);
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('answers true for an end inside a comment, a section, a declaration or a quoted ">"', () => {
    for (const cut of ['<?xml version="1.0"?>', '<a><!-- note', '<a><!-', '<a><![CDATA[x', '<a><![CD', '<a b="x>y', '<?xml ver', '']) {
      expect(endsEarly(cut), cut).toBe(true);
    }
  });

  it('answers false for malformed XML that is whole: a wrong end tag, a second root, an end tag before any start', () => {
    for (const bad of ['<a><b></a>', '<a></a><b></b>', '</a>', '<a><b></c></b></a>']) expect(endsEarly(bad), bad).toBe(false);
  });
});

describe('a refused file watched in Failed/, across a restart', () => {
  let store: Store | null = null;
  afterEach(() => {
    store?.close();
    store = null;
  });

  /** One account with a file refused after its second look, watched by a run of the app that then stopped. */
  async function refusedThenStopped() {
    let clock = Date.parse('2026-12-02T06:00:00Z');
    const root = tempDir();
    const s = createStore(join(tempDir(), 'engine.db'), { now: () => clock });
    store = s;
    const account = s.accounts.create({ name: 'Late Oy', environment: 'sandbox', companyId: 'c-1', root });
    const events = new EngineEvents();
    const ctx = {
      store: s,
      account,
      now: () => clock,
      events,
      log: silentLogger,
      faults: accountFaults(s, account.id, events, silentLogger),
    } as unknown as SyncContext;
    await mkdir(join(root, 'Failed'), { recursive: true });
    const dest = join(root, 'Failed', 'late.xml');
    await writeFile(dest, invoice.slice(0, 500));
    const st = await stat(dest);
    const file = {
      relPath: 'Outbox/Invoices/late.xml',
      folder: 'Outbox/Invoices',
      subdir: '',
      name: 'late.xml',
      kind: 'invoice',
      documentType: null,
      size: st.size,
      mtimeMs: Math.trunc(st.mtimeMs),
      dev: st.dev,
      ino: st.ino,
    } as const;
    const { job } = s.outbox.insert({
      accountId: account.id,
      kind: 'invoice',
      relPath: file.relPath,
      filename: file.name,
      size: file.size,
      mtimeMs: file.mtimeMs,
      sha256: 'a'.repeat(64),
      state: 'failed',
      lastError: 'not well-formed',
      destPath: 'Failed/late.xml',
    });
    const before = newCutShortMemory();
    before.looked.set(file.relPath, `${file.size}:${file.mtimeMs}`);
    watchRefused(ctx, { cut: before, seen: new Map() }, file, dest, job.id);
    const told = () => s.activity.listLatest(10, account.id).filter((a) => a.kind === 'outbox.changed_after_refusal');
    return { ctx, dest, told, tick: (ms: number) => (clock += ms), s, id: job.id };
  }

  it('is still watched by the next run, which tells of a writer that finished it there', async () => {
    const { ctx, dest, told } = await refusedThenStopped();
    const after = newCutShortMemory();
    await noticeChangedRefusals(ctx, after, new Set());
    expect(told(), 'unchanged: nothing to tell').toEqual([]);
    expect(after.refused.size, 'the watch came back from the row').toBe(1);
    await writeFile(dest, invoice);
    await noticeChangedRefusals(ctx, after, new Set());
    expect(told().map((a) => a.message)).toEqual([expect.stringContaining('late.xml changed after it was refused: drop it again')]);
    await noticeChangedRefusals(ctx, newCutShortMemory(), new Set());
    expect(told(), 'told once, also across a further restart').toHaveLength(1);
  });

  it('ends when its time is up, on the row too', async () => {
    const { ctx, dest, told, tick, s, id } = await refusedThenStopped();
    tick(WATCH_REFUSED_MS + 1);
    await writeFile(dest, invoice);
    const after = newCutShortMemory();
    await noticeChangedRefusals(ctx, after, new Set());
    expect(told()).toEqual([]);
    expect(after.refused.size).toBe(0);
    expect(s.outbox.listWatched(ctx.account.id, 0)).toEqual([]);
    expect(s.outbox.get(id)?.state).toBe('failed');
  });
});
