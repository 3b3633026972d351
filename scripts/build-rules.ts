// npm run build:rules: compiles the official rule sets the app ships (vendor/validation/, copied unedited
// from ../shared/validation) into SaxonJS stylesheets (SEF JSON, about 3-7 MB each) under build/rules/,
// with a manifest of the sha256 of every source file and of every compiled stylesheet.
//
// The compiled files are build output, not sources: they are not in git. A rule set is compiled again
// only when it is missing, when a source's hash differs from the manifest's, when the compiler (SaxonJS)
// is another release, or when its stylesheet no longer matches its hash; so the step costs about a
// second when nothing changed and about 30 s on two cores when everything did. `npm test` runs it before
// vitest, `npm run dist` before packaging (electron-builder copies build/rules/ into the installer), and
// test/unit/validate/rules-build.test.ts fails when the manifest and the vendored sources disagree.
// A compiled stylesheet is also kept in a cache outside the checkout ($EINVOICE_RULES_CACHE, default
// ~/.cache/einvoice-sync/rules; "off" to disable), keyed by the compiler and the sources' hashes, so a
// fresh clone (CI) or a second checkout copies it instead of compiling again.
//
//   npm run build:rules              compile what is missing or stale
//   npm run build:rules -- --check   only say what is stale (exit 1 if anything is)
//   npm run build:rules -- --force   compile everything again
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import {
  BUILD_RULESETS,
  type BuildRulesetId,
  MANIFEST_FILE,
  type ManifestEntry,
  type RulesetSource,
  type RulesManifest,
  SCHEMATRON_COMPILER,
  sourcesOf,
} from '../main/core/validate/rulesets';
import { optimizeSef, SEF_OPTIMIZER } from '../main/core/validate/sef-optimize';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const VENDOR_DIR = join(ROOT, 'vendor', 'validation');
export const RULES_BUILD_DIR = join(ROOT, 'build', 'rules');
const require = createRequire(import.meta.url);
const XSLT3 = require.resolve('xslt3/xslt3.js');

/** What xslt3 exports a stylesheet with: a SEF is compiled by and for one SaxonJS release. */
export function exporterVersion(): string {
  const saxon = (require('saxon-js/package.json') as { version: string }).version;
  const xslt3 = (require('xslt3/package.json') as { version: string }).version;
  return `SaxonJS ${saxon} (xslt3 ${xslt3})`;
}

/**
 * SchXslt's compact SVRL: no fired-rule, suppressed-rule or active-pattern elements, no metadata. The app
 * reads only failed asserts and successful reports, which are the same either way, and building a
 * fired-rule for every node each rule matches was about a fifth of the Peppol rules' time.
 */
export const SCHEMATRON_PARAMS = ['?schxslt.svrl.compact=true()'];

/**
 * The compiler, as the manifest records it: the export, then our optimizing pass over it; a new release
 * of either, or other compiler options, make every compiled rule set stale.
 */
export const compilerVersion = (): string => `${exporterVersion()} + compact SVRL + ${SEF_OPTIMIZER}`;

/** An export's name in the cache: the same exporter, options and sources make the same stylesheet. */
export const exportCacheKey = (r: RulesetSource, sources: Record<string, string>) =>
  cacheKey(r, r.kind === 'schematron' ? `${exporterVersion()} ${SCHEMATRON_PARAMS.join(' ')}` : exporterVersion(), sources);

/**
 * Where the stylesheets stand as xslt3 exported them, before the optimizing pass: beside the build, not
 * in it (only build/rules/ is packaged). sef-optimize.test.ts holds the reports of both to be the same.
 */
export const exportDirOf = (outDir: string) => `${outDir}-export`;

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

/** The cache of compiled stylesheets outside the checkout, or null when it is off. */
export function rulesCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env.EINVOICE_RULES_CACHE;
  if (v === 'off') return null;
  if (v) return v;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'einvoice-sync', 'rules');
}

/** A compile's name in the cache, from what made it and the sources' hashes. */
export const cacheKey = (r: RulesetSource, compiler: string, sources: Record<string, string>) =>
  sha256(JSON.stringify({ id: r.id, compiler, sources: Object.entries(sources).sort() }));

async function fromCache(cacheDir: string | null, key: string, dest: string): Promise<boolean> {
  if (!cacheDir) return false;
  try {
    const cached = join(cacheDir, `${key}.sef.json`);
    const want = (await readFile(`${cached}.sha256`, 'utf8')).trim();
    const tmp = `${dest}.${process.pid}.tmp`;
    await copyFile(cached, tmp);
    if (sha256(await readFile(tmp)) !== want) {
      await rm(tmp, { force: true });
      return false;
    }
    await rename(tmp, dest);
    return true;
  } catch {
    return false;
  }
}

async function toCache(cacheDir: string | null, key: string, sef: Buffer): Promise<void> {
  if (!cacheDir) return;
  try {
    await mkdir(cacheDir, { recursive: true });
    const tmp = join(cacheDir, `.${key}.${process.pid}.tmp`);
    await writeFile(tmp, sef);
    await rename(tmp, join(cacheDir, `${key}.sef.json`));
    await writeFile(join(cacheDir, `${key}.sef.json.sha256`), `${sha256(sef)}\n`);
  } catch {
    // A cache that cannot be written only means the next clone compiles again.
  }
}

export async function sourceHashes(r: RulesetSource, vendorDir = VENDOR_DIR): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of sourcesOf(r)) out[rel] = sha256(await readFile(join(vendorDir, rel)));
  return out;
}

export async function readManifest(outDir: string): Promise<RulesManifest | null> {
  try {
    const m = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as RulesManifest;
    return m.format === 1 ? m : null;
  } catch {
    return null;
  }
}

export interface StaleRuleset {
  id: BuildRulesetId;
  reason: string;
}

/** What would be compiled, and why; empty when build/rules/ matches the sources. */
export async function staleRulesets(outDir = RULES_BUILD_DIR, vendorDir = VENDOR_DIR, checkSef = true): Promise<StaleRuleset[]> {
  const manifest = await readManifest(outDir);
  const compiler = compilerVersion();
  const stale: StaleRuleset[] = [];
  for (const r of BUILD_RULESETS) {
    const entry = manifest?.rulesets[r.id];
    if (!manifest || !entry) {
      stale.push({ id: r.id, reason: 'not compiled yet' });
      continue;
    }
    if (manifest.compiler !== compiler) {
      stale.push({ id: r.id, reason: `compiled by ${manifest.compiler}, the compiler is now ${compiler}` });
      continue;
    }
    const now = await sourceHashes(r, vendorDir);
    const changed = Object.keys({ ...now, ...entry.sources }).filter((k) => now[k] !== entry.sources[k]);
    if (changed.length) {
      stale.push({ id: r.id, reason: `sources changed since it was compiled: ${changed.join(', ')}` });
      continue;
    }
    if (checkSef) {
      const sef = await readFile(join(outDir, entry.sef)).catch(() => null);
      if (!sef) stale.push({ id: r.id, reason: `${entry.sef} is missing` });
      else if (sha256(sef) !== entry.sefSha256) stale.push({ id: r.id, reason: `${entry.sef} does not match its hash` });
      else if (!(await stat(join(exportDirOf(outDir), entry.sef)).catch(() => null)))
        stale.push({ id: r.id, reason: `its export (${entry.sef} before the optimizing pass) is missing` });
    }
  }
  return stale;
}

function run(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [XSLT3, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`xslt3 ${args.join(' ')} failed (${code}): ${err.trim()}`))));
  });
}

/**
 * The Schematron with each file it includes (sch:include or xi:include, by href) written in its place, as
 * OpenPEPPOL's own build prepares it: SchXslt resolves neither form across these files. An include of a
 * file the rule set does not list (the generated T111-basic.sch) is dropped.
 */
export async function inlineIncludes(r: RulesetSource, path: string, vendorDir: string, tmp: string): Promise<string> {
  const base = dirname(path);
  const known = new Set((r.includes ?? []).map((f) => join(vendorDir, f)));
  const text = await readFile(path, 'utf8');
  const parts = new Map<string, string>();
  for (const m of text.matchAll(/<(?:xi:)?include\s+href="([^"]+)"\s*\/>/g)) {
    const file = join(base, m[1] as string);
    if (known.has(file)) parts.set(m[0], (await readFile(file, 'utf8')).replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, ''));
  }
  const out = text.replace(/<(?:xi:)?include\s+href="([^"]+)"\s*\/>/g, (m) => parts.get(m) ?? `<!-- ${m.slice(1, -2)} left out -->`);
  const prepared = join(tmp, `${r.id}.prepared.sch`);
  await writeFile(prepared, out);
  return prepared;
}

/** xslt3's export of a rule set, from the cache or compiled (about 30-45 s), into `exportPath`. */
async function exportOne(r: RulesetSource, exportPath: string, vendorDir: string, cacheDir: string | null, key: string): Promise<boolean> {
  if (await fromCache(cacheDir, key, exportPath)) return true;
  const tmp = join(dirname(exportPath), `.${r.id}.${process.pid}.${Date.now()}`);
  await mkdir(tmp, { recursive: true });
  try {
    let xsl = join(vendorDir, r.source);
    if (r.includes?.length) xsl = await inlineIncludes(r, xsl, vendorDir, tmp);
    if (r.kind === 'schematron') {
      const generated = join(tmp, `${r.id}.xsl`);
      await run([`-xsl:${join(vendorDir, SCHEMATRON_COMPILER)}`, `-s:${xsl}`, `-o:${generated}`, ...SCHEMATRON_PARAMS], tmp);
      xsl = generated;
    }
    const sefTmp = join(tmp, r.sef);
    await run([`-xsl:${xsl}`, `-export:${sefTmp}`, '-nogo', '-relocate:on'], tmp);
    await rename(sefTmp, exportPath);
    await toCache(cacheDir, key, await readFile(exportPath));
    return false;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Compiles one rule set into `outDir` (its export beside it), from the cache when it is there. */
export async function compileOne(
  r: RulesetSource,
  outDir: string,
  vendorDir: string,
  cacheDir: string | null,
): Promise<ManifestEntry & { cached: boolean }> {
  const sources = await sourceHashes(r, vendorDir);
  const exportPath = join(exportDirOf(outDir), r.sef);
  await mkdir(dirname(exportPath), { recursive: true });
  const cached = await exportOne(r, exportPath, vendorDir, cacheDir, exportCacheKey(r, sources));
  // The pass runs here, once, rather than in each validator worker as it loads (0.2-0.6 s per worker).
  const exported = JSON.parse(await readFile(exportPath, 'utf8')) as unknown;
  optimizeSef(exported);
  const sef = Buffer.from(JSON.stringify(exported));
  const tmp = join(outDir, `.${r.sef}.${process.pid}.tmp`);
  await writeFile(tmp, sef);
  await rename(tmp, join(outDir, r.sef));
  return { ...entryOf(r, sources, sef), cached };
}

function entryOf(r: RulesetSource, sources: Record<string, string>, sef: Buffer): ManifestEntry {
  return { version: r.version, sources, sef: r.sef, sefSha256: sha256(sef), bytes: sef.length, compiledAt: new Date().toISOString() };
}

/** One build at a time per folder (tests, npm test and a developer may start one together). */
async function withLock<T>(outDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${outDir}.lock`;
  await mkdir(dirname(lock), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 10 * 60_000) await rm(lock, { recursive: true, force: true });
      else if (Date.now() - started > 15 * 60_000) throw new Error(`${lock} is held by another build for too long`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export interface BuildRulesResult {
  outDir: string;
  compiled: StaleRuleset[];
  ms: number;
}

/** Compiles what is missing or stale (everything with `force`) and rewrites the manifest. */
export async function buildRules(
  o: { outDir?: string; vendorDir?: string; cacheDir?: string | null; force?: boolean; log?: (line: string) => void } = {},
): Promise<BuildRulesResult> {
  const outDir = o.outDir ?? RULES_BUILD_DIR;
  const vendorDir = o.vendorDir ?? VENDOR_DIR;
  // --force compiles for real; the cache is still filled.
  const cacheDir = o.cacheDir === undefined ? rulesCacheDir() : o.cacheDir;
  const started = performance.now();
  return withLock(outDir, async () => {
    await mkdir(outDir, { recursive: true });
    const todo = o.force ? BUILD_RULESETS.map((r) => ({ id: r.id, reason: 'forced' })) : await staleRulesets(outDir, vendorDir);
    if (todo.length === 0) return { outDir, compiled: [], ms: performance.now() - started };
    const old = await readManifest(outDir);
    const compiler = compilerVersion();
    const manifest: RulesManifest = { format: 1, compiler, rulesets: old?.compiler === compiler ? { ...old.rulesets } : {} };
    const limit = pLimit(Math.max(1, Math.min(availableParallelism(), todo.length)));
    await Promise.all(
      todo.map((t) =>
        limit(async () => {
          const r = BUILD_RULESETS.find((x) => x.id === t.id) as RulesetSource;
          const t0 = performance.now();
          const { cached, ...entry } = await compileOne(r, outDir, vendorDir, o.force ? null : cacheDir);
          if (o.force) await toCache(cacheDir, exportCacheKey(r, entry.sources), await readFile(join(exportDirOf(outDir), r.sef)));
          manifest.rulesets[r.id] = entry;
          const took = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
          o.log?.(
            cached ? `${r.id} (${t.reason}) copied from the cache ${cacheDir} in ${took}` : `compiled ${r.id} (${t.reason}) in ${took}`,
          );
        }),
      ),
    );
    const tmp = join(outDir, `.${MANIFEST_FILE}.${process.pid}`);
    await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(tmp, join(outDir, MANIFEST_FILE));
    return { outDir, compiled: todo, ms: performance.now() - started };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2));
  const log = (s: string) => process.stdout.write(`build:rules: ${s}\n`);
  if (args.has('--check')) {
    const stale = await staleRulesets();
    for (const s of stale) log(`${s.id} is stale: ${s.reason}`);
    if (stale.length) process.exitCode = 1;
    else log(`every rule set in ${RULES_BUILD_DIR} matches its sources`);
  } else {
    const r = await buildRules({ force: args.has('--force'), log });
    log(
      r.compiled.length
        ? `built ${r.compiled.length} rule set(s) into ${r.outDir} in ${(r.ms / 1000).toFixed(1)} s`
        : `up to date (${Math.round(r.ms)} ms)`,
    );
  }
}
