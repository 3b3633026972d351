import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers } from '../../scripts/layers/check';
import { ROOMS, type Room } from '../../scripts/layers/rooms';
import { fileTempDir } from '../support/temp';

/** A file that sits in each room (the room's regular expression must match it). */
const SAMPLE: Record<string, string> = {
  shared: 'shared/planted.ts',
  sandbox: 'sandbox/planted.ts',
  'core/api': 'main/core/api/planted.ts',
  'core/store': 'main/core/store/planted.ts',
  'core/render': 'main/core/render/planted.ts',
  'core/validate': 'main/core/validate/planted.ts',
  'core/base': 'main/core/log.ts',
  'core/secrets': 'main/core/secrets.ts',
  'core/sync': 'main/core/sync/planted.ts',
  'core/accounts': 'main/core/accounts/planted.ts',
  'core/engine': 'main/core/engine.ts',
  'core/bridge': 'main/core/bridge/planted.ts',
  'core/demo': 'main/core/demo/planted.ts',
  'core/app': 'main/core/app/planted.ts',
  'core/cli': 'main/core/cli/planted.ts',
  'core/host': 'main/core/host/planted.ts',
  electron: 'main/electron/planted.ts',
  preload: 'preload/planted.ts',
  renderer: 'renderer/planted.ts',
  tools: 'test/planted.ts',
};

const runtime = ROOMS.filter((r) => !r.may.includes('*'));
const spec = (from: string, to: string) => {
  const rel = posix.relative(posix.dirname(from), to).replace(/\.ts$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
};
/** A room this room may not use: the first one not in its list. */
const forbiddenFor = (r: Room) => runtime.find((t) => t.name !== r.name && !r.may.includes(t.name));

const base = fileTempDir('einvoice-layers-');
/** Every room's planted file imports one room it may use and, in the planted tree, one it may not. */
async function plant(withForbidden: boolean): Promise<void> {
  await rm(base, { recursive: true, force: true });
  for (const r of ROOMS) {
    const from = SAMPLE[r.name] as string;
    const lines: string[] = [];
    const ok = r.may.find((m) => m !== '*');
    if (ok) lines.push(`import { x as ok } from '${spec(from, SAMPLE[ok] as string)}';`, 'export const a = ok;');
    const bad = forbiddenFor(r);
    if (withForbidden && bad) lines.push(`import { x as bad } from '${spec(from, SAMPLE[bad.name] as string)}';`, 'export const b = bad;');
    if (withForbidden && !r.node) lines.push(`import { readFileSync } from 'node:fs';`, 'export const c = readFileSync;');
    if (withForbidden && !r.electron) lines.push(`import { app } from 'electron';`, 'export const d = app;');
    lines.push('export const x = 1;');
    await mkdir(join(base, dirname(from)), { recursive: true });
    await writeFile(join(base, from), `${lines.join('\n')}\n`);
  }
}

describe('the layering check (npm run lint:layers)', () => {
  it('knows a sample file of every room, and every sample lies in its own room', () => {
    for (const r of ROOMS) expect(new RegExp(r.path).test(SAMPLE[r.name] ?? ''), r.name).toBe(true);
  });

  it('lets every room use what its allow-list names', async () => {
    await plant(false);
    const found = await checkLayers(base, ['shared', 'sandbox', 'main', 'preload', 'renderer', 'test']);
    expect(found).toEqual([]);
  });

  it('fails for a forbidden import planted in each room, naming the room and what it may use', { timeout: 60_000 }, async () => {
    await plant(true);
    const found = await checkLayers(base, ['shared', 'sandbox', 'main', 'preload', 'renderer', 'test']);
    for (const r of runtime) {
      const from = SAMPLE[r.name] as string;
      const mine = found.filter((v) => v.from === from);
      const bad = forbiddenFor(r);
      if (bad) {
        const hit = mine.find((v) => v.to === SAMPLE[bad.name]);
        expect(hit, `${r.name} importing ${bad.name}`).toBeDefined();
        expect(hit?.message).toContain(`(${r.name})`);
      }
      if (!r.node)
        expect(
          mine.some((v) => v.to === 'fs' || v.to === 'node:fs'),
          `${r.name} importing node:fs`,
        ).toBe(true);
      if (!r.electron)
        expect(
          mine.some((v) => /electron/.test(v.to) && v.rule === 'no-electron'),
          `${r.name} importing electron`,
        ).toBe(true);
      expect(mine.length, `${r.name}: ${JSON.stringify(mine)}`).toBeGreaterThan(0);
    }
    // The tools room (tests, benchmarks, scripts) may use everything.
    expect(found.filter((v) => v.from === SAMPLE.tools)).toEqual([]);
  });

  it("fails for bridge code that imports the store's writer, and lets it import the reader", async () => {
    await plant(false);
    const store = join(base, 'main', 'core', 'store');
    await writeFile(join(store, 'index.ts'), 'export const createStore = 1;\n');
    await writeFile(join(store, 'writer.ts'), 'export const WRITER = 1;\n');
    await writeFile(join(store, 'reader.ts'), 'export const readerOf = 1;\n');
    const bridge = join(base, 'main', 'core', 'bridge');
    await writeFile(join(bridge, 'writes.ts'), `import { createStore } from '../store';\nexport const y = createStore;\n`);
    await writeFile(join(bridge, 'keyed.ts'), `import { WRITER } from '../store/writer';\nexport const y = WRITER;\n`);
    await writeFile(join(bridge, 'reads.ts'), `import { readerOf } from '../store/reader';\nexport const y = readerOf;\n`);
    const found = (await checkLayers(base, ['main'])).filter((v) => v.rule === 'no-store-writer-in-bridge');
    expect(found.map((v) => v.from).sort()).toEqual(['main/core/bridge/keyed.ts', 'main/core/bridge/writes.ts']);
    expect(found[0]?.message).toMatch(/store's writer/);
  });

  it('fails for a file of ours that is in no room', async () => {
    await plant(false);
    const stray = join(base, 'main', 'core', 'stray', 'new.ts');
    await mkdir(dirname(stray), { recursive: true });
    await writeFile(stray, `import { x } from '../../../shared/planted';\nexport const y = x;\n`);
    const found = await checkLayers(base, ['shared', 'main']);
    expect(found.map((v) => v.from)).toContain(relative(base, stray).split('\\').join('/'));
    expect(found.find((v) => v.from.endsWith('stray/new.ts'))?.message).toMatch(/in no room/);
  });
});
