import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildPack } from '../../../main/core/validate/pack-archive';
import { appCompiler } from '../../../main/core/validate/pack-store';
import { devPackKey } from '../../../scripts/make-rule-pack';
import type { RulePacksView } from '../../../shared/bridge/validation';
import { testBridge } from './setup';

// Settings' rule packs (issue 41) through the bridge: a signed pack installs and takes its place by date;
// an altered one is refused with the reason.

const pack = () =>
  buildPack(
    {
      family: 'PEPPOL-BIS3',
      name: 'Peppol BIS Billing 3.0',
      version: '3.0.18',
      published: '2024-11',
      mandatoryFrom: '2025-02-17',
      compiler: appCompiler() ?? 'none',
      rulesets: [
        { id: 'PEPPOL-BIS3-UBL', title: 'Peppol BIS Billing 3.0 rules (UBL)', sef: 'PEPPOL-BIS3-UBL.sef.json' },
        { id: 'PEPPOL-BIS3-CII', title: 'Peppol BIS Billing 3.0 rules (CII)', sef: 'PEPPOL-BIS3-CII.sef.json' },
      ],
    },
    { 'PEPPOL-BIS3-UBL.sef.json': strToU8('{}'), 'PEPPOL-BIS3-CII.sef.json': strToU8('{"cii":1}') },
    devPackKey(),
  );
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

describe('rules.install and rules.list', () => {
  it('installs a signed pack, in force before 2025-08-25 with 3.0.19 next, and refuses an altered one', async () => {
    const { bridge } = testBridge({ now: () => Date.parse('2025-08-01T12:00:00Z') });
    const e = unzipSync(pack());
    e['PEPPOL-BIS3-UBL.sef.json'] = strToU8('{"x":1}');
    expect(await bridge.dispatch('rules.install', { name: 'altered.rulepack', base64: b64(zipSync(e)) })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: expect.stringContaining('altered.rulepack: The rule pack was changed after it was signed') },
    });
    const ok = await bridge.dispatch('rules.install', { name: 'p.rulepack', base64: b64(pack()) });
    expect(ok).toMatchObject({ ok: true, value: { day: '2025-08-01', installed: { name: 'Peppol BIS Billing 3.0', version: '3.0.18' } } });
    const list = await bridge.dispatch('rules.list', {});
    expect(list.ok && (list.value as RulePacksView).packs.map((p) => `${p.version} ${p.role}`)).toEqual([
      'validation-1.3.16 in-force',
      '3.0.19 next',
      '3.0.18 in-force',
    ]);
  });
});
