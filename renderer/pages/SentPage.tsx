import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentBrowser } from '../components/DocumentBrowser';
import { InvoiceBrowser } from '../components/InvoiceBrowser';
import { OutboxTable } from '../components/OutboxTable';
import { RerouteForm } from '../components/RerouteForm';
import { Tabs } from '../components/Tabs';
import { useApp, useStores } from '../stores/context';

type Tab = 'outbox' | 'invoices' | 'documents';

/** What the app sends: the outbox, the sent invoices (with reroutes for FAILED ones), sent documents. */
export function SentPage() {
  const { t } = useTranslation();
  const { sent, sentDocuments } = useStores();
  const accountId = useApp((s) => s.accountId);
  const [tab, setTab] = useState<Tab>('outbox');
  return (
    <div className="page page-full">
      <h1>{t('sent.title')}</h1>
      <Tabs<Tab>
        label={t('sent.title')}
        idPrefix="sent"
        tabs={[
          { id: 'outbox', label: t('sent.outbox') },
          { id: 'invoices', label: t('sent.invoices') },
          { id: 'documents', label: t('sent.documents') },
        ]}
        current={tab}
        onChange={setTab}
      >
        {tab === 'outbox' && (
          <OutboxTable
            onReroute={(remoteId) => {
              sent.getState().openById(remoteId);
              setTab('invoices');
            }}
          />
        )}
        {tab === 'invoices' && (
          <InvoiceBrowser
            list={sent}
            idPrefix="sent"
            label={t('sent.invoicesLabel')}
            detailExtra={(detail) =>
              accountId && (detail.row.status === 'FAILED' || detail.outbox?.needsReroute) ? (
                <RerouteForm accountId={accountId} invoiceId={detail.row.id} />
              ) : null
            }
          />
        )}
        {tab === 'documents' && <DocumentBrowser list={sentDocuments} idPrefix="sent-documents" label={t('sent.documentsLabel')} />}
      </Tabs>
    </div>
  );
}
