import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABOVE_LOW, scanShell } from '../../../scripts/electronegativity';
import { tempDir } from '../../support/temp';

describe('electronegativity (npm run lint:electron)', () => {
  it('catches an insecure window, so the gate can fail', { timeout: 60_000 }, async () => {
    const root = tempDir();
    mkdirSync(join(root, 'bad'));
    writeFileSync(
      join(root, 'bad', 'main.js'),
      "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
    );
    const r = await scanShell(['bad'], root);
    const above = r.findings.filter((f) => ABOVE_LOW.has(f.severity)).map((f) => f.id);
    expect(above).toEqual(
      expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK', 'CSP_GLOBAL_CHECK']),
    );
  });

  it('finds nothing above LOW in the shell and the preload, and reads every file', { timeout: 60_000 }, async () => {
    const r = await scanShell(['main/electron', 'preload']);
    expect(r.checks).toBeGreaterThan(30);
    expect(r.errors).toEqual([]);
    expect(r.findings.filter((f) => ABOVE_LOW.has(f.severity))).toEqual([]);
    // Every annotation says it was reviewed and why.
    for (const v of r.reviewed) expect(v.text).toMatch(/eng-disable [A-Z_]+: reviewed: \S/);
  });
});
