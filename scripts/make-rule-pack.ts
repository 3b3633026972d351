// npm run rules:pack: makes a signed rule pack (main/core/validate/pack-archive.ts) of a release of the
// rules vendored under vendor/validation/, compiled as build:rules compiles the shipped ones, for
// `rules install FILE` or Settings. Signed with the dev key (scripts/rule-packs/dev-key.ts, trusted only
// by an app run from its sources) unless --key names the release key's private half (PEM).
//
//   npm run rules:pack -- peppol-3.0.18 --out peppol-bis3-3.0.18.rulepack [--only PEPPOL-BIS3-UBL] [--key FILE]
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPack, type PackManifest } from '../main/core/validate/pack-archive';
import type { InvoiceRulesetSource } from '../main/core/validate/rulesets';
import type { CompiledRulesetId } from '../shared/validation/report';
import { compileOne, compilerVersion, rulesCacheDir, VENDOR_DIR } from './build-rules';
import { DEV_PACK_PRIVATE_KEY_PEM } from './rule-packs/dev-key';

/** A release of the rules the repository vendors beside the shipped one, with its publisher's dates. */
export interface PackSource extends Omit<PackManifest, 'format' | 'rulesets' | 'compiler'> {
  rulesets: InvoiceRulesetSource[];
}

/**
 * Peppol BIS Billing 3.0 release 3.0.18: published November 2024 (its release notes name the month),
 * mandatory from 2025-02-17, until 3.0.19 took over on 2025-08-25.
 */
export const PACK_SOURCES: Readonly<Record<string, PackSource>> = {
  'peppol-3.0.18': {
    family: 'PEPPOL-BIS3',
    name: 'Peppol BIS Billing 3.0',
    version: '3.0.18',
    published: '2024-11',
    mandatoryFrom: '2025-02-17',
    rulesets: [
      {
        id: 'PEPPOL-BIS3-UBL',
        title: 'Peppol BIS Billing 3.0 rules (UBL)',
        version: '3.0.18',
        kind: 'schematron',
        source: 'peppol-3.0.18/PEPPOL-EN16931-UBL.sch',
        sef: 'PEPPOL-BIS3-UBL.sef.json',
      },
      {
        id: 'PEPPOL-BIS3-CII',
        title: 'Peppol BIS Billing 3.0 rules (CII)',
        version: '3.0.18',
        kind: 'schematron',
        source: 'peppol-3.0.18/PEPPOL-EN16931-CII.sch',
        sef: 'PEPPOL-BIS3-CII.sef.json',
      },
    ],
  },
};

export const devPackKey = (): KeyObject => createPrivateKey(DEV_PACK_PRIVATE_KEY_PEM);

/** Compiles the pack's rule sets (or `only` those) and answers the signed pack's bytes. */
export async function makeRulePack(
  source: PackSource,
  o: { only?: CompiledRulesetId[]; key?: KeyObject; cacheDir?: string | null; vendorDir?: string } = {},
): Promise<Uint8Array> {
  const sets = source.rulesets.filter((r) => !o.only || o.only.includes(r.id));
  const out = await mkdtemp(join(tmpdir(), 'einvoice-rule-pack-'));
  try {
    const files: Record<string, Uint8Array> = {};
    for (const r of sets) {
      await compileOne(r, out, o.vendorDir ?? VENDOR_DIR, o.cacheDir === undefined ? rulesCacheDir() : o.cacheDir);
      files[r.sef] = await readFile(join(out, r.sef));
    }
    const { rulesets: _r, ...meta } = source;
    return buildPack(
      { ...meta, compiler: compilerVersion(), rulesets: sets.map((r) => ({ id: r.id, title: r.title, sef: r.sef })) },
      files,
      o.key ?? devPackKey(),
    );
  } finally {
    await rm(out, { recursive: true, force: true });
    await rm(`${out}-export`, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const which = args[0] ?? '';
  const source = PACK_SOURCES[which];
  const outFile = opt('--out');
  if (!source || !outFile) {
    process.stderr.write(`usage: npm run rules:pack -- <${Object.keys(PACK_SOURCES).join('|')}> --out FILE [--only ID] [--key FILE]\n`);
    process.exit(2);
  }
  const keyFile = opt('--key');
  const only = opt('--only');
  const bytes = await makeRulePack(source, {
    ...(only ? { only: [only as CompiledRulesetId] } : {}),
    ...(keyFile ? { key: createPrivateKey(await readFile(keyFile)) } : {}),
  });
  await writeFile(outFile, bytes);
  process.stdout.write(`rules:pack: ${source.name} ${source.version} (${bytes.length} bytes) in ${outFile}\n`);
}
