import { useTranslation } from 'react-i18next';
import { DETECT_CHECKS, type DetectCheck } from '../../shared/enums';
import type { CheckDefinition } from '../../shared/schemas/detect';
import { useSlice, useStores } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';

/** Every Detect check with its switch and, as help, what the service says it does. */
export function DetectCheckSwitches() {
  const { t } = useTranslation();
  const { detect } = useStores();
  const enabled = useSlice(detect, (s) => s.enabled);
  const definitions = useSlice(detect, (s) => s.definitions);
  const saving = useSlice(detect, (s) => s.saving);
  const error = useSlice(detect, (s) => s.error);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  return (
    <section aria-labelledby="detect-checks-title">
      <h2 id="detect-checks-title">{t('detect.checksTitle')}</h2>
      <p className="muted">{t('detect.checksLead')}</p>
      <ErrorNotice error={error} />
      <ul className="checks">
        {DETECT_CHECKS.map((c) => (
          <CheckItem key={c} check={c} definition={byName.get(c)} on={enabled.includes(c)} busy={saving === c} />
        ))}
      </ul>
    </section>
  );
}

function CheckItem({
  check,
  definition,
  on,
  busy,
}: {
  check: DetectCheck;
  definition: CheckDefinition | undefined;
  on: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { detect } = useStores();
  const id = `detect-check-${check}`;
  const name = definition?.friendly_name ?? t(`detect.checks.${check}`);
  const warnings = (definition?.possible_results ?? []).filter((r) => r.result === 'WARNING');
  return (
    <li className="check">
      <div className="check-head">
        <input
          id={id}
          type="checkbox"
          checked={on}
          disabled={busy}
          aria-describedby={`${id}-help`}
          onChange={(e) => void detect.getState().toggle(check, e.target.checked)}
        />
        <label htmlFor={id}>{name}</label>
        <span className={`badge ${on ? 'badge-ok' : 'badge-muted'}`}>{on ? t('detect.on') : t('detect.off')}</span>
      </div>
      <div id={`${id}-help`} className="check-help">
        {definition?.title && <p className="check-title">{definition.title}</p>}
        {definition?.description && <p>{definition.description}</p>}
      </div>
      {warnings.length > 0 && (
        <details>
          <summary>{t('detect.warningsItGives', { count: warnings.length })}</summary>
          <ul>
            {warnings.map((w) => (
              <li key={w.reason_code}>{t(`detect.reasons.${w.reason_code}`, { defaultValue: w.reason })}</li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
