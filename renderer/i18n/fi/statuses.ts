import type { CatalogShape } from '../catalog-type';
import type { statuses as en } from '../en/statuses';

// Suomi: palvelun lähettämien tilojen ja dokumenttityyppien nimet.
export const statuses: CatalogShape<typeof en> = {
  status: {
    PENDING: 'Odottaa',
    SENT: 'Lähetetty',
    DELIVERED: 'Toimitettu',
    FAILED: 'Epäonnistui',
    RESERVED: 'Varattu',
    PROCESSING: 'Käsittelyssä',
    CONFIRMED_DELIVERY: 'Toimitus vahvistettu',
    // A sent Finnish bank message's status.
    OK: 'Pankki hyväksyi',
    ERROR: 'Pankki hylkäsi',
  },
  documentType: {
    UNKNOWN: 'Tuntematon',
    INVOICE: 'Lasku',
    CREDIT_NOTE: 'Hyvityslasku',
    ORDER: 'Tilaus',
    ORDER_RESPONSE: 'Tilausvahvistus',
    CATALOGUE: 'Tuoteluettelo',
    CATALOGUE_RESPONSE: 'Tuoteluettelon vastaus',
    SELF_BILLING_INVOICE: 'Itselaskutuslasku',
    DESPATCH_ADVICE: 'Lähetysilmoitus',
    RECEIPT: 'Kuitti',
    VOUCHER: 'Tosite',
    BANK_FILE: 'Pankkitiedosto',
    REMINDER: 'Maksumuistutus',
    SCAN: 'Skannaus',
    INVOICE_RESPONSE: 'Laskun vastaus',
    MESSAGE_LEVEL_RESPONSE: 'Sanomatason vastaus',
    EXPRESSION_OF_INTEREST_REQUEST: 'Kiinnostuksenilmaisun pyyntö',
    EXPRESSION_OF_INTEREST_RESPONSE: 'Kiinnostuksenilmaisun vastaus',
    TENDER_STATUS_REQUEST: 'Tarjouksen tilakysely',
    CALL_FOR_TENDERS: 'Tarjouspyyntö',
    TENDER: 'Tarjous',
    TENDER_RECEIPT: 'Tarjouksen vastaanottokuittaus',
    ORDER_CHANGE: 'Tilauksen muutos',
    ORDER_CANCELLATION: 'Tilauksen peruutus',
    SELF_BILLING_CREDIT_NOTE: 'Itselaskutuksen hyvityslasku',
  },
  outbox: {
    state: {
      queued: 'Jonossa',
      held_duplicate: 'Pidätetty: jo lähetetty',
      needs_user: 'Tarvitsee sinua',
      uploading: 'Lähetetään',
      uploaded: 'Lähetetty palveluun',
      moving: 'Siirretään Sent-kansioon',
      done: 'Lähetetty',
      failed: 'Epäonnistui',
      vanished: 'Tiedosto poistettu',
    },
  },
};
