import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsPatchBodySchema } from '../../shared/schemas/company';
import { bodyFrom, inputsFrom } from '../forms/fields';
import { REQUIRED_SETTINGS, SETTINGS_FIELDS, sectionsOf } from '../forms/settings-fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useBridge } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

const HINTS = { country: 'validation.country', reminder_frequency: 'validation.number' };

/**
 * Every section of the company's settings in one form, saved as one PATCH. Field rules are checked
 * here as the service checks them; rules across fields are the service's (see validation.ts), and
 * its 400 details land at the field they name.
 */
export function CompanySettingsForm({ accountId, saved, onSaved }: { accountId: string; saved: Record<string, unknown>; onSaved(): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const sections = useMemo(() => sectionsOf(saved), [saved]);
  const specs = useMemo(() => sections.flatMap((s) => SETTINGS_FIELDS[s]), [sections]);
  const form = useForm('company-settings', inputsFrom(specs, saved));
  const [done, setDone] = useState(false);
  const { reset } = form;
  useEffect(() => reset(inputsFrom(specs, saved)), [specs, saved, reset]);

  const save = () =>
    form.submit({
      check: (v) => validate(settingsPatchBodySchema, bodyFrom(specs, v), t, { skipCustom: true, hints: HINTS }),
      prefixes: ['settings.'],
      run: async (v) => {
        setDone(false);
        await bridge.invoke('company.settings.save', { accountId, settings: bodyFrom(specs, v) });
        setDone(true);
        onSaved();
      },
    });

  return (
    <form
      className="form settings-form"
      aria-labelledby="company-settings-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="company-settings-title" className="visually-hidden">
        {t('company.settingsTitle')}
      </h2>
      {sections.map((section) => (
        <fieldset key={section} className="section">
          <legend>{t(`settingsSections.${section}`)}</legend>
          <div className="grid-2">
            {SETTINGS_FIELDS[section].map((spec) => (
              <Field
                key={spec.path}
                form={form}
                spec={spec}
                label={t(`settingsFields.${spec.path}`)}
                required={REQUIRED_SETTINGS.has(spec.path)}
                optionLabel={(o) => t(`settingsOptions.${o}`)}
                hint={spec.kind === 'list' ? t('common.listHint') : undefined}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      {done && (
        <p className="notice notice-ok" role="status">
          {t('company.saved')}
        </p>
      )}
      <div className="actions sticky-actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
