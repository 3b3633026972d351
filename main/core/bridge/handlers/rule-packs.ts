import type { RulePacksView } from '../../../../shared/bridge/validation';
import { RulePackError } from '../../validate/pack-archive';
import { allPacks, installedPacks, installPack, packsDirOf } from '../../validate/pack-store';
import { dayOf, selectPacks } from '../../validate/packs';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';

type Names = 'rules.list' | 'rules.install';

/** The packs the app has, with what each is used for on the engine's day. */
function packsView(d: BridgeDeps): RulePacksView {
  const dir = packsDirOf(d.dataDir);
  const day = dayOf(d.now());
  const packs = allPacks(dir);
  const sel = selectPacks(packs, day);
  const inForce = new Set(Object.values(sel.inForce));
  const next = new Set(Object.values(sel.next));
  return {
    day,
    packs: packs.map((p) => ({
      family: p.family,
      name: p.name,
      version: p.version,
      published: p.published,
      mandatoryFrom: p.mandatoryFrom,
      builtin: p.builtin,
      role: inForce.has(p) ? 'in-force' : next.has(p) ? 'next' : 'unused',
    })),
    refused: installedPacks(dir).refused,
  };
}

export function rulePackHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'rules.list': async () => packsView(d),
    'rules.install': async (input) => {
      try {
        const { pack } = installPack(Buffer.from(input.base64, 'base64'), packsDirOf(d.dataDir));
        return { ...packsView(d), installed: { name: pack.name, version: pack.version } };
      } catch (e) {
        if (e instanceof RulePackError) throw invalid(`${input.name}: ${e.message}`, { base64: 'refused' });
        throw e;
      }
    },
  };
}
