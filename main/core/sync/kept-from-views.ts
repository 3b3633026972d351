import type { TakeoverView } from '../../../shared/bridge/partner-services';
import type { Direction } from '../../../shared/enums';
import type { Document, DocumentEvent } from '../../../shared/schemas/document';
import type { Store } from '../store';
import type { BankMessageKind } from '../store/bank-messages';

/**
 * What a view learns from the service or a file and the mirror keeps: written by the engine (the
 * bridge only reads the store), each in one transaction.
 */
export function keptFromViews(store: Store) {
  return {
    /** A sent document's events as the service told them, so its trail reads the same offline. */
    documentEvents(accountId: string, documentId: string, events: readonly DocumentEvent[]): void {
      store.transaction(() => {
        for (const e of events) store.documents.addEvent(accountId, documentId, e);
      });
    },
    /** A document as the service answers it now (after the user confirmed its delivery), with its last event. */
    document(accountId: string, direction: Direction, documentId: string, doc: Document): void {
      store.transaction(() => {
        store.documents.upsert(accountId, direction, doc);
        if (doc.last_event) store.documents.addEvent(accountId, documentId, doc.last_event);
      });
    },
    /** The user's "not a duplicate" on a received invoice (or taking it back): the app never decides it. */
    notDuplicate(accountId: string, invoiceId: string, notDuplicate: boolean): void {
      store.duplicates.setNotDuplicate(accountId, invoiceId, notDuplicate);
    },
    /** A takeover as the service answered it, so the Partner page can finish it after a restart. */
    takeover(accountId: string, t: TakeoverView & { label?: string | null }): void {
      store.takeovers.save(accountId, t);
    },
    /** The type read from a downloaded bank message's file: each file is read once. */
    bankMessageType(accountId: string, kind: BankMessageKind, id: string, messageType: string): void {
      store.bankMessages.setMessageType(accountId, kind, id, messageType);
    },
  };
}

export type KeptFromViews = ReturnType<typeof keptFromViews>;
