import type { CatalogShape } from '../catalog-type';
import type { statuses as en } from '../en/statuses';

// Norsk bokmål: navnene på statuser og dokumenttyper tjenesten sender.
export const statuses: CatalogShape<typeof en> = {
  status: {
    PENDING: 'Venter',
    SENT: 'Sendt',
    DELIVERED: 'Levert',
    FAILED: 'Mislyktes',
    RESERVED: 'Reservert',
    PROCESSING: 'Behandles',
    CONFIRMED_DELIVERY: 'Levering bekreftet',
    // A sent Finnish bank message's status.
    OK: 'Godtatt av banken',
    ERROR: 'Avvist av banken',
  },
  documentType: {
    UNKNOWN: 'Ukjent',
    INVOICE: 'Faktura',
    CREDIT_NOTE: 'Kreditnota',
    ORDER: 'Ordre',
    ORDER_RESPONSE: 'Ordrebekreftelse',
    CATALOGUE: 'Katalog',
    CATALOGUE_RESPONSE: 'Katalogsvar',
    SELF_BILLING_INVOICE: 'Selvfaktura',
    DESPATCH_ADVICE: 'Pakkseddel',
    RECEIPT: 'Kvittering',
    VOUCHER: 'Bilag',
    BANK_FILE: 'Bankfil',
    REMINDER: 'Purring',
    SCAN: 'Skanning',
    INVOICE_RESPONSE: 'Fakturasvar',
    MESSAGE_LEVEL_RESPONSE: 'Meldingskvittering',
    EXPRESSION_OF_INTEREST_REQUEST: 'Forespørsel om interessetilkjennegivelse',
    EXPRESSION_OF_INTEREST_RESPONSE: 'Interessetilkjennegivelse',
    TENDER_STATUS_REQUEST: 'Forespørsel om tilbudsstatus',
    CALL_FOR_TENDERS: 'Konkurransegrunnlag',
    TENDER: 'Tilbud',
    TENDER_RECEIPT: 'Tilbudskvittering',
    ORDER_CHANGE: 'Ordreendring',
    ORDER_CANCELLATION: 'Ordrekansellering',
    SELF_BILLING_CREDIT_NOTE: 'Selvfakturert kreditnota',
  },
  outbox: {
    state: {
      queued: 'I kø',
      held_duplicate: 'Holdt: allerede sendt',
      needs_user: 'Trenger deg',
      uploading: 'Lastes opp',
      uploaded: 'Lastet opp',
      moving: 'Flyttes til Sent',
      done: 'Sendt',
      failed: 'Mislyktes',
      vanished: 'Filen fjernet',
    },
  },
};
