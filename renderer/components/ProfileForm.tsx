import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPRECATED_PROFILES, NETWORKS, PROFILE_VERSIONS, PROFILES } from '../../shared/enums';
import type { Registration } from '../../shared/schemas/company';
import { commandInput } from '../forms/command-input';
import type { FieldSpec, FormValues } from '../forms/fields';
import { type ProfileDraft, profileDraftErrors } from '../forms/profile-rules';
import { fieldId, useForm } from '../forms/use-form';
import { useBridge } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

interface Defaults {
  country: string;
  schemes: string[];
  versioned: string[];
}

const initial = (defaults: Defaults | null): FormValues => ({
  network: 'PEPPOL',
  profileVersion: defaults?.country === 'NO' ? 'EHF30' : '',
  scheme: defaults?.schemes[0] ?? '',
  endpointId: '',
  ...Object.fromEntries(PROFILES.map((p) => [`profile.${p}`, false])),
});

const draftOf = (v: FormValues): ProfileDraft => ({
  network: String(v.network ?? 'PEPPOL'),
  profiles: PROFILES.filter((p) => v[`profile.${p}`] === true),
  profileVersion: String(v.profileVersion ?? ''),
  scheme: String(v.scheme ?? '').trim(),
  endpointId: String(v.endpointId ?? '').trim(),
});

/** Registers the company in a network with profiles; defaults follow the company's country. */
export function ProfileForm({
  accountId,
  defaults,
  onCreated,
}: {
  accountId: string;
  defaults: Defaults | null;
  onCreated(r: Registration): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const form = useForm('profile', initial(defaults));
  const { set: setValue } = form;
  const scheme = form.values.scheme;
  const version = form.values.profileVersion;
  // Defaults arrive after the form: they fill what the user has not filled in yet, once, when they
  // arrive (never again after the user emptied a field).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!defaults) return;
    if (scheme === '' && defaults.schemes[0]) setValue('scheme', defaults.schemes[0]);
    if (version === '' && defaults.country === 'NO') setValue('profileVersion', 'EHF30');
  }, [defaults, setValue]);
  const specs: Record<string, FieldSpec> = {
    network: { path: 'network', kind: 'select', options: NETWORKS },
    profileVersion: { path: 'profileVersion', kind: 'select', options: PROFILE_VERSIONS, optional: true },
    scheme: { path: 'scheme', kind: 'text', optional: true },
    endpointId: { path: 'endpointId', kind: 'text', optional: true },
  };

  const submit = () =>
    form.submit({
      check: (v) => profileDraftErrors(draftOf(v), t, defaults?.versioned),
      run: async (v) => {
        const d = draftOf(v);
        const input = commandInput('company.profiles.create', {
          accountId,
          network: d.network,
          profiles: d.profiles,
          ...(d.profileVersion ? { profileVersion: d.profileVersion } : {}),
          ...(d.scheme ? { scheme: d.scheme } : {}),
          ...(d.endpointId ? { endpointId: d.endpointId } : {}),
        });
        onCreated(await bridge.invoke('company.profiles.create', input));
      },
      prefixes: ['body.'],
    });

  const profilesError = form.errors.profiles;
  return (
    <form
      className="form"
      aria-labelledby="profile-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id="profile-form-title">{t('profiles.register')}</h3>
      <Field
        form={form}
        spec={specs.network as FieldSpec}
        label={t('profiles.network')}
        optionLabel={(n) => `${n} – ${t(`networks.${n}`)}`}
      />
      <fieldset
        id={fieldId(form.id, 'profiles')}
        tabIndex={-1}
        className={`field checks-grid${profilesError ? ' has-error' : ''}`}
        aria-describedby={profilesError ? `${form.id}-profiles-error` : undefined}
      >
        <legend>{t('profiles.profiles')}</legend>
        {PROFILES.map((p) => {
          const id = fieldId(form.id, `profile.${p}`);
          const deprecated = (DEPRECATED_PROFILES as readonly string[]).includes(p);
          return (
            <div key={p} className="field-check">
              <input
                id={id}
                type="checkbox"
                checked={form.values[`profile.${p}`] === true}
                onChange={(e) => form.set(`profile.${p}`, e.target.checked)}
              />
              <label htmlFor={id}>
                {p}
                {deprecated && <span className="muted"> ({t('profiles.deprecated')})</span>}
              </label>
            </div>
          );
        })}
        {profilesError && (
          <p className="field-error" id={`${form.id}-profiles-error`}>
            {profilesError}
          </p>
        )}
      </fieldset>
      <div className="grid-3">
        <Field form={form} spec={specs.profileVersion as FieldSpec} label={t('profiles.version')} hint={t('profiles.versionHint')} />
        <Field
          form={form}
          spec={specs.scheme as FieldSpec}
          label={t('profiles.scheme')}
          hint={defaults ? t('profiles.schemeHint', { country: defaults.country, schemes: defaults.schemes.join(', ') || '–' }) : undefined}
        />
        <Field form={form} spec={specs.endpointId as FieldSpec} label={t('profiles.endpointId')} hint={t('profiles.endpointHint')} />
      </div>
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : t('profiles.submit')}
        </button>
      </div>
    </form>
  );
}
