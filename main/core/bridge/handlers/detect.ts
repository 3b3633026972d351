import type { CheckDefinition } from '../../../../shared/schemas/detect';
import type { BridgeDeps, Handlers } from '../types';
import { apiOf } from './common';

type Translations = CheckDefinition['titles'];

/** The languages the service writes its Detect texts in; for the app's others (Danish) it has none. */
const SERVICE_LANGS: readonly string[] = ['en', 'fi', 'sv', 'nb'];

const pick = (list: Translations, lang: string): string | undefined =>
  list?.find((t) => t.lang === lang)?.text ?? (SERVICE_LANGS.includes(lang) ? list?.find((t) => t.lang === 'en')?.text : undefined);

/**
 * The definition with its friendly name, title and description in the asked language (English when
 * missing). In a language the service does not speak, what it lacks is left out rather than shown in
 * English: the app names the check from its own catalog and shows no text it cannot give in that language.
 */
function localized(def: CheckDefinition, lang: string): CheckDefinition {
  const own = SERVICE_LANGS.includes(lang);
  return {
    ...def,
    friendly_name: pick(def.friendly_names, lang) ?? (own ? def.friendly_name : undefined),
    title: pick(def.titles, lang) ?? (own ? def.title : undefined),
    description: pick(def.descriptions, lang) ?? (own ? def.description : undefined),
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
