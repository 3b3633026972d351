// What a start from the sources builds first, when it is missing or older than its sources: the user
// interface (dist/renderer) and the official rule sets invoices are checked with before they are sent
// (build/rules). A clone has neither; both are checked in a few tens of ms when they are up to date.
// One line says what is being built; a rule build that fails is said and the start goes on (the app
// then shows the rules as missing, and folders that check before sending hold their files).
import { buildRules, staleRulesets } from './build-rules';
import { ensureRendererBuilt, rendererIsFresh } from './renderer-build';

export interface FirstStart {
  /** The user interface too (npm start, npm run headless); the command line needs only the rules. */
  ui: boolean;
  /** Where the one line goes (stderr for the headless host and the command line: their stdout is read). */
  say(line: string): void;
}

export async function buildWhatIsMissing(o: FirstStart): Promise<void> {
  const ui = o.ui && !rendererIsFresh();
  const rules = (await staleRulesets()).length > 0;
  if (!ui && !rules) return;
  const what =
    ui && rules
      ? 'the user interface and the rule sets invoices are checked with'
      : ui
        ? 'the user interface'
        : 'the rule sets invoices are checked with';
  o.say(`Building ${what} (first start after an install or an update; about half a minute)...`);
  if (rules) {
    try {
      await buildRules();
    } catch (e) {
      o.say(`The rule sets could not be built (${(e as Error).message}); run \`npm run build:rules\` to see why.`);
    }
  }
  if (ui) ensureRendererBuilt();
}
