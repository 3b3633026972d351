import { useTranslation } from 'react-i18next';
import { BankMessageBrowser } from '../components/BankMessageBrowser';
import { DocumentBrowser } from '../components/DocumentBrowser';
import { OpenFolderButton } from '../components/OpenFolderButton';
import { Tabs } from '../components/Tabs';
import type { TabOf } from '../stores/app-store';
import { useApp, useStores } from '../stores/context';

type Tab = TabOf<'documents'>;

/** Received documents and bank messages; the tab is part of the address (#/documents/bank-messages). */
export function DocumentsPage() {
  const { t } = useTranslation();
  const { app, documents, bank } = useStores();
  const tab = useApp((s) => s.tabs.documents);
  return (
    <div className="page page-full">
      <div className="page-head">
        <h1>{t('documents.title')}</h1>
        <OpenFolderButton folder="inbox" />
      </div>
      <Tabs<Tab>
        label={t('documents.title')}
        idPrefix="documents"
        tabs={[
          { id: 'documents', label: t('documents.received') },
          { id: 'bank', label: t('documents.bank') },
        ]}
        current={tab}
        onChange={(next) => app.getState().setTab('documents', next)}
      >
        {tab === 'documents' ? (
          <DocumentBrowser list={documents} idPrefix="documents" label={t('documents.listLabel')} />
        ) : (
          <BankMessageBrowser list={bank} />
        )}
      </Tabs>
    </div>
  );
}
