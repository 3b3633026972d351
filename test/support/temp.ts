import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/** Every test folder is made here; the three helpers differ only in who removes it, and when. */
function make(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A fresh temp folder removed when the current test ends (per-test data, house.md #8). Call it inside a test. */
export function tempDir(prefix = 'einvoice-test-'): string {
  const dir = make(prefix);
  onTestFinished(() => remove(dir));
  return dir;
}

/**
 * A fresh temp folder shared by the tests of one file, removed after all of them. Call it where the
 * file's tests are collected (its top level or a describe body), not in a hook or a test.
 */
export function fileTempDir(prefix = 'einvoice-test-'): string {
  const dir = make(prefix);
  afterAll(() => remove(dir));
  return dir;
}

/**
 * A fresh temp folder its maker removes: a helper's close() or stop(), a suite's afterAll where the
 * suite may be skipped (nothing is made then), or the soak, which keeps its folders when a check failed.
 */
export function keptTempDir(prefix = 'einvoice-test-'): string {
  return make(prefix);
}
