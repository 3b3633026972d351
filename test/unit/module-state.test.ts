import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModuleState, moduleStateIn } from '../../scripts/layers/module-state';
import { fileTempDir } from '../support/temp';

const base = fileTempDir('einvoice-module-state-');

describe('module-level state check', () => {
  it('finds a module-level let or var, and a Map or Set the module fills', () => {
    const found = moduleStateIn(
      'main/core/sync/x.ts',
      [
        'let current = 0;',
        'var legacy;',
        'const cache = new Map<string, number>();',
        'export function remember(k: string) { cache.set(k, current++); }',
        'const seen = new WeakSet<object>();',
        'export const mark = (o: object) => seen.add(o);',
      ].join('\n'),
    );
    expect(found.map((s) => `${s.name}@${s.line}`)).toEqual(['current@1', 'legacy@2', 'cache@3', 'seen@5']);
  });

  it('lets constant tables, functions and state inside functions be', () => {
    const text = [
      "const CODES = new Set(['ENOSPC', 'EROFS']);",
      'export const isFull = (c: string) => CODES.has(c);',
      'export function run() { let n = 0; const m = new Map(); m.set(1, n++); return m; }',
      'export class Holder { private readonly m = new Map(); put() { this.m.set(1, 1); } }',
      "const LIST = ['a'];",
    ].join('\n');
    expect(moduleStateIn('renderer/x.tsx', text)).toEqual([]);
  });

  it('fails on new state, skips composition roots, and names a listed holder that is gone', async () => {
    const root = base;
    const files: Record<string, string> = {
      'main/core/sync/fresh.ts': 'const inFlight = new Set<string>();\nexport const start = (k: string) => inFlight.add(k);\n',
      'main/core/sync/old.ts': 'let shared: string | null = null;\nexport const set = (s: string) => { shared = s; };\n',
      'main/core/validate/worker.ts': 'let manifest = null;\n',
      'main/core/sync/clean.ts': 'export const x = 1;\n',
    };
    for (const [f, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, f)), { recursive: true });
      await writeFile(join(root, f), text);
    }
    const result = await checkModuleState(root, Object.keys(files), ['main/core/sync/old.ts shared', 'main/core/sync/clean.ts gone']);
    expect(result.fresh).toEqual([{ file: 'main/core/sync/fresh.ts', line: 1, name: 'inFlight' }]);
    expect(result.gone).toEqual(['main/core/sync/clean.ts gone']);
  });
});
