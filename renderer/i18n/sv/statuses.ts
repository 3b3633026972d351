import type { CatalogShape } from '../catalog-type';
import type { statuses as en } from '../en/statuses';

// Svenska: namnen på statusar och dokumenttyper som tjänsten skickar.
export const statuses: CatalogShape<typeof en> = {
  status: {
    PENDING: 'Väntar',
    SENT: 'Skickad',
    DELIVERED: 'Levererad',
    FAILED: 'Misslyckad',
    RESERVED: 'Reserverad',
    PROCESSING: 'Behandlas',
    CONFIRMED_DELIVERY: 'Leverans bekräftad',
    // A sent Finnish bank message's status.
    OK: 'Godkänt av banken',
    ERROR: 'Avvisat av banken',
  },
  documentType: {
    UNKNOWN: 'Okänd',
    INVOICE: 'Faktura',
    CREDIT_NOTE: 'Kreditnota',
    ORDER: 'Order',
    ORDER_RESPONSE: 'Ordersvar',
    CATALOGUE: 'Katalog',
    CATALOGUE_RESPONSE: 'Katalogsvar',
    SELF_BILLING_INVOICE: 'Självfaktura',
    DESPATCH_ADVICE: 'Leveransavisering',
    RECEIPT: 'Kvitto',
    VOUCHER: 'Verifikation',
    BANK_FILE: 'Bankfil',
    REMINDER: 'Påminnelse',
    SCAN: 'Skanning',
    INVOICE_RESPONSE: 'Fakturasvar',
    MESSAGE_LEVEL_RESPONSE: 'Meddelandekvittens',
    EXPRESSION_OF_INTEREST_REQUEST: 'Förfrågan om intresseanmälan',
    EXPRESSION_OF_INTEREST_RESPONSE: 'Intresseanmälan',
    TENDER_STATUS_REQUEST: 'Förfrågan om anbudsstatus',
    CALL_FOR_TENDERS: 'Anbudsförfrågan',
    TENDER: 'Anbud',
    TENDER_RECEIPT: 'Anbudskvitto',
    ORDER_CHANGE: 'Orderändring',
    ORDER_CANCELLATION: 'Orderannullering',
    SELF_BILLING_CREDIT_NOTE: 'Självfakturerad kreditnota',
  },
  outbox: {
    state: {
      queued: 'I kö',
      held_duplicate: 'Hålls: redan skickad',
      needs_user: 'Behöver dig',
      uploading: 'Laddas upp',
      uploaded: 'Uppladdad',
      moving: 'Flyttas till Sent',
      done: 'Skickad',
      failed: 'Misslyckad',
      vanished: 'Filen borttagen',
    },
  },
};
