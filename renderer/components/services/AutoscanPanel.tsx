import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOSCAN_FEATURES } from '../../../shared/schemas/detect';
import { useCommand } from '../../hooks/use-command';
import { useBridge } from '../../stores/context';
import { ConfirmButton } from '../ConfirmButton';
import { Loading } from '../Loading';
import { ServiceNotice } from './ServiceNotice';
import { CheckInput, TextInput } from './TextInput';
import { useAction } from './use-action';

type Feature = (typeof AUTOSCAN_FEATURES)[number];

/** Autoscan: on/off, the return e-mail for documents it cannot read, and what it reads. */
export function AutoscanPanel({ accountId, onChange }: { accountId: string; onChange?: (on: boolean) => void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const config = useCommand('scanning.autoscan.get', { accountId });
  const action = useAction();
  const [email, setEmail] = useState('');
  const [features, setFeatures] = useState<Record<Feature, boolean>>({ line_items: false, attachments: false, other_documents: false });
  const [saved, setSaved] = useState(false);
  const on = config.data?.enabled === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows each answer
  useEffect(() => {
    if (!config.data) return;
    setEmail(config.data.return_email_address ?? '');
    setFeatures({
      line_items: config.data.features.line_items === true,
      attachments: config.data.features.attachments === true,
      other_documents: config.data.features.other_documents === true,
    });
    onChange?.(config.data.enabled);
  }, [config.data]);

  const save = () =>
    action.run(async () => {
      config.setData(await bridge.invoke('scanning.autoscan.set', { accountId, returnEmail: email.trim(), features }));
      setSaved(true);
    });

  return (
    <section aria-labelledby="autoscan-title" className="stack card">
      <h2 id="autoscan-title">{t('scanning.autoscan.title')}</h2>
      <p className="muted">{t('scanning.autoscan.lead')}</p>
      <ServiceNotice error={config.error} onRetry={config.reload} />
      {config.loading && !config.data && !config.error && <Loading />}
      {config.data && (
        <>
          <p role="status">
            <span className={`badge ${on ? 'badge-ok' : 'badge-muted'}`}>
              {on ? t('scanning.autoscan.on') : t('scanning.autoscan.off')}
            </span>
          </p>
          <form
            className="form"
            noValidate
            aria-labelledby="autoscan-title"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <TextInput
              label={t('scanning.autoscan.email')}
              type="email"
              required
              value={email}
              autoComplete="email"
              error={action.error?.fields?.returnEmail ?? action.error?.fields?.return_email_address}
              onChange={(v) => {
                setSaved(false);
                setEmail(v);
              }}
            />
            <fieldset>
              <legend>{t('scanning.autoscan.features')}</legend>
              {AUTOSCAN_FEATURES.map((f) => (
                <CheckInput
                  key={f}
                  label={t(`scanning.autoscan.feature.${f}`)}
                  checked={features[f]}
                  onChange={(v) => {
                    setSaved(false);
                    setFeatures((x) => ({ ...x, [f]: v }));
                  }}
                />
              ))}
            </fieldset>
            <ServiceNotice error={action.error} onRetry={action.retry} />
            {saved && (
              <p className="notice notice-ok" role="status">
                {t('scanning.autoscan.saved')}
              </p>
            )}
            <div className="actions">
              <button type="submit" className="primary" disabled={action.busy}>
                {action.busy ? t('common.working') : on ? t('scanning.autoscan.save') : t('scanning.autoscan.enable')}
              </button>
              {on && (
                <ConfirmButton
                  label={t('scanning.autoscan.disable')}
                  question={t('scanning.autoscan.disableConfirm')}
                  disabled={action.busy}
                  onConfirm={() =>
                    void action.run(async () => {
                      await bridge.invoke('scanning.autoscan.disable', { accountId });
                      setSaved(false);
                      config.reload();
                    })
                  }
                />
              )}
            </div>
          </form>
        </>
      )}
    </section>
  );
}
