import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../main/core/sync/files';
import { tempDir } from '../../support/temp';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const visible = (dir: string) => readdirSync(dir).sort();

describe('writeFileAtomic', () => {
  it('takes a file under a taken name for its own only when isSame says so, and never replaces one', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.xml'), 'left by a crash');
    writeFileSync(join(dir, 'a (2).xml'), 'someone else');
    const asked: string[] = [];
    const named: string[] = [];
    const path = await writeFileAtomic(dir, 'a.xml', bytes('left by a crash'), {
      isSame: async (p) => {
        asked.push(p);
        return readFileSync(p, 'utf8') === 'left by a crash';
      },
      named: (p) => named.push(p),
    });
    expect(path).toBe(join(dir, 'a.xml'));
    expect(asked).toEqual([join(dir, 'a.xml')]);
    expect(named).toEqual([]);
    // The temporary copy is gone: only the two files there before.
    expect(visible(dir)).toEqual(['a (2).xml', 'a.xml']);

    const other = await writeFileAtomic(dir, 'a.xml', bytes('new'), { isSame: async () => false, named: (p) => named.push(p) });
    expect(other).toBe(join(dir, 'a (3).xml'));
    expect(named).toEqual([other]);
    expect(readFileSync(join(dir, 'a.xml'), 'utf8')).toBe('left by a crash');
    expect(readFileSync(join(dir, 'a (2).xml'), 'utf8')).toBe('someone else');
    expect(readFileSync(other, 'utf8')).toBe('new');
  });

  it('makes its folder again when it was removed after an earlier write into it', async () => {
    const dir = join(tempDir(), 'Inbox', '2026-11');
    await writeFileAtomic(dir, 'first.pdf', bytes('1'));
    rmSync(dir, { recursive: true });
    const path = await writeFileAtomic(dir, 'second.pdf', bytes('2'));
    expect(readFileSync(path, 'utf8')).toBe('2');
    expect(visible(dir)).toEqual(['second.pdf']);
  });
});
