import { PEPPOLBIS_ONLY_PROFILES, VERSIONED_PROFILES } from '../../shared/enums';
import type { FieldErrors, Translate } from './validation';

export interface ProfileDraft {
  network: string;
  profiles: string[];
  profileVersion: string;
  scheme: string;
  endpointId: string;
}

/**
 * The spec's table of profiles and versions, checked before registering (the service answers the
 * same with a 400): document profiles need PEPPOLBIS30 or EHF30, response profiles PEPPOLBIS30.
 */
export function profileDraftErrors(d: ProfileDraft, t: Translate, versioned: readonly string[] = VERSIONED_PROFILES): FieldErrors {
  const out: FieldErrors = {};
  if (d.profiles.length === 0) out.profiles = t('profiles.errors.noProfile');
  const needsVersion = d.profiles.filter((p) => versioned.includes(p));
  if (needsVersion.length > 0 && !d.profileVersion)
    out.profileVersion = t('profiles.errors.versionRequired', { profiles: needsVersion.join(', ') });
  const responses = d.profiles.filter((p) => (PEPPOLBIS_ONLY_PROFILES as readonly string[]).includes(p));
  if (responses.length > 0 && d.profileVersion && d.profileVersion !== 'PEPPOLBIS30')
    out.profileVersion = t('profiles.errors.peppolOnly', { profiles: responses.join(', ') });
  if (d.scheme && !/^\d{4}$/.test(d.scheme)) out.scheme = t('profiles.errors.scheme');
  if (d.endpointId && !/^[A-Za-z0-9._:-]{1,60}$/.test(d.endpointId)) out.endpointId = t('profiles.errors.endpointId');
  return out;
}
