import type { StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../../shared/bridge';
import type { Lang } from '../i18n/langs';
import { type AppState, createAppStore } from './app-store';
import { createDetectStore, type DetectStoreState } from './detect-store';
import {
  type BankMessageList,
  createBankMessageList,
  createDocumentList,
  createInvoiceList,
  type DocumentList,
  type InvoiceList,
} from './lists';
import { createMandatesStore, type MandatesState } from './mandates-store';
import { createOutboxStore, type OutboxStoreState } from './outbox-store';
import { createSyncStore, type SyncStoreState } from './sync-store';
import { createValidateStore, type ValidateStoreState } from './validate-store';

export interface Stores {
  app: StoreApi<AppState>;
  sync: StoreApi<SyncStoreState>;
  received: InvoiceList;
  sent: InvoiceList;
  warned: InvoiceList;
  documents: DocumentList;
  sentDocuments: DocumentList;
  bank: BankMessageList;
  outbox: StoreApi<OutboxStoreState>;
  detect: StoreApi<DetectStoreState>;
  mandates: StoreApi<MandatesState>;
  validate: StoreApi<ValidateStoreState>;
}

export interface RendererStoreDeps {
  bridge: Bridge;
  /** A monotonic clock in ms (performance.now in the browser), for the search timing. */
  perfNow: () => number;
  /** Wall-clock ms (Date.now). */
  wallNow: () => number;
  defaultLang: Lang;
}

/** Every store of one app window; nothing is module-level, so tests build as many as they like. */
export function createStores({ bridge, perfNow: now, wallNow, defaultLang }: RendererStoreDeps): Stores {
  return {
    app: createAppStore(bridge, defaultLang),
    sync: createSyncStore(bridge, wallNow),
    received: createInvoiceList(bridge, now, { direction: 'RECEIVED' }),
    sent: createInvoiceList(bridge, now, { direction: 'SENT' }),
    warned: createInvoiceList(bridge, now, { direction: 'RECEIVED', detectWarning: true }),
    documents: createDocumentList(bridge, now, 'RECEIVED'),
    sentDocuments: createDocumentList(bridge, now, 'SENT'),
    bank: createBankMessageList(bridge, now),
    outbox: createOutboxStore(bridge),
    detect: createDetectStore(bridge),
    mandates: createMandatesStore(bridge),
    validate: createValidateStore(bridge),
  };
}

/** Points every per-account store at the account the user chose. */
export function followAccount(stores: Stores): () => void {
  const apply = (accountId: string | null) => {
    for (const list of [stores.received, stores.sent, stores.warned, stores.documents, stores.sentDocuments, stores.bank]) {
      list.getState().setAccount(accountId);
    }
    stores.mandates.getState().setAccount(accountId);
    void stores.outbox.getState().load(accountId);
  };
  apply(stores.app.getState().accountId);
  return stores.app.subscribe((s, prev) => {
    if (s.accountId !== prev.accountId) apply(s.accountId);
  });
}
