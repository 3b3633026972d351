import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULES_BUILD_DIR } from '../../../scripts/build-rules';
import { FIXTURES } from '../../support/engine';
import { tempDir } from '../../support/temp';
import { ensureRules } from '../../support/validation';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

beforeAll(async () => {
  await ensureRules();
}, 600_000);

describe('the validator as the desktop bundle runs it', () => {
  it('starts its worker from validate-worker.js beside the bundle (as scripts/build-electron.ts writes it) and validates', async () => {
    const out = tempDir('einvoice-validate-bundle-');
    symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
    // The options of scripts/build-electron.ts: ESM for Node, npm packages left in node_modules.
    const { metafile } = await build({
      metafile: true,
      absWorkingDir: ROOT,
      entryPoints: { validate: 'main/core/validate/index.ts', 'validate-worker': 'main/core/validate/worker.ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      splitting: true,
      outdir: out,
      logLevel: 'warning',
    });
    // The engine's thread loads no XSLT processor: SaxonJS is imported by the worker only.
    const imports = (name: string) =>
      Object.entries(metafile.outputs)
        .filter(([p]) => p.endsWith(`/${name}`))
        .flatMap(([, o]) => o.imports.filter((i) => i.external).map((i) => i.path));
    expect(imports('validate-worker.js')).toContain('saxon-js');
    expect(imports('validate.js')).not.toContain('saxon-js');
    const script = `
      const { Validator } = await import(${JSON.stringify(`file://${join(out, 'validate.js')}`)});
      const v = new Validator({ rulesDir: ${JSON.stringify(RULES_BUILD_DIR)} });
      const r = await v.validate(${JSON.stringify(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'))});
      await v.close();
      process.stdout.write(JSON.stringify({ status: r.status, rulesets: r.rulesets.map((s) => s.id) }));`;
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: out, encoding: 'utf8', timeout: 120_000 });
    expect(JSON.parse(stdout)).toEqual({ status: 'valid', rulesets: ['EN16931-UBL', 'PEPPOL-BIS3-UBL'] });
  });
});
