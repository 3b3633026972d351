import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A temp folder removed when the current test ends (per-test data, house.md #8). */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-store-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
