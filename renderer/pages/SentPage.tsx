import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionPanel } from '../components/collection/CollectionPanel';
import { DocumentBrowser } from '../components/DocumentBrowser';
import { InvoiceBrowser } from '../components/InvoiceBrowser';
import { OpenFolderButton } from '../components/OpenFolderButton';
import { OutboxTable } from '../components/OutboxTable';
import { RerouteForm } from '../components/RerouteForm';
import { RecipientLookup } from '../components/services/RecipientLookup';
import { Tabs } from '../components/Tabs';
import type { TabOf } from '../stores/app-store';
import { useApp, useStores } from '../stores/context';

type Tab = TabOf<'sent'>;

/**
 * What the app sends: the outbox, the sent invoices (with reroutes for FAILED ones), sent documents.
 * The tab lives in the app store, so it is part of the address (#/sent/invoices/<id>).
 */
export function SentPage() {
  const { t } = useTranslation();
  const { app, sent, sentDocuments } = useStores();
  const accountId = useApp((s) => s.accountId);
  const tab = useApp((s) => s.tabs.sent);
  // The invoice rerouted here: its form stays to show the service's answer once the row is no longer FAILED.
  const [rerouted, setRerouted] = useState<string | null>(null);
  const setTab = (next: Tab) => app.getState().setTab('sent', next);
  return (
    <div className="page page-full">
      <div className="page-head">
        <h1>{t('sent.title')}</h1>
        <OpenFolderButton folder={tab === 'outbox' ? 'outbox' : 'sent'} />
      </div>
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
              accountId ? (
                <>
                  <RecipientLookup key={detail.row.id} accountId={accountId} detail={detail} />
                  <CollectionPanel key={`collection-${detail.row.id}`} accountId={accountId} detail={detail} />
                  {(detail.row.status === 'FAILED' || detail.outbox?.needsReroute || rerouted === detail.row.id) && (
                    <RerouteForm
                      key={`reroute-${detail.row.id}`}
                      accountId={accountId}
                      invoiceId={detail.row.id}
                      onRerouted={() => setRerouted(detail.row.id)}
                      recipient={{
                        bid: detail.rendered?.buyer.businessId ?? undefined,
                        name: detail.row.recipientName ?? detail.rendered?.buyer.name ?? undefined,
                      }}
                    />
                  )}
                </>
              ) : null
            }
          />
        )}
        {tab === 'documents' && <DocumentBrowser list={sentDocuments} idPrefix="sent-documents" label={t('sent.documentsLabel')} />}
      </Tabs>
    </div>
  );
}
