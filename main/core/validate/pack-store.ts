import { verify } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPack, PACK_MANIFEST, PACK_SIGNATURE, type PackManifest, packManifestSchema, RulePackError } from './pack-archive';
import { type TrustedKey, trustedPackKeys } from './pack-keys';
import { BUILTIN_PACKS, type RulePack } from './packs';
import { MANIFEST_FILE, type RulesManifest } from './rulesets';
import { findRules } from './validator';

/**
 * The rule packs installed in the data folder (<data>/rule-packs/<family>-<version>/, each its pack.json,
 * pack.sig and stylesheets as they came), beside those the app ships. Each is checked when installed,
 * its signature again every time the packs are read (a pack.json edited in place is not used), and
 * each stylesheet's hash by the worker before it loads it.
 */

export const PACKS_FOLDER = 'rule-packs';

export const packsDirOf = (dataDir: string) => join(dataDir, PACKS_FOLDER);

/** The compiler of the rule sets the app ships (their manifest), which an installed pack must match; null when unknown. */
export function appCompiler(rulesDir = findRules().rulesDir): string | null {
  try {
    return (JSON.parse(readFileSync(join(rulesDir, MANIFEST_FILE), 'utf8')) as RulesManifest).compiler;
  } catch {
    return null;
  }
}

/** The keys packs are checked with here: an installed app does not trust the dev key. */
export const packKeysHere = (): TrustedKey[] => trustedPackKeys(findRules().origin === 'installed');

function toPack(m: PackManifest, dir: string): RulePack {
  return {
    family: m.family,
    name: m.name,
    version: m.version,
    published: m.published,
    mandatoryFrom: m.mandatoryFrom,
    rulesets: m.rulesets.map((r) => r.id),
    sheets: Object.fromEntries(m.rulesets.map((r) => [r.id, { id: r.id, title: r.title, path: join(dir, r.sef), sha256: r.sha256 }])),
    builtin: false,
  };
}

/** Checks a pack file and puts it in the data folder, in place of an earlier copy of the same release. */
export function installPack(
  bytes: Uint8Array,
  packsDir: string,
  o: { keys?: readonly TrustedKey[]; compiler?: string | null } = {},
): { pack: RulePack; replaced: boolean } {
  const opened = openPack(bytes, o.keys ?? packKeysHere(), o.compiler === undefined ? appCompiler() : o.compiler);
  const m = opened.manifest;
  if (BUILTIN_PACKS.some((p) => p.family === m.family && p.version === m.version))
    throw new RulePackError(`${m.name} ${m.version} comes with the app already: there is nothing to install.`);
  const name = `${m.family}-${m.version}`;
  const dest = join(packsDir, name);
  const tmp = join(packsDir, `.${name}.${process.pid}.${Date.now()}`);
  mkdirSync(tmp, { recursive: true });
  try {
    for (const [file, b] of opened.files) writeFileSync(join(tmp, file), b);
    writeFileSync(join(tmp, PACK_SIGNATURE), opened.signature);
    writeFileSync(join(tmp, PACK_MANIFEST), opened.manifestBytes);
    const replaced = statSync(dest, { throwIfNoEntry: false }) !== undefined;
    rmSync(dest, { recursive: true, force: true });
    renameSync(tmp, dest);
    return { pack: toPack(m, dest), replaced };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export interface InstalledPacks {
  packs: RulePack[];
  /** Folders under rule-packs/ that are not a usable pack, and why. */
  refused: { folder: string; reason: string }[];
}

/** The installed packs whose signature still holds. */
export function installedPacks(packsDir: string, keys: readonly TrustedKey[] = packKeysHere()): InstalledPacks {
  const out: InstalledPacks = { packs: [], refused: [] };
  let names: string[];
  try {
    names = readdirSync(packsDir).filter((n) => !n.startsWith('.'));
  } catch {
    return out;
  }
  for (const folder of names.sort()) {
    const dir = join(packsDir, folder);
    try {
      const json = readFileSync(join(dir, PACK_MANIFEST));
      const sig = Buffer.from(readFileSync(join(dir, PACK_SIGNATURE), 'utf8').trim(), 'base64');
      if (!keys.some((k) => verify(null, json, k.key, sig))) throw new RulePackError('its signature does not match its pack.json');
      out.packs.push(toPack(packManifestSchema.parse(JSON.parse(json.toString('utf8'))), dir));
    } catch (e) {
      out.refused.push({ folder, reason: e instanceof RulePackError ? e.message : `it cannot be read (${(e as Error).message})` });
    }
  }
  return out;
}

/** Every pack the app has: those it ships, then those installed in `packsDir` (none when null). */
export function allPacks(packsDir: string | null): RulePack[] {
  return [...BUILTIN_PACKS, ...(packsDir ? installedPacks(packsDir).packs : [])];
}
