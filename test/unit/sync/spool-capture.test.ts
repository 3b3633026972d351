import { createHash } from 'node:crypto';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, Spool } from '../../../main/core/sync/spool';
import { tempDir } from '../../support/temp';

// The spool reads a file in chunks sized to it (a drop of small files would otherwise allocate 64 KiB
// each): whatever the size, and also when the file grows between the listing and the read, the copy,
// its hash, size and head must be the whole file's.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 251));

describe('spool capture reads the whole file whatever its size', () => {
  for (const n of [0, 1, 1023, 1025, HEAD_BYTES - 1, HEAD_BYTES + 1, 3 * HEAD_BYTES + 17]) {
    it(`copies ${n} bytes exactly`, async () => {
      const dir = tempDir();
      const src = join(dir, 'f.xml');
      const data = bytes(n);
      await writeFile(src, data);
      const c = await new Spool(join(dir, 'spool')).capture(src);
      expect(c.size).toBe(n);
      expect(c.sha256).toBe(sha(data));
      expect((await readFile(c.tmp)).equals(data)).toBe(true);
      expect(c.head.equals(data.subarray(0, HEAD_BYTES))).toBe(true);
    });
  }

  it('copies what a file grew to after it was opened, not only its size at the open', async () => {
    const dir = tempDir();
    const src = join(dir, 'g.xml');
    await writeFile(src, bytes(10));
    const spool = new Spool(join(dir, 'spool'));
    // Grows while the capture opens and stats it (when the append wins the race, from the start).
    const capturing = spool.capture(src);
    await appendFile(src, bytes(5000));
    const c = await capturing;
    const now = await readFile(src);
    expect(c.size).toBe(now.length);
    expect(c.sha256).toBe(sha(now));
  });
});
