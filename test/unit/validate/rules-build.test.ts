import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_RULESETS, MANIFEST_FILE, RULESETS, SCHEMATRON_COMPILER_FILES, sourcesOf } from '../../../main/core/validate/rulesets';
import {
  buildRules,
  compilerVersion,
  exportCacheKey,
  exportDirOf,
  RULES_BUILD_DIR,
  readManifest,
  rulesCacheDir,
  sourceHashes,
  staleRulesets,
  VENDOR_DIR,
} from '../../../scripts/build-rules';
import { COMPILED_RULESET_IDS } from '../../../shared/validation/report';
import { ensureRules, SHARED_VALIDATION } from '../../support/validation';

// "Checked by CI so they cannot drift": the compiled rules in build/rules/ are those of the vendored
// sources, and the vendored sources are those of ../shared/validation, byte for byte.

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();

beforeAll(async () => {
  await ensureRules();
}, 600_000);

describe('compiled rule sets (npm run build:rules)', () => {
  it('has a manifest whose source hashes are those of the vendored sources, and stylesheets that match their hashes', async () => {
    expect(await staleRulesets()).toEqual([]);
    const manifest = await readManifest(RULES_BUILD_DIR);
    expect(manifest?.compiler).toBe(compilerVersion());
    for (const r of BUILD_RULESETS) {
      const entry = manifest?.rulesets[r.id];
      expect(entry, r.id).toBeDefined();
      expect(entry?.sources).toEqual(await sourceHashes(r));
      expect(entry?.version).toBe(r.version);
      expect(sha256(join(RULES_BUILD_DIR, entry?.sef ?? ''))).toBe(entry?.sefSha256);
    }
  });

  it('compiles every rule set the app knows, and depends on every file of the Schematron compiler', () => {
    expect(RULESETS.map((r) => r.id).sort()).toEqual([...COMPILED_RULESET_IDS].sort());
    const schxslt = filesUnder(join(VENDOR_DIR, 'schxslt')).filter((f) => f.endsWith('.xsl') && !f.startsWith('util/'));
    expect([...SCHEMATRON_COMPILER_FILES].sort()).toEqual(schxslt.map((f) => `schxslt/${f}`).sort());
    for (const r of RULESETS) for (const s of sourcesOf(r)) expect(() => readFileSync(join(VENDOR_DIR, s)), s).not.toThrow();
  });

  it('finds a stale compile: a changed source hash in the manifest makes the rule set stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-stale-'));
    cpSync(join(RULES_BUILD_DIR, MANIFEST_FILE), join(dir, MANIFEST_FILE));
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    manifest.rulesets['PEPPOL-BIS3-UBL'].sources['peppol/PEPPOL-EN16931-UBL.sch'] = '0'.repeat(64);
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
    try {
      const stale = await staleRulesets(dir, VENDOR_DIR, false);
      expect(stale).toEqual([{ id: 'PEPPOL-BIS3-UBL', reason: expect.stringContaining('peppol/PEPPOL-EN16931-UBL.sch') }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('copies a compile from the cache outside the checkout instead of compiling again (a fresh clone, CI)', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'rules-cache-'));
    const out = mkdtempSync(join(tmpdir(), 'rules-out-'));
    try {
      const manifest = await readManifest(RULES_BUILD_DIR);
      for (const r of BUILD_RULESETS) {
        // The cache holds xslt3's exports; the optimizing pass runs on what is copied from it.
        const key = exportCacheKey(r, await sourceHashes(r));
        cpSync(join(exportDirOf(RULES_BUILD_DIR), r.sef), join(cache, `${key}.sef.json`));
        writeFileSync(join(cache, `${key}.sef.json.sha256`), `${sha256(join(cache, `${key}.sef.json`))}\n`);
      }
      const log: string[] = [];
      const built = await buildRules({ outDir: out, cacheDir: cache, log: (l) => log.push(l) });
      // The invoice rule sets and the Invoice Response rules (T111).
      expect(built.compiled.map((c) => c.id).sort()).toEqual([...COMPILED_RULESET_IDS, 'PEPPOL-T111'].sort());
      expect(log.every((l) => l.includes('copied from the cache'))).toBe(true);
      expect(await staleRulesets(out)).toEqual([]);
      for (const r of BUILD_RULESETS) expect(sha256(join(out, r.sef)), r.id).toBe(manifest?.rulesets[r.id]?.sefSha256);
      expect((await buildRules({ outDir: out, cacheDir: cache })).compiled).toEqual([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
      rmSync(exportDirOf(out), { recursive: true, force: true });
    }
    expect(rulesCacheDir({ EINVOICE_RULES_CACHE: 'off' })).toBeNull();
    expect(rulesCacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/einvoice-sync/rules');
  });

  it('ships the rule sources of ../shared/validation unedited, each with its licence', () => {
    const vendored = filesUnder(VENDOR_DIR).filter((f) => f !== 'README.md');
    const shared = filesUnder(SHARED_VALIDATION).filter((f) => !f.startsWith('tests/') && f !== 'README.md');
    expect(vendored).toEqual(shared);
    for (const f of vendored) expect(sha256(join(VENDOR_DIR, f)), f).toBe(sha256(join(SHARED_VALIDATION, f)));
    expect(vendored).toContain('en16931/LICENSE-EUPL-1.2.txt');
    expect(vendored).toContain('schxslt/LICENSE-MIT.txt');
  });
});
