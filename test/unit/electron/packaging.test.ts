import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const req = createRequire(import.meta.url);
const builderRequire = createRequire(req.resolve('app-builder-lib/package.json'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = builderRequire('./out/util/config/config.js') as {
  validateConfiguration(config: unknown, debug: { isEnabled: boolean; add(): void }): Promise<void>;
};

interface BuilderConfig {
  files: string[];
  asarUnpack: string[];
  npmRebuild: boolean;
  win: { target: { target: string }[] };
  nsis: { oneClick: boolean; deleteAppDataOnUninstall: boolean };
  mac: { target: { target: string }[]; hardenedRuntime: boolean; entitlements: string };
  electronFuses: Record<string, boolean>;
  publish: { provider: string }[];
  directories: { buildResources: string };
}

const config = yaml.load(readFileSync(new URL('../../../electron-builder.yml', import.meta.url), 'utf8')) as BuilderConfig;

describe('electron-builder.yml', () => {
  it('is valid for the installed electron-builder (its own schema)', async () => {
    await expect(validateConfiguration(config, { isEnabled: false, add: () => undefined })).resolves.toBeUndefined();
  });

  it('makes an NSIS installer, a dmg and a zip with the hardened runtime, unpacks native modules and rebuilds them', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.entitlements.startsWith(config.directories.buildResources)).toBe(true);
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**');
    expect(config.npmRebuild).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'dist/renderer/**']));
    expect(config.publish.map((p) => p.provider)).toEqual(['generic']);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
    });
  });
});
