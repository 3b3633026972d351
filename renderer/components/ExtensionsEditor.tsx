import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import type { Registration } from '../../shared/schemas/company';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

const parse = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Invoice extensions (such as GACCOUNT10, Netherlands only) of one profile of a registration. The
 * list answer has no extensions, so the registration is read on its own first, and only a profile
 * whose extensions the user changed is ever written: saving can never switch off what was there.
 */
export function ExtensionsEditor({ accountId, registration }: { accountId: string; registration: Registration }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [profileName, setProfileName] = useState(registration.profiles[0] ?? '');
  /** The extensions the service has, per profile; null until read. */
  const [current, setCurrent] = useState<Record<string, string[]> | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [saved, setSaved] = useState(false);
  const id = `ext-${registration.id}`;

  useEffect(() => {
    let live = true;
    bridge
      .invoke('company.profiles.get', { accountId, id: registration.id })
      .then((full) => {
        if (!live) return;
        const byProfile = Object.fromEntries(
          registration.profiles.map((p) => [p, full.profiles_with_extensions?.find((x) => x.profile_name === p)?.extensions ?? []]),
        );
        setCurrent(byProfile);
        setTexts(Object.fromEntries(Object.entries(byProfile).map(([p, ext]) => [p, ext.join(', ')])));
      })
      .catch((e: unknown) => live && setError(toErrorView(e)));
    return () => {
      live = false;
    };
  }, [bridge, accountId, registration]);

  const text = texts[profileName] ?? '';
  const changed = current !== null && !same(parse(text), current[profileName] ?? []);

  const save = async () => {
    if (!current || !changed) return;
    setError(null);
    setSaved(false);
    try {
      const extensions = parse(text);
      await bridge.invoke('company.profiles.extensions', { accountId, id: registration.id, profileName, extensions });
      setCurrent({ ...current, [profileName]: extensions });
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
        <input
          id={`${id}-list`}
          type="text"
          value={current === null ? '' : text}
          placeholder={current === null ? t('common.loading') : undefined}
          disabled={current === null}
          onChange={(e) => {
            setSaved(false);
            setTexts({ ...texts, [profileName]: e.target.value });
          }}
          aria-describedby={`${id}-hint`}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {t('profiles.extensionsHint')}
        </p>
      </div>
      <button type="button" onClick={() => void save()} disabled={!changed}>
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
