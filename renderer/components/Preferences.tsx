import { useTranslation } from 'react-i18next';
import { type AppSettings, type AppSettingsPatch, THEMES } from '../../shared/settings';
import { useApp, useStores } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { LanguagePicker } from './LanguagePicker';
import { RULE_PACKS_SECTION, RulePacksSection } from './settings/RulePacksSection';
import { type PageSection, SettingsSection } from './settings/SectionNav';

const SECTIONS = ['look', 'desktop', 'keys'] as const;
const sectionId = (s: (typeof SECTIONS)[number]) => `settings-app-${s}`;

/** The sections of the app's own settings page, in order: what "On this page" lists. */
export function appSections(t: (key: string) => string): PageSection[] {
  return [
    ...SECTIONS.map((s) => ({ id: sectionId(s), label: t(`settingsNav.app.${s}`) })),
    { id: RULE_PACKS_SECTION, label: t('rulePacks.title') },
  ];
}

/** The app's own settings: language, light or dark, notifications, start at login; and where the API keys are kept. */
export function Preferences() {
  const { t } = useTranslation();
  const { app } = useStores();
  const settings = useApp((s) => s.settings);
  const caps = useApp((s) => s.info?.capabilities ?? null);
  const secretStore = useApp((s) => s.info?.secretStore ?? null);
  const error = useApp((s) => s.error);
  const save = (patch: AppSettingsPatch) => void app.getState().saveSettings(patch);
  return (
    <div className="stack form">
      <ErrorNotice error={error} />
      <SettingsSection id={sectionId('look')} title={t('settingsNav.app.look')}>
        <div className="grid-2">
          <LanguagePicker id="settings-language" />
          <div className="field">
            <label htmlFor="settings-theme">{t('settings.theme')}</label>
            <select id="settings-theme" value={settings.theme} onChange={(e) => save({ theme: e.target.value as AppSettings['theme'] })}>
              {THEMES.map((th) => (
                <option key={th} value={th}>
                  {t(`settings.themes.${th}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </SettingsSection>
      <SettingsSection id={sectionId('desktop')} title={t('settingsNav.app.desktop')}>
        <div className="grid-2">
          <div className="field field-check">
            <input
              id="settings-notifications"
              type="checkbox"
              checked={settings.notifications}
              disabled={caps?.notifications === false}
              onChange={(e) => save({ notifications: e.target.checked })}
              aria-describedby="settings-notifications-hint"
            />
            <label htmlFor="settings-notifications">{t('settings.notifications')}</label>
            <p className="field-hint" id="settings-notifications-hint">
              {caps?.notifications === false ? t('settings.desktopOnly') : t('settings.notificationsHint')}
            </p>
          </div>
          <div className="field field-check">
            <input
              id="settings-start"
              type="checkbox"
              checked={settings.startAtLogin}
              disabled={caps?.startAtLogin === false}
              onChange={(e) => save({ startAtLogin: e.target.checked })}
              aria-describedby="settings-start-hint"
            />
            <label htmlFor="settings-start">{t('settings.startAtLogin')}</label>
            <p className="field-hint" id="settings-start-hint">
              {caps?.startAtLogin === false ? t('settings.desktopOnly') : t('settings.startHint')}
            </p>
          </div>
        </div>
      </SettingsSection>
      <SettingsSection id={sectionId('keys')} title={t('settingsNav.app.keys')}>
        {secretStore ? (
          <dl className="facts">
            <div>
              <dt>{t('settings.secretStore')}</dt>
              <dd data-store={secretStore.kind}>
                {t(`settings.secretStores.${secretStore.kind}`)}
                {secretStore.path && <span className="mono"> {secretStore.path}</span>}
              </dd>
            </div>
          </dl>
        ) : null}
      </SettingsSection>
      <RulePacksSection />
    </div>
  );
}
