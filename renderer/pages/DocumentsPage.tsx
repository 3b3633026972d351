import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankMessageBrowser } from '../components/BankMessageBrowser';
import { DocumentBrowser } from '../components/DocumentBrowser';
import { Tabs } from '../components/Tabs';
import { useStores } from '../stores/context';

type Tab = 'documents' | 'bank';

export function DocumentsPage() {
  const { t } = useTranslation();
  const { documents, bank } = useStores();
  const [tab, setTab] = useState<Tab>('documents');
  return (
    <div className="page page-full">
      <h1>{t('documents.title')}</h1>
      <Tabs<Tab>
        label={t('documents.title')}
        idPrefix="documents"
        tabs={[
          { id: 'documents', label: t('documents.received') },
          { id: 'bank', label: t('documents.bank') },
        ]}
        current={tab}
        onChange={setTab}
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
