import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanPartnerView } from '../../../shared/bridge/partner-services';
import { useBridge } from '../../stores/context';
import { ConfirmButton } from '../ConfirmButton';
import { ServiceNotice } from '../services/ServiceNotice';
import { TextInput } from '../services/TextInput';
import { useAction } from '../services/use-action';

/** The scan partner e-mail address of a company the partner manages (experimental service endpoints). */
export function ScanPartner({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const action = useAction();
  const [companyId, setCompanyId] = useState('');
  const [email, setEmail] = useState('');
  const [shown, setShown] = useState<ScanPartnerView | null>(null);
  const id = companyId.trim();
  return (
    <section aria-labelledby="partner-scan-title" className="stack">
      <h2 id="partner-scan-title">{t('partnerServices.scanPartner.title')}</h2>
      <p className="muted">{t('partnerServices.scanPartner.lead')}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="partner-scan-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!id) return;
          void action.run(async () => {
            const r = await bridge.invoke('partner.scanPartnerGet', { accountId, companyId: id });
            setShown(r);
            setEmail(r.email ?? '');
          });
        }}
      >
        <TextInput
          label={t('partnerServices.scanPartner.companyId')}
          hint={t('partnerServices.scanPartner.companyIdHint')}
          value={companyId}
          onChange={setCompanyId}
          error={action.error?.fields?.companyId}
        />
        <div className="actions">
          <button type="submit" disabled={action.busy || !id}>
            {t('partnerServices.scanPartner.read')}
          </button>
        </div>
      </form>
      {shown && (
        <form
          className="form card"
          noValidate
          aria-labelledby="partner-scan-address"
          onSubmit={(e) => {
            e.preventDefault();
            void action.run(async () =>
              setShown(await bridge.invoke('partner.scanPartnerSet', { accountId, companyId: shown.companyId, email: email.trim() })),
            );
          }}
        >
          <p id="partner-scan-address" role="status">
            {shown.email ? t('partnerServices.scanPartner.current', { email: shown.email }) : t('partnerServices.scanPartner.noneSet')}
          </p>
          <TextInput
            label={t('partnerServices.scanPartner.email')}
            hint={t('partnerServices.scanPartner.emailHint')}
            value={email}
            onChange={setEmail}
            error={action.error?.fields?.email}
          />
          <div className="actions">
            <button type="submit" className="primary" disabled={action.busy || !email.trim()}>
              {t('partnerServices.scanPartner.save')}
            </button>
            {shown.email && (
              <ConfirmButton
                label={t('partnerServices.scanPartner.remove')}
                question={t('partnerServices.scanPartner.removeQuestion')}
                disabled={action.busy}
                onConfirm={() =>
                  void action.run(async () => {
                    setShown(await bridge.invoke('partner.scanPartnerRemove', { accountId, companyId: shown.companyId }));
                    setEmail('');
                  })
                }
              />
            )}
          </div>
        </form>
      )}
      <ServiceNotice error={action.error} onRetry={action.retry} />
    </section>
  );
}
