import { useTranslation } from 'react-i18next';
import { LANG_NAMES, LANGS, type Lang } from '../i18n/langs';
import { useApp, useStores } from '../stores/context';

/** The language of the app; each language is named in itself. */
export function LanguagePicker({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.settings.language);
  const { app } = useStores();
  return (
    <div className="field">
      <label htmlFor={id}>{t('settings.language')}</label>
      <select id={id} value={lang} onChange={(e) => void app.getState().saveSettings({ language: e.target.value as Lang })}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
