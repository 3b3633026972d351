import { createHash, type KeyObject, sign, verify } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { z } from 'zod';
import { COMPILED_RULESET_IDS } from '../../../shared/validation/report';
import type { TrustedKey } from './pack-keys';
import { DAY_RE, FAMILY_OF, PACK_FAMILIES } from './packs';

/**
 * A rule pack as a file: a zip of `pack.json` (what it is, its dates, and the sha256 of every other
 * file), `pack.sig` (an Ed25519 signature of pack.json's bytes, base64) and the compiled stylesheets
 * it lists. The signature covers pack.json and pack.json covers every stylesheet, so one check tells
 * an altered pack; a file the list does not name is refused too. Stylesheets are compiled for one
 * compiler (SaxonJS and our pass over its output): a pack made for another is refused, as the worker
 * could not run it.
 */

export const PACK_MANIFEST = 'pack.json';
export const PACK_SIGNATURE = 'pack.sig';
/** A pack's files are compiled stylesheets of 2-7 MB; more is not a pack (and is never unpacked). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
const MAX_PACK_BYTES = 256 * 1024 * 1024;

const monthOrDay = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/);
const sef = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.sef\.json$/);

export const packManifestSchema = z.object({
  format: z.literal(1),
  family: z.enum(PACK_FAMILIES),
  name: z.string().min(1).max(100),
  version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/),
  published: monthOrDay.nullable(),
  mandatoryFrom: z.string().regex(DAY_RE).nullable(),
  compiler: z.string().min(1),
  rulesets: z
    .array(
      z.object({
        id: z.enum(COMPILED_RULESET_IDS),
        title: z.string().min(1).max(200),
        sef,
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        bytes: z.number().int().min(0),
      }),
    )
    .min(1),
});
export type PackManifest = z.infer<typeof packManifestSchema>;

/** Why a pack was refused, in words to show as they are. */
export class RulePackError extends Error {
  override name = 'RulePackError';
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Makes a signed pack (scripts/make-rule-pack.ts, tests): the manifest's hashes are taken from the files. */
export function buildPack(
  meta: Omit<PackManifest, 'format' | 'rulesets'> & {
    rulesets: { id: PackManifest['rulesets'][number]['id']; title: string; sef: string }[];
  },
  files: Record<string, Uint8Array>,
  privateKey: KeyObject,
): Uint8Array {
  const manifest: PackManifest = {
    format: 1,
    ...meta,
    rulesets: meta.rulesets.map((r) => {
      const b = files[r.sef];
      if (!b) throw new Error(`No file ${r.sef} for ${r.id}`);
      return { ...r, sha256: sha256(b), bytes: b.length };
    }),
  };
  const json = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  const sig = strToU8(sign(null, json, privateKey).toString('base64'));
  // The stylesheets are JSON: deflated, a pack is a fifth of their size.
  return zipSync({ [PACK_MANIFEST]: json, [PACK_SIGNATURE]: sig, ...files }, { level: 6 });
}

export interface OpenedPack {
  manifest: PackManifest;
  /** The stylesheets by file name, each checked against the manifest. */
  files: Map<string, Uint8Array>;
  signedBy: TrustedKey['name'];
  /** pack.json and pack.sig byte for byte, kept so the signature can be checked again once installed. */
  manifestBytes: Uint8Array;
  signature: Uint8Array;
}

/**
 * Reads and checks a pack: a zip, signed by a trusted key, every file the one signed, nothing more,
 * compiled by this app's compiler. Throws RulePackError saying what is wrong.
 */
export function openPack(bytes: Uint8Array, keys: readonly TrustedKey[], compiler: string | null): OpenedPack {
  if (bytes.length > MAX_PACK_BYTES) throw new RulePackError(`The file is too large to be a rule pack (${bytes.length} bytes).`);
  let entries: Record<string, Uint8Array>;
  let total = 0;
  try {
    entries = unzipSync(bytes, {
      // What the zip says of a file's size is checked before anything is unpacked (a small zip can claim gigabytes).
      filter: (f) => {
        total += f.originalSize;
        if (f.originalSize > MAX_ENTRY_BYTES || total > MAX_PACK_BYTES) throw new RulePackError(`The rule pack's ${f.name} is too large.`);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof RulePackError) throw e;
    throw new RulePackError('The file is not a rule pack: it is not a signed archive the app can read.');
  }
  const json = entries[PACK_MANIFEST];
  if (!json) throw new RulePackError(`The file is not a rule pack: it has no ${PACK_MANIFEST}.`);
  const sigText = entries[PACK_SIGNATURE];
  if (!sigText) throw new RulePackError('The rule pack is not signed, so the app cannot tell who made it: it was refused.');
  const sig = Buffer.from(strFromU8(sigText).trim(), 'base64');
  const signer = keys.find((k) => {
    try {
      return verify(null, json, k.key, sig);
    } catch {
      return false;
    }
  });
  if (!signer)
    throw new RulePackError(
      'The rule pack’s signature does not match: it was changed after it was signed, or signed by a key this app does not trust. It was refused.',
    );
  let manifest: PackManifest;
  try {
    manifest = packManifestSchema.parse(JSON.parse(strFromU8(json)));
  } catch {
    throw new RulePackError(`The rule pack's ${PACK_MANIFEST} is not one this app can read (it may be for a newer version).`);
  }
  const files = new Map<string, Uint8Array>();
  for (const r of manifest.rulesets) {
    if (FAMILY_OF[r.id] !== manifest.family)
      throw new RulePackError(`The rule pack of ${manifest.family} holds ${r.id}, of another family.`);
    const b = entries[r.sef];
    if (!b) throw new RulePackError(`The rule pack lacks ${r.sef}, which it lists.`);
    if (sha256(b) !== r.sha256)
      throw new RulePackError(`The rule pack was changed after it was signed (${r.sef} is not what was signed). It was refused.`);
    files.set(r.sef, b);
  }
  const extra = Object.keys(entries).filter((n) => n !== PACK_MANIFEST && n !== PACK_SIGNATURE && !files.has(n));
  if (extra.length)
    throw new RulePackError(`The rule pack holds files its signature does not cover (${extra.join(', ')}): it was refused.`);
  if (compiler && manifest.compiler !== compiler)
    throw new RulePackError(
      `The rule pack was compiled for ${manifest.compiler}; this version of the app runs ${compiler}. Get the pack made for this version.`,
    );
  return { manifest, files, signedBy: signer.name, manifestBytes: json, signature: sigText };
}
