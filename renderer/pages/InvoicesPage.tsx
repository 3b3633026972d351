import { useTranslation } from 'react-i18next';
import { InvoiceBrowser } from '../components/InvoiceBrowser';
import { OpenFolderButton } from '../components/OpenFolderButton';
import { useStores } from '../stores/context';

export function InvoicesPage() {
  const { t } = useTranslation();
  const { received } = useStores();
  return (
    <div className="page page-full">
      <div className="page-head">
        <h1>{t('invoices.title')}</h1>
        <OpenFolderButton folder="inbox" />
      </div>
      <InvoiceBrowser list={received} idPrefix="received" label={t('invoices.listLabel')} />
    </div>
  );
}
