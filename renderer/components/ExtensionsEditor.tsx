import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import type { Registration } from '../../shared/schemas/company';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

/** Invoice extensions (such as GACCOUNT10, Netherlands only) of one profile of a registration. */
export function ExtensionsEditor({ accountId, registration }: { accountId: string; registration: Registration }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const first = registration.profiles[0] ?? '';
  const [profileName, setProfileName] = useState(first);
  const current = registration.profiles_with_extensions?.find((p) => p.profile_name === profileName)?.extensions ?? [];
  const [text, setText] = useState(current.join(', '));
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const id = `ext-${registration.id}`;

  const save = async () => {
    setError(null);
    setSaved(false);
    try {
      const extensions = text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      await bridge.invoke('company.profiles.extensions', { accountId, id: registration.id, profileName, extensions });
      setSaved(true);
    } catch (e) {
      setError(toErrorView(e));
    }
  };

  return (
    <div className="extensions">
      <div className="field">
        <label htmlFor={`${id}-profile`}>{t('profiles.extensionsProfile')}</label>
        <select id={`${id}-profile`} value={profileName} onChange={(e) => setProfileName(e.target.value)}>
          {registration.profiles.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-list`}>{t('profiles.extensions')}</label>
        <input id={`${id}-list`} type="text" value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-hint`} />
        <p className="field-hint" id={`${id}-hint`}>
          {t('profiles.extensionsHint')}
        </p>
      </div>
      <button type="button" onClick={() => void save()}>
        {t('common.save')}
      </button>
      {saved && (
        <span className="muted" role="status">
          {t('company.saved')}
        </span>
      )}
      <ErrorNotice error={error} />
    </div>
  );
}
