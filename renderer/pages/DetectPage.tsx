import { useTranslation } from 'react-i18next';
import { DetectCheckSwitches } from '../components/DetectCheckSwitches';
import { InvoiceBrowser } from '../components/InvoiceBrowser';
import { useStores } from '../stores/context';

/** Detect: the checks to run on received invoices, and the invoices they warned about. */
export function DetectPage() {
  const { t } = useTranslation();
  const { warned } = useStores();
  return (
    <div className="page">
      <h1>{t('detect.title')}</h1>
      <DetectCheckSwitches />
      <section aria-labelledby="detect-warned-title" className="detect-warned">
        <h2 id="detect-warned-title">{t('detect.warnedTitle')}</h2>
        <div className="detect-warned-list">
          <InvoiceBrowser list={warned} idPrefix="warned" label={t('detect.warnedTitle')} filters={false} />
        </div>
      </section>
    </div>
  );
}
