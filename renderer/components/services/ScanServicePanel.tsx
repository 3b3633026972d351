import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanService } from '../../../shared/schemas/detect';
import { useCommand } from '../../hooks/use-command';
import { useBridge } from '../../stores/context';
import { ConfirmButton } from '../ConfirmButton';
import { Loading } from '../Loading';
import { ServiceNotice } from './ServiceNotice';
import { TextInput } from './TextInput';
import { useAction } from './use-action';

interface Address {
  email: string;
  street: string;
  extra: string;
  city: string;
  postCode: string;
  country: string;
}
const EMPTY: Address = { email: '', street: '', extra: '', city: '', postCode: '', country: '' };

function addressOf(s: ScanService | null): Address {
  const r = s?.return_address;
  const p = r?.postal_address;
  return {
    email: r?.email_address ?? '',
    street: p?.street_name ?? '',
    extra: (p?.extra_lines ?? []).join('\n'),
    city: p?.city ?? '',
    postCode: p?.post_code ?? '',
    country: p?.country_code ?? '',
  };
}

/** The scan service: on/off, where suppliers send paper and PDF, and the return address for what cannot be scanned. */
export function ScanServicePanel({ accountId, onChange }: { accountId: string; onChange?: (on: boolean) => void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const scan = useCommand('scanning.scan.get', { accountId });
  const action = useAction();
  const [a, setA] = useState<Address>(EMPTY);
  const [saved, setSaved] = useState(false);
  const on = !!scan.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows each answer
  useEffect(() => {
    setA(addressOf(scan.data));
    onChange?.(!!scan.data);
  }, [scan.data]);

  const set = (k: keyof Address) => (v: string) => {
    setSaved(false);
    setA((x) => ({ ...x, [k]: v }));
  };
  const save = () =>
    action.run(async () => {
      const extra = a.extra
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const postal = {
        street_name: a.street.trim() || undefined,
        city: a.city.trim() || undefined,
        post_code: a.postCode.trim() || undefined,
        country_code: a.country.trim().toUpperCase() || undefined,
        extra_lines: extra,
      };
      const answer = await bridge.invoke('scanning.scan.save', {
        accountId,
        returnAddress: { email_address: a.email.trim() || undefined, postal_address: postal },
      });
      scan.setData(answer);
      setSaved(true);
    });
  const fields = action.error?.fields ?? {};
  const fieldError = (k: string) => Object.entries(fields).find(([p]) => p.endsWith(k))?.[1];

  return (
    <section aria-labelledby="scan-title" className="stack card">
      <h2 id="scan-title">{t('scanning.scan.title')}</h2>
      <p className="muted">{t('scanning.scan.lead')}</p>
      <ServiceNotice error={scan.error} onRetry={scan.reload} />
      {scan.loading && !scan.data && !scan.error && <Loading />}
      {!scan.loading && !scan.error && (
        <p role="status">
          <span className={`badge ${on ? 'badge-ok' : 'badge-muted'}`}>{on ? t('scanning.scan.on') : t('scanning.scan.off')}</span>
        </p>
      )}
      {scan.data && (
        <dl className="facts">
          <div>
            <dt>{t('scanning.scan.scanEmail')}</dt>
            <dd className="mono">{scan.data.scan_email_address ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('scanning.scan.scanPostal')}</dt>
            <dd>
              {[
                scan.data.scan_postal_address?.street_name,
                ...(scan.data.scan_postal_address?.extra_lines ?? []),
                [scan.data.scan_postal_address?.post_code, scan.data.scan_postal_address?.city].filter(Boolean).join(' '),
                scan.data.scan_postal_address?.country_code,
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </div>
        </dl>
      )}
      {!scan.error && (
        <form
          className="form"
          noValidate
          aria-labelledby="scan-return-title"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h3 id="scan-return-title">{t('scanning.scan.returnTitle')}</h3>
          <TextInput
            label={t('scanning.scan.email')}
            type="email"
            value={a.email}
            onChange={set('email')}
            error={fieldError('email_address')}
            autoComplete="email"
          />
          <TextInput label={t('scanning.scan.street')} value={a.street} onChange={set('street')} error={fieldError('street_name')} />
          <TextInput
            label={t('scanning.scan.extraLines')}
            hint={t('scanning.scan.extraHint')}
            value={a.extra}
            onChange={set('extra')}
            multiline
            error={fieldError('extra_lines')}
          />
          <TextInput label={t('scanning.scan.postCode')} value={a.postCode} onChange={set('postCode')} error={fieldError('post_code')} />
          <TextInput label={t('scanning.scan.city')} value={a.city} onChange={set('city')} error={fieldError('city')} />
          <TextInput
            label={t('scanning.scan.country')}
            hint={t('scanning.scan.countryHint')}
            value={a.country}
            onChange={set('country')}
            error={fieldError('country_code')}
          />
          <ServiceNotice error={action.error} onRetry={action.retry} />
          {saved && (
            <p className="notice notice-ok" role="status">
              {t('scanning.scan.saved')}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="primary" disabled={action.busy}>
              {action.busy ? t('common.working') : on ? t('scanning.scan.save') : t('scanning.scan.open')}
            </button>
            {on && (
              <ConfirmButton
                label={t('scanning.scan.close')}
                question={t('scanning.scan.closeConfirm')}
                disabled={action.busy}
                onConfirm={() =>
                  void action.run(async () => {
                    await bridge.invoke('scanning.scan.close', { accountId });
                    setSaved(false);
                    scan.reload();
                  })
                }
              />
            )}
          </div>
        </form>
      )}
    </section>
  );
}
