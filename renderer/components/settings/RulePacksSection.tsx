import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import { useCommand } from '../../hooks/use-command';
import { useBridge } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';
import { SettingsSection } from './SectionNav';

export const RULE_PACKS_SECTION = 'settings-app-rules';

/** A file's bytes as base64, in slices (a spread of a whole file's bytes would overflow the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Settings' rule packs (issue 41): each release of the rules with its dates, and a signed pack to install. */
export function RulePacksSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const { data, error, reload, setData } = useCommand('rules.list', {});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<BridgeErrorView | null>(null);

  const install = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setDone(null);
    setRefused(null);
    try {
      const answer = await bridge.invoke('rules.install', { name: file.name, base64: await base64Of(file) });
      setData(answer);
      setDone(t('rulePacks.installed', answer.installed));
    } catch (err) {
      setRefused(toErrorView(err));
      reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection id={RULE_PACKS_SECTION} title={t('rulePacks.title')}>
      <p className="muted">{t('rulePacks.lead')}</p>
      <ErrorNotice error={error} />
      {data && (
        <ul className="plain-list" data-rule-packs>
          {data.packs.map((p) => (
            <li key={`${p.family}@${p.version}`} data-pack-role={p.role}>
              {/* The publisher's own name of the rules and its release: proper names, never translated. */}
              <strong translate="no">
                {p.name} <span className="mono">{p.version}</span>
              </strong>{' '}
              <span className={`badge badge-${p.role === 'in-force' ? 'ok' : p.role === 'next' ? 'warn' : 'muted'}`}>
                {t(`rulePacks.role.${p.role}`)}
              </span>{' '}
              <span className="muted">
                {[
                  p.builtin ? t('rulePacks.builtin') : t('rulePacks.fromFile'),
                  p.published ? t('rulePacks.published', { date: p.published }) : null,
                  p.mandatoryFrom ? t('rulePacks.mandatoryFrom', { date: p.mandatoryFrom }) : t('rulePacks.noDate'),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            </li>
          ))}
          {data.refused.map((r) => (
            <li key={r.folder} className="field-error">
              {r.folder}: {r.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="rule-pack-file">{t('rulePacks.install')}</label>
        <input id="rule-pack-file" type="file" accept=".rulepack,.zip" disabled={busy} onChange={(e) => void install(e)} />
      </div>
      {busy && <p aria-live="polite">{t('rulePacks.installing')}</p>}
      {done && (
        <p className="notice notice-info" aria-live="polite">
          {done}
        </p>
      )}
      {refused && <ErrorNotice error={{ ...refused, message: t('rulePacks.refused', { reason: refused.message }) }} />}
    </SettingsSection>
  );
}
