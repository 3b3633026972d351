import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { RULES_KEY } from '../../../main/core/sync/validate-outbound';
import { buildPack, openPack, RulePackError } from '../../../main/core/validate/pack-archive';
import { trustedPackKeys } from '../../../main/core/validate/pack-keys';
import { installedPacks, installPack } from '../../../main/core/validate/pack-store';
import { BUILTIN_PACKS, rulesKeyOf, selectPacks } from '../../../main/core/validate/packs';
import { packsLine, upcomingLines } from '../../../main/core/validate/packs-check';
import { devPackKey } from '../../../scripts/make-rule-pack';
import type { ValidationReport } from '../../../shared/validation/report';
import { fileTempDir } from '../../support/temp';

// Rule packs (issue 41): a signed archive is opened only when its signature and every file's hash hold,
// and a file is checked against the pack in force on the day and the next one.

const COMPILER = 'SaxonJS test';
const SEF = strToU8('{"N":"package","test":true}');
const meta = {
  family: 'PEPPOL-BIS3' as const,
  name: 'Peppol BIS Billing 3.0',
  version: '3.0.18',
  published: '2024-11',
  mandatoryFrom: '2025-02-17',
  compiler: COMPILER,
  rulesets: [{ id: 'PEPPOL-BIS3-UBL' as const, title: 'Peppol BIS Billing 3.0 rules (UBL)', sef: 'PEPPOL-BIS3-UBL.sef.json' }],
};
const keys = trustedPackKeys(false);
const signed = () => buildPack(meta, { 'PEPPOL-BIS3-UBL.sef.json': SEF }, devPackKey());
const rezip = (pack: Uint8Array, change: (e: Record<string, Uint8Array>) => void) => {
  const e = unzipSync(pack);
  change(e);
  return zipSync(e);
};
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RulePackError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('a rule pack archive', () => {
  it('opens when signed by a trusted key, every file as signed', () => {
    const p = openPack(signed(), keys, COMPILER);
    expect(p.manifest).toMatchObject({ family: 'PEPPOL-BIS3', version: '3.0.18', mandatoryFrom: '2025-02-17' });
    expect(p.signedBy).toBe('dev');
    expect([...p.files.keys()]).toEqual(['PEPPOL-BIS3-UBL.sef.json']);
  });

  it('is refused, in plain words, unsigned, altered, signed by another key, padded or for another compiler', () => {
    expect(
      refusal(() =>
        openPack(
          rezip(signed(), (e) => delete e['pack.sig']),
          keys,
          COMPILER,
        ),
      ),
    ).toMatch(/not signed/);
    expect(
      refusal(() =>
        openPack(
          rezip(signed(), (e) => (e['PEPPOL-BIS3-UBL.sef.json'] = strToU8('{"evil":1}'))),
          keys,
          COMPILER,
        ),
      ),
    ).toMatch(/changed after it was signed \(PEPPOL-BIS3-UBL.sef.json/);
    const later = rezip(signed(), (e) => {
      e['pack.json'] = strToU8(strFromU8(e['pack.json'] as Uint8Array).replace('2025-02-17', '2027-01-01'));
    });
    expect(refusal(() => openPack(later, keys, COMPILER))).toMatch(/signature does not match/);
    const stranger = buildPack(meta, { 'PEPPOL-BIS3-UBL.sef.json': SEF }, generateKeyPairSync('ed25519').privateKey);
    expect(refusal(() => openPack(stranger, keys, COMPILER))).toMatch(/signature does not match/);
    expect(
      refusal(() =>
        openPack(
          rezip(signed(), (e) => (e['extra.sef.json'] = SEF)),
          keys,
          COMPILER,
        ),
      ),
    ).toMatch(/files its signature does not cover \(extra.sef.json\)/);
    expect(refusal(() => openPack(signed(), keys, 'SaxonJS 3'))).toMatch(
      /compiled for SaxonJS test; this version of the app runs SaxonJS 3/,
    );
    expect(refusal(() => openPack(strToU8('not a zip'), keys, COMPILER))).toMatch(/not a rule pack/);
  });

  it('signed with the dev key is refused by an installed app', () => {
    expect(trustedPackKeys(true).map((k) => k.name)).not.toContain('dev');
    expect(refusal(() => openPack(signed(), trustedPackKeys(true), COMPILER))).toMatch(/signature does not match/);
  });

  it('once installed, is no longer used when its pack.json is edited in place', () => {
    const dir = fileTempDir('einvoice-packs-');
    const { pack } = installPack(signed(), dir, { keys, compiler: COMPILER });
    expect(pack.sheets['PEPPOL-BIS3-UBL']?.path).toBe(join(dir, 'PEPPOL-BIS3-3.0.18', 'PEPPOL-BIS3-UBL.sef.json'));
    expect(installedPacks(dir, keys).packs.map((p) => p.version)).toEqual(['3.0.18']);
    const json = join(dir, 'PEPPOL-BIS3-3.0.18', 'pack.json');
    writeFileSync(json, readFileSync(json, 'utf8').replace('2025-02-17', '2027-01-01'));
    expect(installedPacks(dir, keys)).toMatchObject({ packs: [], refused: [{ folder: 'PEPPOL-BIS3-3.0.18' }] });
  });
});

describe('the packs of a day', () => {
  const p18 = { ...(BUILTIN_PACKS[1] as (typeof BUILTIN_PACKS)[number]), version: '3.0.18', mandatoryFrom: '2025-02-17', builtin: false };
  const packs = [...BUILTIN_PACKS, p18];

  it('before 2025-08-25: 3.0.18 in force, 3.0.19 next; from that day: 3.0.19 alone', () => {
    const before = selectPacks(packs, '2025-08-24');
    expect(before.inForce['PEPPOL-BIS3-UBL'].version).toBe('3.0.18');
    expect(before.next['PEPPOL-BIS3-UBL']?.version).toBe('3.0.19');
    expect(before.inForce['EN16931-UBL'].version).toBe('validation-1.3.16');
    expect(before.next['EN16931-UBL']).toBeUndefined();
    const on = selectPacks(packs, '2025-08-25');
    expect(on.inForce['PEPPOL-BIS3-UBL'].version).toBe('3.0.19');
    expect(on.next['PEPPOL-BIS3-UBL']).toBeUndefined();
    // Before the first date of all, the earliest pack: nothing newer may be asked for yet.
    expect(selectPacks(packs, '2024-12-01').inForce['PEPPOL-BIS3-UBL'].version).toBe('3.0.18');
  });

  it('keys its reports by the packs: the shipped packs alone keep the key of the reports made before packs', () => {
    expect(rulesKeyOf(selectPacks(BUILTIN_PACKS, '2026-12-01'))).toBe(RULES_KEY);
    expect(rulesKeyOf(selectPacks(packs, '2025-08-01'))).toBe(
      'EN16931-UBL@validation-1.3.16,EN16931-CII@validation-1.3.16,PEPPOL-BIS3-UBL@3.0.18,PEPPOL-BIS3-CII@3.0.18;next:PEPPOL-BIS3-UBL@3.0.19,PEPPOL-BIS3-CII@3.0.19',
    );
  });
});

describe('what a report says of the next pack', () => {
  const issue = {
    id: 'PEPPOL-EN16931-R051',
    flag: 'fatal' as const,
    ruleset: 'PEPPOL-BIS3-UBL',
    location: '/Invoice',
    xpath: '',
    text: '',
  };
  const pack = {
    family: 'PEPPOL-BIS3',
    name: 'Peppol BIS Billing 3.0',
    version: '3.0.19',
    published: '2025-05-21',
    mandatoryFrom: '2025-08-25',
  };
  const report = {
    valid: true,
    checkedOn: '2025-08-01',
    packs: [
      { ...pack, version: '3.0.18', mandatoryFrom: '2025-02-17', role: 'in-force' as const },
      { ...pack, role: 'next' as const },
    ],
    upcoming: [{ pack: { ...pack, role: 'next' as const }, from: '2025-08-25', breaks: [issue], fixes: [], validThen: false }],
  } as unknown as ValidationReport;

  it('names the packs and the rules it breaks from the date', () => {
    expect(packsLine(report)).toBe(
      'Peppol BIS Billing 3.0 3.0.18, in force on 2025-08-01; also checked against Peppol BIS Billing 3.0 3.0.19 (mandatory from 2025-08-25)',
    );
    expect(upcomingLines(report)).toEqual(['valid now; from 2025-08-25 it breaks PEPPOL-EN16931-R051 (Peppol BIS Billing 3.0 3.0.19)']);
  });
});
