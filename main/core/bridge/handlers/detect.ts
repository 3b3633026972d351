import type { CheckDefinition } from '../../../../shared/schemas/detect';
import type { BridgeDeps, Handlers } from '../types';
import { apiOf } from './common';

type Translations = CheckDefinition['titles'];

const pick = (list: Translations, lang: string): string | undefined =>
  list?.find((t) => t.lang === lang)?.text ?? list?.find((t) => t.lang === 'en')?.text;

/** The definition with its friendly name, title and description in the asked language (English when missing). */
function localized(def: CheckDefinition, lang: string): CheckDefinition {
  return {
    ...def,
    friendly_name: pick(def.friendly_names, lang) ?? def.friendly_name,
    title: pick(def.titles, lang) ?? def.title,
    description: pick(def.descriptions, lang) ?? def.description,
  };
}

export function detectHandlers(d: BridgeDeps): Pick<Handlers, 'detect.checks.get' | 'detect.checks.set' | 'detect.definitions'> {
  return {
    'detect.checks.get': async (input) => (await apiOf(d, input.accountId)).detect.getChecks(),
    /** The PATCH answers 204; the checks are read back so the renderer shows what the service kept. */
    'detect.checks.set': async (input) => {
      const api = await apiOf(d, input.accountId);
      await api.detect.setChecks(input.checks);
      return api.detect.getChecks();
    },
    'detect.definitions': async (input) => {
      const defs = await (await apiOf(d, input.accountId)).detect.definitions();
      return defs.map((def) => localized(def, input.lang));
    },
  };
}
