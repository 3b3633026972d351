import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256File } from '../../../main/core/sync/files';
import { tempDir } from '../../support/temp';

// sha256File reads into one buffer sized to the file: the hash must be the whole file's at every size,
// the buffer's own edges included (a file of the buffer's size, one more, several buffers).

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 13 + 5) % 251));

describe('sha256File hashes the whole file whatever its size', () => {
  for (const n of [0, 1, 1023, 1024, 9_000, 65_535, 65_536, 65_537, 3 * 65_536 + 17]) {
    it(`${n} bytes`, async () => {
      const file = join(tempDir(), 'f.xml');
      const data = bytes(n);
      await writeFile(file, data);
      expect(await sha256File(file)).toBe(sha(data));
    });
  }

  it('fails on a file that is not there', async () => {
    await expect(sha256File(join(tempDir(), 'gone.xml'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
